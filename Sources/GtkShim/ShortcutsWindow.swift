import CAdwaita

/// GTK's keyboard-shortcuts window, built from GtkBuilder XML (a GtkShortcutsWindow with id
/// "help_overlay") when first shown rather than at start-up.
@MainActor public final class ShortcutsWindow: Widget {
  /// Builds the window from `xml`, over `parent`; nil if the XML holds no such window.
  public init?(xml: String, parent: Widget) {
    let builder = gtk_builder_new_from_string(xml, -1)
    defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
    guard let object = gtk_builder_get_object(builder, "help_overlay") else { return nil }
    super.init(UnsafeMutableRawPointer(object))
    gtk_window_set_transient_for(cast(raw), cast(parent.raw))
    nameStockControls(under: widget)
  }

  /// Shows the window (it hides again when closed, ready to be shown again).
  public func present() { gtk_window_present(cast(raw)) }
}
