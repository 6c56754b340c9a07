import CAdwaita
import Platform

/// libadwaita's centred page with an icon, title, description and an optional child.
@MainActor public final class StatusPage: Widget {
  /// Creates a status page.
  public init(title: String, description: String? = nil) {
    super.init(adw_status_page_new())
    adw_status_page_set_title(page, title)
    adw_status_page_set_description(page, description)
  }

  private var page: OpaquePointer { cast(raw) }

  /// Shows the icon in file `path` (a `.symbolic.png` is recoloured like a symbolic icon)
  /// at `size` pixels, loaded from that file alone: no icon-theme search, which would
  /// prefer an SVG and load an SVG library for it.
  public func setIcon(file path: String, size: Int) {
    let file = g_file_new_for_path(path)
    let icon = g_file_icon_new(file)
    let theme = gtk_icon_theme_get_for_display(gtk_widget_get_display(widget))
    let paintable = gtk_icon_theme_lookup_by_gicon(
      theme, icon, Int32(size), 1, GTK_TEXT_DIR_NONE, GtkIconLookupFlags(rawValue: 0))
    adw_status_page_set_paintable(page, cast(UnsafeMutableRawPointer(paintable!)))
    g_object_unref(UnsafeMutableRawPointer(paintable))
    g_object_unref(UnsafeMutableRawPointer(icon))
    g_object_unref(UnsafeMutableRawPointer(file))
  }

  /// Shows the themed icon `name`.
  public func setIcon(name: String) {
    adw_status_page_set_icon_name(page, name)
  }

  /// Whether the page shows an icon.
  public var hasIcon: Bool { adw_status_page_get_paintable(page) != nil }

  /// The large text.
  public var title: String { string(adw_status_page_get_title(page)) }

  /// The widget below the description (a button, say).
  public var child: Widget? {
    didSet { adw_status_page_set_child(page, child?.widget) }
  }
}
