import GtkShim
import ScrumdingerCore

/// The ring of speaker arcs with the current speaker's name in the middle. It redraws only
/// when given a new snapshot (once a second) or when GTK resizes it.
@MainActor final class MeetingRing {
  let root: Overlay
  let area = DrawingArea()
  let nameLabel = Label()
  let speakingLabel = Label(tr("is speaking"))
  private let schedule: SpeakerSchedule
  private let theme: Theme
  private var arcs: [SpeakerArc] = []
  /// The current turn's span while it is in its warning time, drawn outside the ring.
  private var warningArc: SpeakerArc?
  /// The current speaker's overrun, past the end of their turn, drawn outside the ring.
  private var overrunArc: SpeakerArc?

  init(schedule: SpeakerSchedule, theme: Theme) {
    self.schedule = schedule
    self.theme = theme
    area.setSizeRequest(width: 220, height: 220)
    area.expand(horizontally: true, vertically: true)
    nameLabel.addCSSClass("meeting-speaker")
    nameLabel.setEllipsizes()
    let centre = Box(vertical: true, spacing: 2)
    centre.append(nameLabel)
    centre.append(speakingLabel)
    centre.align(horizontal: .center, vertical: .center)
    centre.setSizeRequest(width: 150)
    // The drawing area's name says it all; the labels would only repeat it.
    centre.hideFromAccessibility()
    root = Overlay(area)
    root.addOverlay(centre)
    area.onDraw { [weak self] canvas, width, height in self?.draw(&canvas, width: width, height: height) }
  }

  /// Shows `snapshot`: the speaker's name, and the arcs up to now.
  func show(_ snapshot: MeetingTimer.Snapshot) {
    let name = Texts.shown(schedule.turns[snapshot.turnIndex].name)
    if nameLabel.text != name {
      nameLabel.text = name
      area.setAccessibleLabel(tr("%@ is speaking", name))
    }
    arcs = SpeakerArcs.arcs(schedule: schedule, snapshot: snapshot)
    warningArc = snapshot.isWarning ? SpeakerArcs.turnSpan(schedule: schedule, turn: snapshot.turnIndex) : nil
    overrunArc = SpeakerArcs.overrun(schedule: schedule, turn: snapshot.turnIndex, seconds: snapshot.overrunSeconds)
    let marked = snapshot.isWarning || snapshot.overrunSeconds > 0  // about to end, or over
    if marked != nameLabel.hasCSSClass("meeting-warning") {
      marked ? nameLabel.addCSSClass("meeting-warning") : nameLabel.removeCSSClass("meeting-warning")
    }
    area.queueDraw()
  }

  /// Whether the current turn is drawn as about to end.
  var showsWarning: Bool { warningArc != nil }
  /// Whether the current speaker's overrun is drawn.
  var showsOverrun: Bool { overrunArc != nil }

  private func draw(_ canvas: inout Canvas, width: Double, height: Double) {
    let trackWidth = 24.0
    let warningWidth = 6.0
    let radius = (min(width, height) - trackWidth) / 2 - 4 - warningWidth * 2
    guard radius > 0 else { return }
    let (x, y) = (width / 2, height / 2)
    let accent = canvas.foreground
    canvas.strokeArc(x: x, y: y, radius: radius, from: 0, to: 360, width: trackWidth,
                     red: accent.red, green: accent.green, blue: accent.blue, alpha: accent.alpha)
    let main = theme.mainColor
    for arc in arcs {
      canvas.strokeArc(
        x: x, y: y, radius: radius, from: arc.startDegrees, to: arc.endDegrees, width: trackWidth / 2,
        red: Double(main.red) / 255, green: Double(main.green) / 255, blue: Double(main.blue) / 255,
        roundCaps: true)
    }
    // Outside the track, on the panel's own colour, where the warning colour stands out.
    if let warningArc {
      let warn = theme.warningColor
      canvas.strokeArc(
        x: x, y: y, radius: radius + trackWidth / 2 + warningWidth, from: warningArc.startDegrees,
        to: warningArc.endDegrees, width: warningWidth,
        red: Double(warn.red) / 255, green: Double(warn.green) / 255, blue: Double(warn.blue) / 255, roundCaps: true)
    }
    // The overrun: a wider band in the same colour, going on past the end of the turn.
    if let overrunArc {
      let warn = theme.warningColor
      canvas.strokeArc(
        x: x, y: y, radius: radius + trackWidth / 2 + warningWidth, from: overrunArc.startDegrees,
        to: overrunArc.endDegrees, width: warningWidth * 2,
        red: Double(warn.red) / 255, green: Double(warn.green) / 255, blue: Double(warn.blue) / 255, roundCaps: true)
    }
  }
}
