// A widget drawn as render nodes the app keeps. GTK 4.8 finds what to repaint by comparing
// each frame's render nodes with the last frame's, but a GtkDrawingArea's whole picture is one
// Cairo node that it can only compare as "changed": the whole area is repainted. Here the
// widget (a GtkWidget subclass registered from Swift, its `snapshot` virtual function calling
// back) appends nodes the app made once and keeps (`RenderNode`), and a node met again is
// the same node to GSK, which repaints nothing there; only new nodes are repainted.
import CAdwaita
import Platform

/// A picture kept between frames: a Cairo drawing within `bounds`, made once.
@MainActor public final class RenderNode {
  fileprivate let node: OpaquePointer

  private init(_ node: OpaquePointer) { self.node = node }

  isolated deinit { gsk_render_node_unref(node) }

  /// Draws `draw` once into a node covering `x`, `y`, `width` × `height` (nothing outside
  /// it shows), for `frame` (its text colour is the canvas's foreground, its scale the
  /// pixels'). GTK 4.8 draws every node of the window at each frame, clipped to what
  /// changed: a node `kept` for many frames is rasterised here, once, so that each frame
  /// costs only the copy of its clipped pixels, where replaying its paths would cost their
  /// whole length; one shown in a single frame is recorded, to be rasterised only there.
  public static func drawing(
    x: Double, y: Double, width: Double, height: Double, for frame: Frame, kept: Bool = true,
    draw: (inout Canvas) -> Void
  ) -> RenderNode {
    // On whole pixels, so that the pixels are those drawing on the window would give.
    let (left, top) = (x.rounded(.down), y.rounded(.down))
    let (right, bottom) = ((x + max(1, width)).rounded(.up), (y + max(1, height)).rounded(.up))
    var bounds = graphene_rect_t()
    graphene_rect_init(&bounds, Float(left), Float(top), Float(right - left), Float(bottom - top))
    let node = gsk_cairo_node_new(&bounds)!
    let nodeContext = gsk_cairo_node_get_draw_context(node)!
    defer { cairo_destroy(nodeContext) }
    guard kept else {
      var canvas = Canvas(nodeContext)
      canvas.foreground = frame.foreground
      draw(&canvas)
      return RenderNode(node)
    }
    let scale = Double(frame.scale)
    let image = cairo_image_surface_create(
      CAIRO_FORMAT_ARGB32, Int32((right - left) * scale), Int32((bottom - top) * scale))
    defer { cairo_surface_destroy(image) }
    cairo_surface_set_device_scale(image, scale, scale)
    let context = cairo_create(image)!
    cairo_translate(context, -left, -top)
    var canvas = Canvas(context)
    canvas.foreground = frame.foreground
    draw(&canvas)
    cairo_destroy(context)
    cairo_set_source_surface(nodeContext, image, left, top)
    cairo_paint(nodeContext)
    return RenderNode(node)
  }

  /// `nodes` seen through `opacity` (0…1) as one: a kept group drawn opaque, then faded.
  public static func group(_ nodes: [RenderNode], opacity: Double) -> RenderNode {
    var children = nodes.map { Optional($0.node) }
    let container = children.withUnsafeMutableBufferPointer { gsk_container_node_new($0.baseAddress, guint($0.count))! }
    defer { gsk_render_node_unref(container) }
    return RenderNode(gsk_opacity_node_new(container, Float(opacity)))
  }
}

/// One frame being put together in `NodeArea.onSnapshot`.
@MainActor public struct Frame {
  /// A colour: red, green, blue and alpha, 0…1.
  public typealias Colour = (red: Double, green: Double, blue: Double, alpha: Double)
  fileprivate let snapshot: OpaquePointer
  /// The widget's size.
  public let width: Double
  public let height: Double
  /// The widget's current foreground colour (its CSS `color`).
  public let foreground: Colour
  /// Device pixels per pixel (2 on a HiDPI screen).
  public let scale: Int

  /// Adds `node` on top of what the frame has so far.
  public func append(_ node: RenderNode) {
    gtk_snapshot_append_node(snapshot, node.node)
  }
}

private typealias SnapshotFunction = @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?) -> Void
private typealias AllocateFunction = @convention(c) (UnsafeMutablePointer<GtkWidget>?, Int32, Int32, Int32) -> Void

private let snapshotArea: SnapshotFunction = { widget, snapshot in
  guard let widget, let snapshot else { return }
  let address = UInt(bitPattern: widget)
  let snapshotAddress = UInt(bitPattern: Int(bitPattern: snapshot))
  MainActor.assumeIsolated {
    let raw = UnsafeMutableRawPointer(bitPattern: address)!
    guard let area = swiftSide(of: raw, as: NodeArea.self) else { return }
    let (width, height) = (Double(gtk_widget_get_width(cast(raw))), Double(gtk_widget_get_height(cast(raw))))
    guard width > 0, height > 0 else { return }
    var color = GdkRGBA()
    gtk_style_context_get_color(gtk_widget_get_style_context(cast(raw)), &color)
    let frame = Frame(
      snapshot: OpaquePointer(bitPattern: snapshotAddress)!, width: width, height: height,
      foreground: (Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha)),
      scale: Int(gtk_widget_get_scale_factor(cast(raw))))
    area.snapshotCount += 1
    area.snapshot?(frame)
  }
}

private let allocateArea: AllocateFunction = { widget, width, height, _ in
  guard let widget else { return }
  let address = UInt(bitPattern: widget)
  MainActor.assumeIsolated {
    swiftSide(of: UnsafeMutableRawPointer(bitPattern: address)!, as: NodeArea.self)?.resize?(Int(width), Int(height))
  }
}

/// The subclass's type, registered once: an image to assistive technologies.
@MainActor private let nodeAreaType = registerWidgetSubclass("ScrumdingerShimNodeArea") { widgetClass in
  widgetClass.pointee.snapshot = snapshotArea
  widgetClass.pointee.size_allocate = allocateArea
  gtk_widget_class_set_accessible_role(widgetClass, GTK_ACCESSIBLE_ROLE_IMG)
}

/// A widget whose frames are made of kept render nodes (give it a name: screen readers see
/// an image), so that GTK repaints only the nodes that are new in a frame.
@MainActor public final class NodeArea: Widget {
  fileprivate var snapshot: (@MainActor (Frame) -> Void)?
  fileprivate var resize: (@MainActor (_ width: Int, _ height: Int) -> Void)?

  public init() {
    super.init(UnsafeMutableRawPointer(g_object_new_with_properties(nodeAreaType, 0, nil, nil)))
    attachSwiftSide(self, to: raw)
  }

  /// Sets what makes each frame: it appends nodes, keeping those that do not change.
  public func onSnapshot(_ snapshot: @escaping @MainActor (Frame) -> Void) {
    self.snapshot = snapshot
  }

  /// Runs `resize` when GTK gives the widget a new size.
  public func onResize(_ resize: @escaping @MainActor (_ width: Int, _ height: Int) -> Void) {
    self.resize = resize
  }

  /// Asks for a new frame.
  public func queueDraw() { gtk_widget_queue_draw(widget) }

  /// How many frames have been made. For tests, kept in the product as GTK tells no one of a
  /// widget's snapshot: a clock standing still must make none.
  package fileprivate(set) var snapshotCount = 0
}
