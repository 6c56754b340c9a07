import CAdwaita
import Platform

/// Application-wide CSS and colour scheme.
public enum Style {
  /// Light or dark, as libadwaita's style manager applies it.
  public enum Scheme { case followSystem, forceLight, forceDark }

  /// Sets the colour scheme (the app follows the system unless told otherwise).
  @MainActor public static func setScheme(_ scheme: Scheme) {
    let manager = adw_style_manager_get_default()
    switch scheme {
    case .followSystem: adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_DEFAULT)
    case .forceLight: adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_FORCE_LIGHT)
    case .forceDark: adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_FORCE_DARK)
    }
  }

  /// Whether dark style is in effect now.
  @MainActor public static var isDark: Bool { adw_style_manager_get_dark(adw_style_manager_get_default()) != 0 }

  /// Adds `css` to every window on the default display, above the theme.
  @MainActor public static func load(_ css: String) {
    let provider = gtk_css_provider_new()
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(
      gdk_display_get_default(), cast(UnsafeMutableRawPointer(provider!)),
      guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
  }

  /// Lets icons be found in `directory` (a hicolor-style tree) as well as in the system's
  /// icon themes: the app's own icons when it runs from the build tree.
  @MainActor public static func addIconSearchPath(_ directory: String) {
    gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(gdk_display_get_default()), directory)
  }
}
