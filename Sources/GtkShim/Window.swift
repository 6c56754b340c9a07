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

  /// Closes the window as its close button does (close handlers run first).
  public func close() { gtk_window_close(window) }

  /// Whether the window has the keyboard focus (it is the active window).
  public var isActive: Bool { gtk_window_is_active(window) != 0 }

  /// Whether the window fills the screen.
  public var isFullscreen: Bool {
    get { gtk_window_is_fullscreen(window) != 0 }
    set { newValue ? gtk_window_fullscreen(window) : gtk_window_unfullscreen(window) }
  }

  /// Called when the user asks to close; return true to keep the window open.
  public func onCloseRequest(_ action: @escaping @MainActor () -> Bool) {
    connect(raw, "close-request", decide: action)
  }

  /// Shows and raises the window.
  public func present() { gtk_window_present(window) }
}
