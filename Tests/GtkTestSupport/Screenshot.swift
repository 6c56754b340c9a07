import CAdwaita
import GtkShim
import Platform

extension Widget {
  /// Renders the widget as it looks now into a PNG file at `path` (tests keep pictures of
  /// each state); false when it is not on screen or the file cannot be written.
  @discardableResult
  package func writePNG(to path: String) -> Bool {
    guard let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native) else {
      return false
    }
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

/// How two pictures of the same size differ, channel by channel (0…255).
package struct PictureDifference: Sendable {
  /// The largest difference of any channel of any pixel.
  package let largest: Int
  /// How many pixels differ by more than `noticeable` in some channel.
  package let noticeablePixels: Int
  /// How many pixels each picture has.
  package let pixels: Int
}

/// Compares the PNG files at `path` and `other`; nil when either cannot be read or their
/// sizes differ.
package func comparePNG(_ path: String, _ other: String, noticeable: Int = 8) -> PictureDifference? {
  guard let a = pixels(path), let b = pixels(other), a.width == b.width, a.height == b.height else { return nil }
  var (largest, noticeablePixels) = (0, 0)
  for pixel in 0..<(a.width * a.height) {
    var most = 0
    for channel in 0..<4 {
      most = max(most, abs(Int(a.bytes[pixel * 4 + channel]) - Int(b.bytes[pixel * 4 + channel])))
    }
    largest = max(largest, most)
    if most > noticeable { noticeablePixels += 1 }
  }
  return PictureDifference(largest: largest, noticeablePixels: noticeablePixels, pixels: a.width * a.height)
}

/// How many pixels of the PNG file at `path` have any paint on them (not fully transparent);
/// nil when it cannot be read.
package func paintedPixelCount(_ path: String) -> Int? {
  guard let picture = pixels(path) else { return nil }
  return (0..<(picture.width * picture.height)).filter { picture.bytes[$0 * 4 + 3] != 0 }.count
}

/// The PNG file at `path` as bytes, four a pixel (GDK's memory format, alpha included).
private func pixels(_ path: String) -> (bytes: [UInt8], width: Int, height: Int)? {
  guard let texture = gdk_texture_new_from_filename(path, nil) else { return nil }
  defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
  let (width, height) = (Int(gdk_texture_get_width(texture)), Int(gdk_texture_get_height(texture)))
  var bytes = [UInt8](repeating: 0, count: width * height * 4)
  bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
  return (bytes, width, height)
}
