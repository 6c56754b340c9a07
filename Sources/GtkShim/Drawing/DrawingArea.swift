import CAdwaita
import Platform

/// Cairo drawing as Swift (arcs and filled rectangles): what a draw function may do.
@MainActor public struct Canvas {
  fileprivate let cr: OpaquePointer

  init(_ cr: OpaquePointer) { self.cr = cr }

  /// The widget's current foreground colour (its CSS `color`).
  public var foreground: (red: Double, green: Double, blue: Double, alpha: Double) = (0, 0, 0, 1)

  /// Strokes an arc of a circle centred at (`x`, `y`); angles in degrees clockwise from
  /// 12 o'clock, so 0…360 is a full circle.
  public func strokeArc(
    x: Double, y: Double, radius: Double, from start: Double, to end: Double, width: Double,
    red: Double, green: Double, blue: Double, alpha: Double = 1, roundCaps: Bool = false
  ) {
    func radians(_ degrees: Double) -> Double { (degrees - 90) * .pi / 180 }
    cairo_new_path(cr)
    cairo_set_source_rgba(cr, red, green, blue, alpha)
    cairo_set_line_width(cr, width)
    cairo_set_line_cap(cr, roundCaps ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
    cairo_arc(cr, x, y, radius, radians(start), radians(end))
    cairo_stroke(cr)
  }

  /// Limits what is drawn next to the wedge of the circle centred at (`x`, `y`) from `start`
  /// to `end` degrees, reaching `radius` out: a sharp-edged clip, so wedges side by side
  /// share out the pixels with none painted twice or missed.
  public func clipWedge(x: Double, y: Double, radius: Double, from start: Double, to end: Double) {
    func radians(_ degrees: Double) -> Double { (degrees - 90) * .pi / 180 }
    cairo_new_path(cr)
    cairo_move_to(cr, x, y)
    // Straight sides at least 1/cos(15°) beyond `radius`, so the polygon holds the arc.
    let steps = max(1, Int(((end - start) / 30).rounded(.up)))
    for step in 0...steps {
      let angle = radians(start + (end - start) * Double(step) / Double(steps))
      cairo_line_to(cr, x + radius * 1.1 * cos(angle), y + radius * 1.1 * sin(angle))
    }
    cairo_close_path(cr)
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
    cairo_clip(cr)
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
  }

  /// Fills the rectangle at (`x`, `y`) of `width` × `height` with a colour.
  public func fillRectangle(
    x: Double, y: Double, width: Double, height: Double, red: Double, green: Double, blue: Double, alpha: Double = 1
  ) {
    guard width > 0, height > 0 else { return }
    cairo_new_path(cr)
    cairo_set_source_rgba(cr, red, green, blue, alpha)
    cairo_rectangle(cr, x, y, width, height)
    cairo_fill(cr)
  }
}

/// A widget drawn by a Swift function with Cairo; redrawn only when asked (`queueDraw`) or
/// resized.
@MainActor public final class DrawingArea: Widget {
  private var draw: (@MainActor (inout Canvas, _ width: Double, _ height: Double) -> Void)?

  /// A drawing area that screen readers present as an image (give it a name).
  public init() {
    super.init(shim_drawing_area_new_image())
    gtk_drawing_area_set_draw_func(
      cast(raw),
      { area, cr, width, height, data in
        guard let data, let cr, width > 0, height > 0 else { return }
        guard let me = ClosureBox<Void>.peek(data).liveOwner as? DrawingArea else { return }
        let (crAddress, areaAddress) = (UInt(bitPattern: cr), UInt(bitPattern: area))
        MainActor.assumeIsolated {
          var canvas = Canvas(OpaquePointer(bitPattern: crAddress)!)
          var color = GdkRGBA()
          gtk_style_context_get_color(
            gtk_widget_get_style_context(UnsafeMutablePointer<GtkWidget>(bitPattern: areaAddress)), &color)
          canvas.foreground = (Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
          me.draw?(&canvas, Double(width), Double(height))
        }
      }, ClosureBox.retained((), owner: self), releaseClosureBox)
  }

  isolated deinit {
    // GTK may outlive this wrapper (a parent still holds the widget): stop calling into it.
    gtk_drawing_area_set_draw_func(cast(raw), nil, nil, nil)
  }

  /// Sets the function that paints the widget.
  public func onDraw(_ draw: @escaping @MainActor (inout Canvas, _ width: Double, _ height: Double) -> Void) {
    self.draw = draw
  }

  /// Asks for a redraw at the next frame.
  public func queueDraw() { gtk_widget_queue_draw(widget) }
}
