import CAdwaita

extension Widget {
  /// Renders the widget as it looks now into a PNG file at `path` (tests keep pictures of
  /// each state); false when it is not on screen or the file cannot be written.
  @discardableResult
  package func writePNG(to path: String) -> Bool {
    guard let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native) else { return false }
    let paintable = gtk_widget_paintable_new(widget)!
    defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
    let (width, height) = (Double(gtk_widget_get_width(widget)), Double(gtk_widget_get_height(widget)))
    guard width > 0, height > 0 else { return false }
    let snapshot = gtk_snapshot_new()!
    gdk_paintable_snapshot(paintable, cast(UnsafeMutableRawPointer(snapshot)), width, height)
    guard let node = gtk_snapshot_free_to_node(snapshot) else { return false }
    defer { gsk_render_node_unref(node) }
    var viewport = graphene_rect_t()
    graphene_rect_init(&viewport, 0, 0, Float(width), Float(height))
    guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { return false }
    defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
    return gdk_texture_save_to_png(texture, path) != 0
  }
}
