import CAdwaita
import Platform

/// libadwaita's About window.
public enum AboutWindow {
  /// Shows the About window over `parent`.
  @MainActor public static func present(
    over parent: Widget, name: String, iconName: String, version: String, developer: String,
    comments: String, copyright: String
  ) {
    let about = adw_about_window_new()!
    let window: OpaquePointer = cast(UnsafeMutableRawPointer(about))
    adw_about_window_set_application_name(window, name)
    adw_about_window_set_application_icon(window, iconName)
    adw_about_window_set_version(window, version)
    adw_about_window_set_developer_name(window, developer)
    adw_about_window_set_comments(window, comments)
    adw_about_window_set_copyright(window, copyright)
    adw_about_window_set_license_type(window, GTK_LICENSE_MIT_X11)
    gtk_window_set_transient_for(cast(UnsafeMutableRawPointer(about)), cast(parent.raw))
    gtk_window_set_modal(cast(UnsafeMutableRawPointer(about)), 1)
    gtk_window_present(cast(UnsafeMutableRawPointer(about)))
    nameStockControls(under: about)
  }
}
