// The page shared on screen while a team talks: a themed panel with the progress header,
// the speaker ring and the footer. It only displays its session (the timer's numbers and the
// end question, EndQuestionDialog); what the buttons do is the coordinator's business. It is
// read from across a room, so its texts are sized from the window (`fit`), full screen hides
// the header bar until the pointer reaches the top edge, and a pause dims the panel and says
// "Paused" without moving any control. Beside a video call it folds into a compact strip
// (CompactStrip) showing the same snapshot.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// The running meeting's page.
@MainActor final class MeetingPage {
  let root = Box(vertical: true)
  let header: HeaderBar
  /// Slides the header bar away in full screen.
  let headerRevealer: Revealer
  /// The themed panel under the header.
  let panel = Box(vertical: true, spacing: 18)
  private let captions = [Label(tr("Elapsed")), Label(tr("Remaining"))]
  /// The footer: who speaks and Next speaker, side by side (one above the other when narrow).
  private let footerBox = Box(vertical: false, spacing: 12)
  /// Whether the window is too narrow for the header's title and End Meeting's label.
  private var isNarrow = false
  /// Whether the window is full screen (the header bar then shows only when asked for).
  private(set) var isFullscreen = false
  let endButton = Button(label: tr("End Meeting"), accessibleName: tr("End Meeting"))
  /// An icon button, so Pause and Resume are the same width (nothing moves on a pause).
  let pauseButton = Button(iconName: "media-playback-pause-symbolic", accessibleName: tr("Pause"))
  let muteButton = Button(iconName: "audio-volume-high-symbolic", accessibleName: tr("Mute ding"))
  /// What is noted during the meeting, under the footer.
  let notes: NotesPanel
  /// "● Recording" or "● Captions", above the numbers, the whole time the microphone is on.
  let recordingIndicator: RecordingIndicator
  /// The live captions, two lines under the ring.
  let captionView: CaptionView
  /// The header menu's "Present on …" items (or "Stop Presenting"), which follow the monitors.
  let presentItems = MenuSection()
  let menuButton: MenuButton
  /// "Up next", shown while the meeting is presented on another monitor.
  let upNext: UpNextList
  /// Folds the page into the compact strip (and back): in the header, or in the footer when
  /// the window is narrow (the header has no room left).
  let compactButton = MeetingPage.compactToggle()
  let footerCompactButton = MeetingPage.compactToggle()
  /// The strip shown instead of the page in compact view.
  let compact: CompactStrip
  /// Whether the compact strip is on show (only the part on show is kept up to date).
  private(set) var isCompact = false
  /// The numbers shown last, shown again by the other part when the view changes.
  private var lastSnapshot: MeetingTimer.Snapshot?
  let progress = ProgressBar()
  /// "Ends at 9:45 · 1:05 behind": when the meeting will end at its pace, and how far off
  /// its plan that is.
  let pace = SpokenFigure(Label())
  /// The running time and the time left, read by screen readers in words (SpokenFigure).
  let elapsed: SpokenFigure<FigureLabel>
  let remaining: SpokenFigure<FigureLabel>
  let ring: MeetingRing
  /// The meeting's toasts ("The ding cannot be played"): over the ring, just above the footer,
  /// so they never cover a control (the window's own show over the footer's buttons).
  let toasts: ToastOverlay
  let speakerLabel = Label()
  /// "Next: NAME" (empty on the last speaker).
  let nextLabel = Label()
  /// "10 seconds left for NAME" while a turn is in its warning time, "NAME is over by 0:12"
  /// past it: an alert in the tree (GTK 4.8 does not have it spoken as it appears; the
  /// ScreenReaderAnnouncer says each stage).
  let warning = SpokenFigure(Label(), alert: true)
  /// Each warning stage's lead in seconds, longest first.
  private let warningLeads: [Int]
  /// Minutes before its end the meeting is warned (0: never).
  private let meetingWarningMinutes: Int
  /// Whether the meeting's warning was on show at the last update.
  private var showedMeetingWarning = false
  /// The meeting's turns as they stand (added minutes change them).
  private var schedule: SpeakerSchedule { session.timer.schedule }
  private let session: MeetingSession
  /// "End meeting?" while the session asks it.
  let endQuestion: EndQuestionDialog
  let nextButton = Button(iconName: "media-skip-forward-symbolic", label: tr("Next speaker"))
  let previousButton = Button(iconName: "media-skip-backward-symbolic", accessibleName: tr("Previous speaker"))
  /// "+1 min", named "Add a minute for NAME".
  let addMinuteButton = Button(label: tr("+1 min"), accessibleName: tr("Add a minute"))
  /// "Ends at 9:45 · 1:05 behind".
  private var paceText: PaceText
  private var observation: ObservationToken?

