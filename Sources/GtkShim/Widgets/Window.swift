import CAdwaita
import Platform

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

  /// The size the window has when neither maximized nor full screen (GTK keeps the default
  /// size up to date as the user resizes).
  public var defaultSize: (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    gtk_window_get_default_size(window, &width, &height)
    return (Int(width), Int(height))
  }

  /// Whether the window is maximized.
  public var isMaximized: Bool {
    get { gtk_window_is_maximized(window) != 0 }
    set { newValue ? gtk_window_maximize(window) : gtk_window_unmaximize(window) }
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

  /// Called once the window is gone (closed for good): every close ends in
  /// `gtk_window_destroy`, which unrealizes it.
  public func onUnrealize(_ action: @escaping @MainActor () -> Void) {
    connect(raw, "unrealize", for: self, perform: action)
  }

  /// Called when the user asks to close; return true to keep the window open.
  public func onCloseRequest(_ action: @escaping @MainActor () -> Bool) {
    connect(raw, "close-request", for: self, decide: action)
  }

  /// Shows and raises the window.
  public func present() { gtk_window_present(window) }

  /// Called whenever the window gains or loses the keyboard focus.
  public func onActiveChanged(_ action: @escaping @MainActor (Bool) -> Void) {
    // The GTK window can outlive this wrapper: read the C object, which lives as long as the
    // connection does.
    let window = window
    connect(raw, "notify::is-active", for: self, withArgument: { _ in action(gtk_window_is_active(window) != 0) })
  }
}

extension Widget {
  /// Calls `action` once, after the next frame that paints this widget's window.
  public func afterNextPaint(_ action: @escaping @MainActor () -> Void) {
    guard let clock = gtk_widget_get_frame_clock(widget) else { return }
    let clockRaw = UnsafeMutableRawPointer(clock)
    final class Connection { var id: gulong = 0 }
    let connection = Connection()
    connection.id = connect(
      clockRaw, "after-paint", for: self,
      perform: { [weak self] in
        guard connection.id != 0 else { return }
        self?.signals.disconnect(connection.id)
        connection.id = 0
        action()
      })
    gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT)
  }
}
