import CAdwaita

/// A top-level window of an application, with libadwaita's content area.
@MainActor public final class ApplicationWindow: Widget {
  /// Creates a window belonging to `application`.
  public init(application: Application) {
    super.init(adw_application_window_new(cast(UnsafeMutableRawPointer(application.app))))
  }

  private var window: UnsafeMutablePointer<GtkWindow> { cast(raw) }

  /// The window title (what the window list and screen readers show).
  public var title: String {
    get { string(gtk_window_get_title(window)) }
    set { gtk_window_set_title(window, newValue) }
  }

  /// The size the window opens at.
  public func setDefaultSize(width: Int, height: Int) {
    gtk_window_set_default_size(window, Int32(width), Int32(height))
  }

  /// The single child filling the window.
  public var content: Widget? {
    didSet { adw_application_window_set_content(cast(raw), content?.widget) }
  }

  /// Shows the window and raises it.
  public func present() { gtk_window_present(window) }
  public func close() { gtk_window_close(window) }
}
