// The ring is drawn by Cairo into render nodes kept between frames (NodeArea, ArcNodes): the
// track with the finished turns is one node, made again only when a turn ends; the current
// turn's arc and an overrun grow in kept spans with a small new tip each second; so GTK
// repaints the tip's box each second, not the whole ring. The texts in its middle are GTK
// labels laid over it, sized from the ring's own size, never from their own, so growing text
// cannot grow the ring in a loop. A clamp keeps them inside the track: long names wrap onto
// two lines and then end with "…".
import GtkShim
import ScrumdingerCore

/// The ring of speaker arcs with the current speaker's name in the middle. It redraws only
/// when given a new snapshot (once a second) or when GTK resizes it.
@MainActor final class MeetingRing {
  let root: Overlay
  let area = NodeArea()
  let nameLabel = Label()
  let speakingLabel = Label(tr("is speaking"))
  /// "Paused", shown in the middle while the meeting is paused (an alert in the tree; what is
  /// said is the ScreenReaderAnnouncer's "Paused").
  let pausedLabel = Label.alert()
  /// Keeps the texts within the inside of the track.
  let centre: Clamp
  /// The turns as they stand at the last snapshot (added minutes change them).
  private var schedule = SpeakerSchedule(names: [], lengthSeconds: 0)
  private let theme: Theme
  /// The turns already over, drawn with the track into one kept node.
  private var finishedArcs: [SpeakerArc] = []
  /// The current turn's arc: the only part that grows.
  private var currentArc: SpeakerArc?
  /// The track and the finished turns, and what they were drawn for (made again only when a
  /// turn ends, or the size or the colours change).
  private var trackNode: (key: [Double], node: RenderNode)?
  /// How many times the track node was made. For tests, kept in the product as GTK counts no
  /// node a widget makes: a second must not remake the track.
  private(set) var trackDrawCount = 0
  /// The current turn's arc and the overrun, in kept spans.
  let currentNodes = GrowingArc()
  private let overrunNodes = GrowingArc()
  /// The warning span (the same all through a turn's warning time).
  private var warningNode: (key: [Double], node: RenderNode)?
  /// The current turn's span while it is in its warning time, drawn outside the ring.
  private var warningArc: SpeakerArc?
  /// The current speaker's overrun, past the end of their turn, drawn outside the ring.
  private var overrunArc: SpeakerArc?
  private static let trackWidth = 24.0
  private static let warningWidth = 6.0

  init(theme: Theme) {
    self.theme = theme
    area.setSizeRequest(width: 120, height: 120)
    area.expand(horizontally: true, vertically: true)
    area.addCSSClass("meeting-dimmable")
    nameLabel.addCSSClass("meeting-speaker")
    nameLabel.addCSSClass("meeting-dimmable")
    nameLabel.limitLines(2)
    speakingLabel.addCSSClass("meeting-dimmable")
    pausedLabel.text = tr("Paused")
    pausedLabel.setAccessibleLabel(tr("Paused"))
    pausedLabel.addCSSClass("meeting-paused")
    pausedLabel.align(horizontal: .center)
    pausedLabel.isVisible = false
    // The drawing area's name says who speaks; these labels would only repeat it.
    nameLabel.hideFromAccessibility()
    speakingLabel.hideFromAccessibility()
    let texts = Box(vertical: true, spacing: 2)
    texts.append(pausedLabel)
    texts.append(nameLabel)
    texts.append(speakingLabel)
    centre = Clamp(texts, maximumWidth: 150)
    centre.align(horizontal: .center, vertical: .center)
    root = Overlay(area)
    root.addOverlay(centre)
    area.onSnapshot { [weak self] frame in self?.draw(frame) }
    area.onResize { [weak self] width, height in self?.fitTexts(width: width, height: height) }
  }

  /// The radius of the track's middle line in an area of `width` × `height`.
  private static func radius(width: Double, height: Double) -> Double {
    (min(width, height) - trackWidth) / 2 - 4 - warningWidth * 2
  }

  /// The diameter of the free disc inside the track of an area of `width` × `height`.
  static func innerDiameter(width: Int, height: Int) -> Double {
    max(0, (radius(width: Double(width), height: Double(height)) - trackWidth / 2) * 2)
  }

  /// Sizes the texts to the disc inside the track: the name about a seventh of its diameter
  /// tall, at most 80 % of it wide (two lines and "is speaking" then stay inside the disc).
  private func fitTexts(width: Int, height: Int) {
    let inside = Self.innerDiameter(width: width, height: height)
    guard inside > 0 else { return }
    let name = max(12, Int(inside * 0.15))
    nameLabel.setPixelSize(name)
    speakingLabel.setPixelSize(max(10, name * 2 / 5))
    pausedLabel.setPixelSize(max(11, name / 2))
    centre.maximumWidth = max(40, Int(inside * 0.8))
  }

  /// Shows whether the meeting is paused.
  func showPaused(_ paused: Bool) {
    pausedLabel.isVisible = paused
  }

