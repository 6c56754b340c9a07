// The presenter view's face for the room: what the audience reads on the TV or projector,
// and nothing anyone could press (a stray click there changes nothing). It is a second face
// of the same snapshot the console shows, told by the same observation of the meeting (one
// tick, no timer of its own), and its texts are sized from its monitor's height, as full
// screen sizes the console's from the window.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// The meeting as the room sees it: the ring and who speaks, the turn's time left, "Next:
/// NAME", where the turn stands, "Ends at … · behind" and the recording dot.
@MainActor final class PresentationFace {
  /// The themed panel filling the presentation window, edge to edge.
  let root = Box(vertical: true)
  /// What the panel holds, inside a margin sized from the monitor.
  private let content = Box(vertical: true, spacing: 12)
  let ring: MeetingRing
  /// "● Recording" or "● Captions", the whole time the microphone is on.
  let recordingIndicator: RecordingIndicator
  /// The live captions, two lines at the bottom.
  let captions: CaptionView
  /// "Ends at 9:45 · 1:05 behind".
  let pace = SpokenFigure(Label())
  /// The current turn's time left ("0:42"), or how far it is over ("0:12 over").
  let turnLeft = SpokenFigure(FigureLabel())
  /// "Speaker 2 of 3", "Item 1 of 2" or "Last Speaker".
  let positionLabel = Label()
  /// "Next: NAME" (empty on the last turn).
  let nextLabel = Label()
  private var paceText: PaceText
  private let session: MeetingSession
  private var observations: [ObservationToken] = []

  /// The face of `session`'s meeting of `scrum`; `listening` says what the microphone is on
  /// for, with the captions.
  init(
    scrum: DailyScrum, session: MeetingSession, listening: MeetingListening,
    now: @escaping () -> Date, twelveHour: Bool
  ) {
    paceText = PaceText(now: now, twelveHour: twelveHour)
    self.session = session
    ring = MeetingRing(theme: scrum.theme)
    root.addCSSClass("meeting-panel")
    root.addCSSClass(ThemeStyle.cssClass(scrum.theme))
    root.addCSSClass("presentation")
    root.expand(horizontally: true, vertically: true)
    content.expand(horizontally: true, vertically: true)
    root.append(content)

    recordingIndicator = RecordingIndicator(listening.microphone)
    captions = CaptionView(board: listening.captions, shown: listening.captionsShown, lines: 2)
    pace.label.addCSSClass("meeting-dimmable")
    pace.label.setHorizontalAlignment(1)
    pace.root.expand(horizontally: true)
    let top = Box(vertical: false, spacing: 12)
    top.append(recordingIndicator.root)
    top.append(pace.root)

    turnLeft.label.addCSSClass("meeting-number")
    turnLeft.label.addCSSClass("meeting-dimmable")
    turnLeft.label.setHorizontalAlignment(0.5)
    for label in [positionLabel, nextLabel] {
      label.setHorizontalAlignment(0.5)
      label.setEllipsizes()
      label.addCSSClass("meeting-dimmable")
    }
    positionLabel.addCSSClass("heading")
    content.append(top)
    content.append(ring.root)
    content.append(turnLeft.root)
    content.append(positionLabel)
    content.append(nextLabel)
    content.append(captions.root)

    observations.append(session.numbers.observe { [weak self] snapshot in self?.show(snapshot) })
    show(session.numbers.value)
  }

  /// Sizes the texts for a monitor `height` pixels tall, to be read from across a room (the
  /// ring sizes its own from its size).
  func fit(height: Int) {
    let h = Double(height)
    content.setMargins(max(12, Int(h * 0.03)))
    turnLeft.label.setPixelSize(max(24, Int(h * 0.09)))
    positionLabel.setPixelSize(max(16, Int(h * 0.04)))
    nextLabel.setPixelSize(max(14, Int(h * 0.035)))
    pace.label.setPixelSize(max(12, Int(h * 0.03)))
    captions.setPixelSize(max(16, Int(h * 0.045)))
  }

  private func show(_ snapshot: MeetingTimer.Snapshot) {
    let schedule = session.timer.schedule
    let turn = schedule.turns[snapshot.turnIndex]
    let name = Texts.shown(turn.name)
    if snapshot.overrunSeconds > 0 {
      turnLeft.showOver(seconds: snapshot.overrunSeconds)
    } else {
      let left = schedule.secondsLeftInTurn(at: snapshot)
      turnLeft.show(
        Texts.minutesAndSeconds(left), spoken: tr("%@ left for %@", Texts.duration(seconds: left), name),
        summary: name + " \(left / 60)")
    }
    ThemeStyle.mark(turnLeft.label, warning: snapshot.turnLevel)
    let words = paceText.words(for: snapshot)
    pace.show(words.shown, spoken: words.spoken, summary: words.summary)
    let position = schedule.position(of: snapshot.turnIndex)
    if positionLabel.text != position { positionLabel.text = position }
    let nextText = schedule.nextText(after: snapshot.turnIndex)
    if nextLabel.text != nextText {
      nextLabel.text = nextText
      nextLabel.isVisible = !nextText.isEmpty
    }
    let paused = snapshot.phase == .paused
    if paused != root.hasCSSClass("paused") {
      paused ? root.addCSSClass("paused") : root.removeCSSClass("paused")
      ring.showPaused(paused)
    }
    ring.show(snapshot, schedule: schedule)
  }
}
