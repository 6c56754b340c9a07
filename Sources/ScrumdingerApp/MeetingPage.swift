// The page shared on screen while a team talks: a themed panel with the progress header,
// the speaker ring and the footer. It only displays AppState.meeting; what the buttons do
// is the coordinator's business.
import GtkShim
import ScrumdingerCore

/// The running meeting's page.
@MainActor final class MeetingPage {
  let root = Box(vertical: true)
  let header: HeaderBar
  let endButton = Button(label: tr("End Meeting"))
  let pauseButton = Button(label: tr("Pause"))
  let muteButton = Button(iconName: "audio-volume-high-symbolic", accessibleName: tr("Mute ding"))
  let menuButton = MainMenu.button()
  let progress = ProgressBar()
  let elapsedLabel = Label()
  let remainingLabel = Label()
  let ring: MeetingRing
  let speakerLabel = Label()
  /// "Next: NAME" (empty on the last speaker).
  let nextLabel = Label()
  /// "10 seconds left for NAME" while a turn is in its warning time: an alert, so screen
  /// readers announce it once when it appears.
  let warningLabel = Label.alert()
  private let warningSeconds: Int
  private let schedule: SpeakerSchedule
  let nextButton = Button(iconName: "media-skip-forward-symbolic", label: tr("Next speaker"))
  private let speakerCount: Int
  private var observation: ObservationToken?
  /// How many times the page has shown new numbers (for tests).
  private(set) var updateCount = 0

  /// The page for a meeting of `scrum` run on `schedule`.
  init(scrum: DailyScrum, schedule: SpeakerSchedule, state: AppState) {
    self.schedule = schedule
    warningSeconds = scrum.turnWarning.seconds
    speakerCount = schedule.turns.count
    header = HeaderBar(title: Texts.shown(scrum.title))
    header.packStart(endButton)
    header.packEnd(menuButton)
    header.packEnd(pauseButton)
    header.packEnd(muteButton)
    endButton.setAction(Command.endMeeting.rawValue)
    pauseButton.setAction(Command.pause.rawValue)
    muteButton.setAction(Command.mute.rawValue)
    nextButton.setAction(Command.nextSpeaker.rawValue)
    ring = MeetingRing(schedule: schedule, theme: scrum.theme)

    let panel = Box(vertical: true, spacing: 18)
    panel.addCSSClass("meeting-panel")
    panel.addCSSClass(ThemeStyle.cssClass(scrum.theme))
    panel.setMargins(12)
    panel.expand(vertically: true)
    panel.append(timeHeader())
    panel.append(ring.root)
    panel.append(footer())
    root.append(header)
    root.append(panel)

    observation = state.meeting.observe { [weak self] meeting in
      guard let meeting, meeting.scrumID == scrum.id else { return }
      self?.show(meeting.snapshot)
    }
    if let meeting = state.meeting.value { show(meeting.snapshot) }
  }

  private func timeHeader() -> Box {
    progress.setAccessibleLabel(tr("Time remaining"))
    let numbers = Box(vertical: false)
    let elapsed = counter(caption: tr("Elapsed"), value: elapsedLabel, alignment: 0)
    elapsed.expand(horizontally: true)
    numbers.append(elapsed)
    numbers.append(counter(caption: tr("Remaining"), value: remainingLabel, alignment: 1))
    let box = Box(vertical: true, spacing: 8)
    box.append(progress)
    box.append(numbers)
    return box
  }

  private func counter(caption: String, value: Label, alignment: Float) -> Box {
    let captionLabel = Label(caption)
    captionLabel.addCSSClass("caption")
    captionLabel.setHorizontalAlignment(alignment)
    captionLabel.hideFromAccessibility()  // the number's own name includes the caption
    value.addCSSClass("meeting-number")
    value.setHorizontalAlignment(alignment)
    let box = Box(vertical: true)
    box.append(captionLabel)
    box.append(value)
    return box
  }

  private func footer() -> Box {
    speakerLabel.setHorizontalAlignment(0)
    speakerLabel.addCSSClass("heading")
    nextLabel.setHorizontalAlignment(0)
    nextLabel.setEllipsizes()
    warningLabel.setHorizontalAlignment(0)
    warningLabel.addCSSClass("meeting-warning")
    warningLabel.addCSSClass("heading")
    warningLabel.isVisible = false
    let texts = Box(vertical: true, spacing: 2)
    texts.expand(horizontally: true)
    texts.append(warningLabel)
    texts.append(speakerLabel)
    texts.append(nextLabel)
    let box = Box(vertical: false, spacing: 12)
    box.append(texts)
    box.append(nextButton)
    return box
  }

  private func show(_ snapshot: MeetingTimer.Snapshot) {
    updateCount += 1
    progress.fraction = snapshot.fraction
    let minutesLeft = (snapshot.secondsRemaining + 59) / 60
    progress.setAccessibleValueText(Texts.minutes(minutesLeft))
    elapsedLabel.text = Texts.clock(seconds: snapshot.secondsElapsed)
    elapsedLabel.setAccessibleLabel(tr("Elapsed: %@", Texts.duration(seconds: snapshot.secondsElapsed)))
    if snapshot.meetingOverSeconds > 0 {
      let over = tr("%@ over", Texts.minutesAndSeconds(snapshot.meetingOverSeconds))
      remainingLabel.text = over
      remainingLabel.setAccessibleLabel(over)
    } else {
      remainingLabel.text = Texts.clock(seconds: snapshot.secondsRemaining)
      remainingLabel.setAccessibleLabel(tr("Remaining: %@", Texts.duration(seconds: snapshot.secondsRemaining)))
    }
    speakerLabel.text = snapshot.isLastSpeaker
      ? tr("Last Speaker") : tr("Speaker %d of %d", snapshot.turnIndex + 1, speakerCount)
    let next = snapshot.turnIndex + 1
    nextLabel.text = next < schedule.turns.count ? tr("Next: %@", Texts.shown(schedule.turns[next].name)) : ""
    nextLabel.isVisible = !nextLabel.text.isEmpty
    let name = Texts.shown(schedule.turns[snapshot.turnIndex].name)
    let warning =
      if snapshot.overrunSeconds > 0 {
        tr("%@ is over by %@", name, Texts.minutesAndSeconds(snapshot.overrunSeconds))
      } else if snapshot.isWarning {
        tr("%@ left for %@", Texts.duration(seconds: warningSeconds), name)
      } else {
        ""
      }
    warningLabel.text = warning
    warningLabel.setAccessibleLabel(warning)
    warningLabel.isVisible = !warning.isEmpty
    pauseButton.label = snapshot.phase == .paused ? tr("Resume") : tr("Pause")
    ring.show(snapshot)
  }

  /// Shows whether the ding is muted.
  func showMuted(_ muted: Bool) {
    muteButton.setIconName(muted ? "audio-volume-muted-symbolic" : "audio-volume-high-symbolic")
    muteButton.setAccessibleLabel(muted ? tr("Unmute ding") : tr("Mute ding"))
    muteButton.tooltip = muted ? tr("Unmute ding") : tr("Mute ding")
  }
}