  /// Shows `snapshot` of a meeting running through `schedule`: the speaker's name (or the
  /// agenda item's title), and the arcs up to now.
  func show(_ snapshot: MeetingTimer.Snapshot, schedule: SpeakerSchedule) {
    self.schedule = schedule
    let turn = schedule.turns[snapshot.turnIndex]
    let name = Texts.shown(turn.name)
    if nameLabel.text != name {
      nameLabel.text = name
      speakingLabel.text = turn.isItem ? tr("Agenda item") : tr("is speaking")
      area.setAccessibleLabel(turn.isItem ? tr("Agenda item: %@", name) : tr("%@ is speaking", name))
    }
    let arcs = SpeakerArcs.arcs(schedule: schedule, snapshot: snapshot)
    let finished =
      snapshot.phase == .finished
      ? arcs.count : schedule.turns.prefix(snapshot.turnIndex).filter { $0.seconds > 0 }.count
    finishedArcs = Array(arcs.prefix(finished))
    currentArc = arcs.count > finished ? arcs[finished] : nil
    warningArc = snapshot.isWarning ? SpeakerArcs.turnSpan(schedule: schedule, turn: snapshot.turnIndex) : nil
    overrunArc = SpeakerArcs.overrun(schedule: schedule, turn: snapshot.turnIndex, seconds: snapshot.overrunSeconds)
    // About to end (at its stage's colour), or over (the last stage's).
    warningLevel = snapshot.turnLevel
    ThemeStyle.mark(nameLabel, warning: warningLevel)
    area.queueDraw()
  }

  /// The stage the warning arc and the name are coloured for (nil: none).
  private(set) var warningLevel: WarningLevel?

  /// Whether the current turn is drawn as about to end.
  var showsWarning: Bool { warningArc != nil }
  /// Whether the current speaker's overrun is drawn.
  var showsOverrun: Bool { overrunArc != nil }

  private func draw(_ frame: Frame) {
    let (trackWidth, warningWidth) = (Self.trackWidth, Self.warningWidth)
    let radius = Self.radius(width: frame.width, height: frame.height)
    guard radius > 0 else { return }
    let (x, y) = (frame.width / 2, frame.height / 2)
    let main = theme.mainColor
    let colour = (red: Double(main.red) / 255, green: Double(main.green) / 255, blue: Double(main.blue) / 255)
    let turnStroke = RingStroke(centreX: x, centreY: y, radius: radius, width: trackWidth / 2, colour: colour)
    // The track and the finished turns change a few times a meeting. Agenda items are
    // segments of their own: fainter than the speakers' turns.
    let accent = frame.foreground
    let key = [
      Double(finishedArcs.count), Double(schedule.lengthSeconds), frame.width, frame.height, Double(frame.scale),
      accent.red, accent.green, accent.blue, accent.alpha,
    ]
    if trackNode?.key != key {
      trackDrawCount += 1
      let node = RenderNode.drawing(x: 0, y: 0, width: frame.width, height: frame.height, for: frame) { canvas in
        canvas.strokeArc(
          x: x, y: y, radius: radius, from: 0, to: 360, width: trackWidth,
          red: accent.red, green: accent.green, blue: accent.blue, alpha: accent.alpha)
        for arc in finishedArcs {
          canvas.strokeArc(
            x: x, y: y, radius: radius, from: arc.startDegrees, to: arc.endDegrees, width: trackWidth / 2,
            red: colour.red, green: colour.green, blue: colour.blue, alpha: arc.isItem ? 0.6 : 1, roundCaps: true)
        }
      }
      trackNode = (key, node)
    }
    frame.append(trackNode!.node)
    if let currentArc {
      let nodes = currentNodes.nodes(turnStroke, from: currentArc.startDegrees, to: currentArc.endDegrees, in: frame)
      for node in currentArc.isItem ? [RenderNode.group(nodes, opacity: 0.6)] : nodes { frame.append(node) }
    }
    // Outside the track, on the panel's own colour, where the warning colour stands out.
    let warn = theme.warningColor(warningLevel ?? .final)
    let warnColour = (red: Double(warn.red) / 255, green: Double(warn.green) / 255, blue: Double(warn.blue) / 255)
    let outside = radius + trackWidth / 2 + warningWidth
    if let warningArc {
      let key = [
        warningArc.startDegrees, warningArc.endDegrees, frame.width, frame.height, Double(frame.scale),
        Double(warningLevel?.rawValue ?? -1),
      ]
      if warningNode?.key != key {
        let stroke = RingStroke(centreX: x, centreY: y, radius: outside, width: warningWidth, colour: warnColour)
        warningNode = (
          key,
          stroke.node(
            from: warningArc.startDegrees, to: warningArc.endDegrees, start: warningArc.startDegrees, isTip: true,
            in: frame)
        )
      }
      frame.append(warningNode!.node)
    }
    // The overrun: a wider band in the same colour, going on past the end of the turn.
    if let overrunArc {
      let stroke = RingStroke(centreX: x, centreY: y, radius: outside, width: warningWidth * 2, colour: warnColour)
      for node in overrunNodes.nodes(stroke, from: overrunArc.startDegrees, to: overrunArc.endDegrees, in: frame) {
        frame.append(node)
      }
    }
  }
}