  /// The page for `session`, a meeting of `scrum`, in `window` (its questions are asked over
  /// it); `listening` says what the microphone is on for, with the captions; `now` reads the
  /// wall clock and `twelveHour` says how to write its times.
  init(
    scrum: DailyScrum, session: MeetingSession, window: Widget, listening: MeetingListening,
    now: @escaping () -> Date, twelveHour: Bool
  ) {
    self.session = session
    endQuestion = EndQuestionDialog(session: session, over: window)
    paceText = PaceText(now: now, twelveHour: twelveHour)
    recordingIndicator = RecordingIndicator(listening.microphone)
    captionView = CaptionView(board: listening.captions, shown: listening.captionsShown, lines: 2)
    menuButton = MainMenu.button(changing: presentItems)
    upNext = UpNextList(now: now, twelveHour: twelveHour)
    notes = NotesPanel(session: session)
    warningLeads = scrum.warningStages.map(\.lead.seconds)
    meetingWarningMinutes = scrum.meetingWarningMinutes
    header = HeaderBar(title: Texts.shown(scrum.title))
    header.packStart(endButton)
    header.packEnd(menuButton)
    header.packEnd(pauseButton)
    header.packEnd(muteButton)
    header.packEnd(compactButton)
    header.packEnd(notes.button)
    headerRevealer = Revealer(header)
    endButton.setAction(Command.meeting(.endMeeting).detailedName)
    pauseButton.setAction(Command.meeting(.pause).detailedName)
    muteButton.setAction(Command.meeting(.mute).detailedName)
    nextButton.setAction(Command.meeting(.nextSpeaker).detailedName)
    footerCompactButton.isVisible = false
    previousButton.setAction(Command.meeting(.previousSpeaker).detailedName)
    previousButton.tooltip = tr("Previous speaker")
    addMinuteButton.setAction(Command.meeting(.addMinute).detailedName)
    elapsed = SpokenFigure(FigureLabel(), caption: captions[0])
    remaining = SpokenFigure(FigureLabel(), caption: captions[1])
    ring = MeetingRing(theme: scrum.theme)
    toasts = ToastOverlay(ring.root)
    toasts.expand(vertically: true)
    compact = CompactStrip(theme: scrum.theme, listening: listening)
    compact.root.isVisible = false

    panel.addCSSClass("meeting-panel")
    panel.addCSSClass(ThemeStyle.cssClass(scrum.theme))
    panel.setMargins(12)
    panel.expand(vertically: true)
    recordingIndicator.root.align(horizontal: .center)
    panel.append(recordingIndicator.root)
    panel.append(timeHeader())
    panel.append(toasts)
    panel.append(captionView.root)
    panel.append(footer())
    panel.append(upNext.root)
    panel.append(notes.revealer)
    root.append(headerRevealer)
    root.append(panel)
    root.append(compact.root)
    // In full screen, the header bar comes back when the pointer reaches the top edge and
    // goes again once it moves down into the panel.
    root.onPointerMotion { [weak self] _, y in
      guard let self, self.isFullscreen else { return }
      if y < 6 { self.headerRevealer.isRevealed = true } else if y > 80 { self.headerRevealer.isRevealed = false }
    }

    observation = session.numbers.observe { [weak self] snapshot in self?.show(snapshot) }
    show(session.numbers.value)
  }

  private func timeHeader() -> Box {
    progress.setAccessibleLabel(tr("Time remaining"))
    progress.addCSSClass("meeting-dimmable")
    let numbers = Box(vertical: false)
    numbers.addCSSClass("meeting-dimmable")
    counter(elapsed, caption: captions[0], alignment: 0)
    // Between the two numbers, so it takes no height from the ring.
    pace.label.addCSSClass("meeting-dimmable")
    pace.label.limitLines(2)
    pace.root.expand(horizontally: true)
    pace.root.align(vertical: .end)
    counter(remaining, caption: captions[1], alignment: 1)
    numbers.append(elapsed.root)
    numbers.append(pace.root)
    numbers.append(remaining.root)
    let box = Box(vertical: true, spacing: 8)
    box.append(progress)
    box.append(numbers)
    return box
  }

