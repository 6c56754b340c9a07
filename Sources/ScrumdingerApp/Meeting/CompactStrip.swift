// The meeting as a strip that sits beside a video call: at most 320×120 px, it keeps only
// what a speaker glances at (whose turn, how long is left in it, who is next), the two
// buttons a host presses, and, as in every view of a recorded meeting, a red dot while it
// is recorded, on the scrum's colours. It is a window handle, as the header bar it
// replaces is, so the strip itself moves the window. Like the full page it only displays the
// snapshot it is given.
import GtkShim
import ScrumdingerCore

/// The compact view of the meeting page.
@MainActor final class CompactStrip {
  let root: WindowHandle
  /// A small ring: how far the current turn has gone.
  let ring = DrawingArea()
  let nameLabel = Label()
  /// A red dot, named "Recording" (or "Captions") for screen readers, while the microphone is on.
  let recordingDot = Label("●")
  private var recordingObservation: ObservationToken?
  /// The newest line of the live captions, under the strip's texts.
  let captions: CaptionView
  /// The time left in the turn (m:ss), or the overrun ("0:12 over"), read by screen readers in
  /// words.
  let time = SpokenFigure(Label())
  /// "Next: NAME" (empty on the last turn).
  let nextLabel = Label()
  let pauseButton = Button(iconName: "media-playback-pause-symbolic", accessibleName: tr("Pause"))
  let nextButton = Button(iconName: "media-skip-forward-symbolic", accessibleName: tr("Next speaker"))
  /// Back to the full page (the same toggle as the header's).
  let compactButton: ToggleButton
  private var turnFraction = 0.0
  /// The warning stage the turn's arc is coloured for (nil: none).
  private var warningLevel: WarningLevel?
  private var isPaused = false
  private let theme: Theme

  /// A strip on `theme`'s colours, with the dot while `listening` says the microphone is on,
  /// and its captions' newest line.
  init(theme: Theme, listening: MeetingListening) {
    self.theme = theme
    captions = CaptionView(board: listening.captions, shown: listening.captionsShown, lines: 1)
    compactButton = MeetingPage.compactToggle()
    compactButton.isActive = true
    let box = Box(vertical: false, spacing: 8)
    root = WindowHandle(box)
    root.expand(horizontally: true, vertically: true)
    box.addCSSClass("compact-strip")
    box.addCSSClass(ThemeStyle.cssClass(theme))
    box.expand(horizontally: true, vertically: true)
    ring.setSizeRequest(width: 40, height: 40)
    ring.onDraw { [weak self] canvas, width, height in self?.draw(&canvas, width: width, height: height) }
    nameLabel.addCSSClass("compact-name")
    time.label.addCSSClass("compact-time")
    // One line each: the name, the time left, who is next.
    let texts = Box(vertical: true)
    texts.align(vertical: .center)
    texts.expand(horizontally: true)
    for label in [nameLabel, time.label, nextLabel] {
      label.setHorizontalAlignment(0)
      label.setEllipsizes()
    }
    texts.append(nameLabel)
    texts.append(time.root)
    texts.append(nextLabel)
    texts.append(captions.root)
    // On the ring's corner: the strip's width stays the speaker's name's.
    recordingDot.addCSSClass("recording-dot")
    recordingDot.align(horizontal: .start, vertical: .start)
    let showDot = { [recordingDot] (use: MicrophoneUse) in
      recordingDot.isVisible = use != .off
      recordingDot.setAccessibleLabel(use.label ?? "")
      recordingDot.tooltip = use.label
    }
    showDot(listening.microphone.value)
    recordingObservation = listening.microphone.observe(showDot)
    let ringAndDot = Overlay(ring)
    ringAndDot.addOverlay(recordingDot)
    ringAndDot.align(vertical: .center)
    box.append(ringAndDot)
    box.append(texts)
    pauseButton.setAction(Command.meeting(.pause).detailedName)
    nextButton.setAction(Command.meeting(.nextSpeaker).detailedName)
    nextButton.tooltip = tr("Next speaker")
    for button: Widget in [pauseButton, nextButton, compactButton] {
      button.addCSSClass("flat")
      button.align(vertical: .center)
      box.append(button)
    }
  }

  /// Shows `snapshot` of a meeting running through `schedule`.
  func show(_ snapshot: MeetingTimer.Snapshot, schedule: SpeakerSchedule) {
    let turn = schedule.turns[snapshot.turnIndex]
    nameLabel.text = Texts.shown(turn.name)
    // Read in words; listeners told once a minute (SpokenFigure).
    if snapshot.overrunSeconds > 0 {
      time.showOver(seconds: snapshot.overrunSeconds)
    } else {
      let left = schedule.secondsLeftInTurn(at: snapshot)
      time.show(
        Texts.minutesAndSeconds(left), spoken: tr("%@ left in the turn", Texts.duration(seconds: left)),
        summary: "\(left / 60)")
    }
    nextLabel.text = schedule.nextText(after: snapshot.turnIndex)
    let paused = snapshot.phase == .paused
    if paused != isPaused {  // not every second: only when it changes
      isPaused = paused
      pauseButton.setIconName(paused ? "media-playback-start-symbolic" : "media-playback-pause-symbolic")
      pauseButton.setAccessibleLabel(paused ? tr("Resume") : tr("Pause"))
      pauseButton.tooltip = paused ? tr("Resume") : tr("Pause")
    }
    turnFraction = snapshot.turnFraction
    warningLevel = snapshot.turnLevel
    ring.setAccessibleLabel(tr("%@ is speaking", nameLabel.text))
    ring.queueDraw()
  }

  private func draw(_ canvas: inout Canvas, width: Double, height: Double) {
    let radius = min(width, height) / 2 - 5
    guard radius > 0 else { return }
    let accent = canvas.foreground
    canvas.strokeArc(
      x: width / 2, y: height / 2, radius: radius, from: 0, to: 360, width: 6,
      red: accent.red, green: accent.green, blue: accent.blue, alpha: 0.3)
    guard turnFraction > 0 else { return }
    let colour = warningLevel.map(theme.warningColor) ?? theme.accentColor
    canvas.strokeArc(
      x: width / 2, y: height / 2, radius: radius, from: 0, to: 360 * turnFraction, width: 6,
      red: Double(colour.red) / 255, green: Double(colour.green) / 255, blue: Double(colour.blue) / 255, roundCaps: true
    )
  }
}
