import CAdwaita

/// Cairo drawing as Swift (arcs and filled rectangles): what a draw function may do.
@MainActor public struct Canvas {
  fileprivate let cr: OpaquePointer

  fileprivate init(_ cr: OpaquePointer) { self.cr = cr }

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

/// Part of a drawing kept as a picture and painted with one copy, redrawn only when what it
/// shows changes (a meeting ring's track and finished turns, beneath the one arc that grows).
@MainActor public final class CachedLayer {
  private var surface: OpaquePointer?
  private var key: [Int] = []
  /// How many times the picture was drawn anew (for tests).
  package private(set) var redrawCount = 0

  public init() {}

  isolated deinit {
    if let surface { cairo_surface_destroy(surface) }
  }

  /// Paints the picture onto `canvas` (`width` × `height`), drawing it with `draw` first when
  /// `version` differs from last time (or the size, or the canvas's pixel scale, changed).
  public func paint(
    on canvas: inout Canvas, width: Double, height: Double, version: [Int], draw: (inout Canvas) -> Void
  ) {
    let target = cairo_get_target(canvas.cr)
    var (scaleX, scaleY) = (1.0, 1.0)
    cairo_surface_get_device_scale(target, &scaleX, &scaleY)
    let key = version + [Int(width), Int(height), Int(scaleX * 100)]
    if surface == nil || key != self.key {
      if let surface { cairo_surface_destroy(surface) }
      let picture = cairo_surface_create_similar_image(
        target, CAIRO_FORMAT_ARGB32, Int32((width * scaleX).rounded(.up)), Int32((height * scaleY).rounded(.up)))!
      cairo_surface_set_device_scale(picture, scaleX, scaleY)
      let context = cairo_create(picture)!
      var layer = Canvas(context)
      layer.foreground = canvas.foreground
      draw(&layer)
      cairo_destroy(context)
      surface = picture
      self.key = key
      redrawCount += 1
    }
    cairo_set_source_surface(canvas.cr, surface, 0, 0)
    cairo_paint(canvas.cr)
  }
}

/// A widget drawn by a Swift function with Cairo; redrawn only when asked (`queueDraw`) or
/// resized.
@MainActor public final class DrawingArea: Widget {
  private var draw: (@MainActor (inout Canvas, _ width: Double, _ height: Double) -> Void)?

  /// A drawing area that screen readers present as an image (give it a name).
  public init() {
    super.init(shim_drawing_area_new_image())
    gtk_drawing_area_set_draw_func(cast(raw), { area, cr, width, height, data in
      guard let data, let cr, width > 0, height > 0 else { return }
      let me = Unmanaged<DrawingArea>.fromOpaque(data).takeUnretainedValue()
      let (crAddress, areaAddress) = (UInt(bitPattern: cr), UInt(bitPattern: area))
      MainActor.assumeIsolated {
        var canvas = Canvas(OpaquePointer(bitPattern: crAddress)!)
        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(UnsafeMutablePointer<GtkWidget>(bitPattern: areaAddress)), &color)
        canvas.foreground = (Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
        me.drawCount += 1
        me.draw?(&canvas, Double(width), Double(height))
      }
    }, Unmanaged.passUnretained(self).toOpaque(), nil)
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

  /// How many times the widget has been painted (for tests).
  package private(set) var drawCount = 0
}
