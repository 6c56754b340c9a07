// The ring's pieces as render nodes kept between frames (see NodeArea): a node is made anew
// only when what it shows changes, so GTK repaints only where the ring changed. An arc that
// grows each second is cut into fixed spans of `chunkDegrees`: the spans it has filled are
// kept nodes, and only its tip, the span it is growing in, is a new node each second; a
// frame then repaints a tip's box, not the ring's.
import Glibc
import GtkShim
import ScrumdingerCore

/// One stroke of the ring: a circle's arc with its width and colour (opaque: an agenda item's
/// fainter arc is its pieces faded as one group).
struct RingStroke: Equatable {
  var centreX: Double
  var centreY: Double
  var radius: Double
  var width: Double
  var colour: (red: Double, green: Double, blue: Double)

  static func == (a: RingStroke, b: RingStroke) -> Bool {
    (a.centreX, a.centreY, a.radius, a.width) == (b.centreX, b.centreY, b.radius, b.width)
      && a.colour == b.colour
  }

  /// A node showing the part between `from` and `to` degrees (clockwise from 12 o'clock) of
  /// this stroke drawn from `start` to `to` with round ends: the arc cut along the radii at
  /// `from` and `to` (the start's round end kept when `from` is `start`, the end's when
  /// `isTip`), so pieces side by side make up exactly the one stroke, each pixel painted once.
  /// A node not `kept` is shown in one frame only (a growing tip).
  @MainActor func node(from: Double, to: Double, start: Double, isTip: Bool, kept: Bool = true, in frame: Frame)
    -> RenderNode
  {
    let pad = width / 2 + 2
    var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
    let steps = max(1, Int(((to - from) / 2).rounded(.up)))
    for step in 0...steps {
      let angle = (from + (to - from) * Double(step) / Double(steps) - 90) * .pi / 180
      let (x, y) = (centreX + radius * cos(angle), centreY + radius * sin(angle))
      (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
    }
    return RenderNode.drawing(
      x: (minX - pad).rounded(.down), y: (minY - pad).rounded(.down), width: (maxX - minX + 2 * pad).rounded(.up) + 1,
      height: (maxY - minY + 2 * pad).rounded(.up) + 1, for: frame, kept: kept
    ) { canvas in
      canvas.clipWedge(
        x: centreX, y: centreY, radius: radius + width, from: from == start ? from - 90 : from, to: isTip ? to + 90 : to
      )
      // The stroke from just before the wedge (a round start outside it is cut away), not
      // from `start`: a span costs its own length, not the whole arc's.
      canvas.strokeArc(
        x: centreX, y: centreY, radius: radius, from: max(start, from - 1), to: to, width: width,
        red: colour.red, green: colour.green, blue: colour.blue, roundCaps: true)
    }
  }
}

/// An arc that grows: the spans it has filled kept, its tip made anew each frame.
@MainActor final class GrowingArc {
  /// The span each kept piece covers.
  static let chunkDegrees = 6.0
  private var stroke: RingStroke?
  private var start = 0.0
  private var scale = 1
  private var chunks: [RenderNode] = []

  /// How many pieces have been drawn: one per span filled, plus each tip. For tests, kept in
  /// the product as GTK counts no node a widget makes: what a second's frame costs.
  private(set) var drawnPieces = 0

  /// The nodes drawing `stroke` from `start` to `end` degrees: the kept spans, then the tip.
  func nodes(_ stroke: RingStroke, from start: Double, to end: Double, in frame: Frame) -> [RenderNode] {
    if stroke != self.stroke || start != self.start || frame.scale != scale
      || end < start + Double(chunks.count) * Self.chunkDegrees
    {
      (self.stroke, self.start, scale, chunks) = (stroke, start, frame.scale, [])
    }
    while start + Double(chunks.count + 1) * Self.chunkDegrees <= end {
      let from = start + Double(chunks.count) * Self.chunkDegrees
      chunks.append(stroke.node(from: from, to: from + Self.chunkDegrees, start: start, isTip: false, in: frame))
      drawnPieces += 1
    }
    let tipStart = start + Double(chunks.count) * Self.chunkDegrees
    guard end > tipStart else { return chunks }
    drawnPieces += 1
    return chunks + [stroke.node(from: tipStart, to: end, start: start, isTip: true, kept: false, in: frame)]
  }
}
