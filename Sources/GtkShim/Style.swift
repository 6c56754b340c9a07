import CAdwaita

/// Application-wide CSS.
public enum Style {
  /// Adds `css` to every window on the default display, above the theme.
  @MainActor public static func load(_ css: String) {
    let provider = gtk_css_provider_new()
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(
      gdk_display_get_default(), cast(UnsafeMutableRawPointer(provider!)),
      guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
  }
}