  /// Styles a number and its caption above it (read as one: the number's words include it).
  private func counter(_ figure: SpokenFigure<FigureLabel>, caption: Label, alignment: Float) {
    caption.addCSSClass("caption")
    caption.setHorizontalAlignment(alignment)
    figure.label.addCSSClass("meeting-number")
    figure.label.setHorizontalAlignment(alignment)
    figure.root.expand(horizontally: true)
  }

  private func footer() -> Box {
    speakerLabel.setHorizontalAlignment(0)
    speakerLabel.setEllipsizes()
    speakerLabel.addCSSClass("heading")
    nextLabel.setHorizontalAlignment(0)
    nextLabel.setEllipsizes()
    warning.label.setHorizontalAlignment(0)
    ThemeStyle.mark(warning.label, warning: .final)
    warning.label.addCSSClass("heading")
    warning.root.isVisible = false
    let texts = Box(vertical: true, spacing: 2)
    texts.expand(horizontally: true)
    texts.append(warning.root)
    texts.append(speakerLabel)
    texts.append(nextLabel)
    let buttons = Box(vertical: false, spacing: 6)
    buttons.align(horizontal: .end, vertical: .center)
    buttons.append(previousButton)
    buttons.append(addMinuteButton)
    buttons.append(footerCompactButton)
    buttons.append(nextButton)
    footerBox.append(texts)
    footerBox.append(buttons)
    return footerBox
  }

  /// The Compact View toggle (in the header, and in the strip to go back): how GNOME keeps
  /// the strip above the call is in its tooltip.
  static func compactToggle() -> ToggleButton {
    let toggle = ToggleButton(child: Image(iconName: "view-restore-symbolic"), accessibleName: tr("Compact View"))
    toggle.setAction(Command.meeting(.compactView).detailedName)
    toggle.tooltip = tr(
      "Compact View (C). To keep it above the call, open the window menu (Alt+Space) and choose Always on Top")
    return toggle
  }

  /// Shows "Up next" while the meeting is presented on another monitor (this window is then
  /// the presenter's console), and hides it again.
  func showPresenting(_ on: Bool) {
    guard on != upNext.root.isVisible else { return }
    upNext.root.isVisible = on
    if let lastSnapshot { show(lastSnapshot) }
  }

  /// Shows the compact strip instead of the page, or the page again.
  func showCompact(_ on: Bool) {
    isCompact = on
    headerRevealer.isVisible = !on
    panel.isVisible = !on
    compact.root.isVisible = on
    for toggle in [compactButton, footerCompactButton, compact.compactButton] { toggle.isActive = on }
    if let lastSnapshot { show(lastSnapshot) }
  }

  private func show(_ snapshot: MeetingTimer.Snapshot) {
    lastSnapshot = snapshot
    let schedule = schedule
    if isCompact { return compact.show(snapshot, schedule: schedule) }
    progress.fraction = snapshot.fraction
    let minutesLeft = (snapshot.secondsRemaining + 59) / 60
    progress.setAccessibleValueText(Texts.minutes(minutesLeft))
    // Real running time, as the end question and the history say (skips do not add to it).
    elapsed.show(
      Texts.minutesAndSeconds(snapshot.secondsRunning),
      spoken: tr("Elapsed: %@", Texts.duration(seconds: snapshot.secondsRunning)),
      summary: "\(snapshot.secondsRunning / 60)")
    if snapshot.meetingOverSeconds > 0 {
      remaining.showOver(seconds: snapshot.meetingOverSeconds)
    } else {
      remaining.show(
        Texts.minutesAndSeconds(snapshot.secondsRemaining),
        spoken: tr("Remaining: %@", Texts.duration(seconds: snapshot.secondsRemaining)),
        summary: "\(snapshot.secondsRemaining / 60)")
    }
    showPace(snapshot)
    speakerLabel.text = schedule.position(of: snapshot.turnIndex)
    nextLabel.text = schedule.nextText(after: snapshot.turnIndex)
    nextLabel.isVisible = !nextLabel.text.isEmpty
    let turn = schedule.turns[snapshot.turnIndex]
    let name = Texts.shown(turn.name)
    addMinuteButton.setAccessibleLabel(tr("Add a minute for %@", name))
    addMinuteButton.tooltip = tr("Add a minute for %@", name)
    if snapshot.overrunSeconds > 0 {
      let over = snapshot.overrunSeconds
      warning.show(
        tr("%@ is over by %@", name, Texts.minutesAndSeconds(over)),
        spoken: tr("%@ is over by %@", name, Texts.duration(seconds: over)), summary: name + "\(over / 60)")
    } else {
      let lead = snapshot.warningStage.map { warningLeads[$0] }
      let text = lead.map { tr("%@ left for %@", Texts.duration(seconds: $0), name) } ?? ""
      warning.show(text, spoken: text, summary: text)
    }
    ThemeStyle.mark(warning.label, warning: snapshot.turnLevel ?? .final)
    warning.root.isVisible = !warning.label.text.isEmpty
    // The meeting's warning comes once, as a toast over the ring (where it covers no control).
    if snapshot.isMeetingWarning, !showedMeetingWarning {
      toasts.show(trn("%d minute left in the meeting", "%d minutes left in the meeting", meetingWarningMinutes))
    }
    showedMeetingWarning = snapshot.isMeetingWarning
    let paused = snapshot.phase == .paused
    if paused != panel.hasCSSClass("paused") {  // not every second: only when it changes
      paused ? panel.addCSSClass("paused") : panel.removeCSSClass("paused")
      ring.showPaused(paused)
      pauseButton.setIconName(paused ? "media-playback-start-symbolic" : "media-playback-pause-symbolic")
      pauseButton.setAccessibleLabel(paused ? tr("Resume") : tr("Pause"))
      pauseButton.tooltip = paused ? tr("Resume") : tr("Pause")
    }
    ring.show(snapshot, schedule: schedule)
    if upNext.root.isVisible { upNext.show(snapshot, schedule: schedule) }
  }

