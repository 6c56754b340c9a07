import CAdwaita
import Platform

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
    gtk_window_set_hide_on_close(cast(raw), 1)  // closed, it can be shown again
    nameStockControls(under: widget)
    // GTK 4.8's shortcut labels print some keys by their symbol names ("Page_Down"): write
    // each key cap as GTK writes accelerators everywhere else ("Page Down").
    for cap in keyCaps {
      let keyval = gdk_keyval_from_name(gtk_label_get_text(cast(UnsafeMutableRawPointer(cap))))
      guard keyval != guint(GDK_KEY_VoidSymbol),
        let label = gtk_accelerator_get_label(keyval, GdkModifierType(rawValue: 0))
      else { continue }
      gtk_label_set_text(cast(UnsafeMutableRawPointer(cap)), label)
      g_free(label)
    }
  }

  /// The key caps drawn (one label per key of every shortcut), depth first.
  package var keyCaps: [UnsafeMutablePointer<GtkWidget>] {
    descendants.filter { gtk_widget_has_css_class($0, "keycap") != 0 }
  }

  /// Shows the window (it hides again when closed, ready to be shown again).
  public func present() { gtk_window_present(cast(raw)) }
}