  /// "Ends at 9:45", and "· 1:05 behind" once the meeting is 15 s or more off its plan.
  private func showPace(_ snapshot: MeetingTimer.Snapshot) {
    let words = paceText.words(for: snapshot)
    pace.show(words.shown, spoken: words.spoken, summary: words.summary)
  }

  /// Sizes the numbers and the footer for a window of `width` × `height`, so they read from
  /// across a room on a big screen and still fit a small window (the ring sizes its own
  /// texts); a narrow window drops the header's title (the window keeps it) for the buttons.
  func fit(width: Int, height: Int) {
    // Called at every layout of the window: change only what differs, or GTK lays out again.
    let narrow = width < 560
    if narrow != isNarrow {
      isNarrow = narrow
      header.showsTitle = !narrow
      if narrow { endButton.setIconName("media-playback-stop-symbolic") } else { endButton.label = tr("End Meeting") }
      endButton.tooltip = narrow ? tr("End Meeting") : nil
      notes.showIconOnly(narrow)
      nextButton.show(iconName: "media-skip-forward-symbolic", label: narrow ? nil : tr("Next speaker"))
      if narrow { nextButton.setAccessibleLabel(tr("Next speaker")) } else { nextButton.clearAccessibleLabel() }
      nextButton.tooltip = narrow ? tr("Next speaker") : nil
      compactButton.isVisible = !narrow
      footerCompactButton.isVisible = narrow
      footerBox.isVertical = narrow
    }
    let h = Double(height)
    func pixels(_ share: Double, _ smallest: Int) -> Int { max(smallest, Int(h * share)) }
    for number in [elapsed.label, remaining.label] { number.setPixelSize(pixels(0.05, 18)) }
    for caption in captions { caption.setPixelSize(pixels(0.02, 11)) }
    for line in [speakerLabel, warning.label] { line.setPixelSize(pixels(0.034, 15)) }
    pace.label.setPixelSize(pixels(0.022, 12))
    nextLabel.setPixelSize(pixels(0.026, 13))
    captionView.setPixelSize(pixels(0.045, 16))
  }

  /// Hides the header bar in full screen (the pointer at the top edge brings it back) and
  /// shows it otherwise.
  func showFullscreen(_ fullscreen: Bool) {
    isFullscreen = fullscreen
    headerRevealer.isRevealed = !fullscreen
  }

  /// Shows whether the ding is muted.
  func showMuted(_ muted: Bool) {
    muteButton.setIconName(muted ? "audio-volume-muted-symbolic" : "audio-volume-high-symbolic")
    muteButton.setAccessibleLabel(muted ? tr("Unmute ding") : tr("Mute ding"))
    muteButton.tooltip = muted ? tr("Unmute ding") : tr("Mute ding")
  }
}
