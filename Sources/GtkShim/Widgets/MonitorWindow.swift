import CAdwaita
import Platform

/// A window of the application that fills one monitor (the presenter view's face for the
/// room). It reaches another window's action groups under their prefixes, so the
/// application's keyboard accelerators do the same in it as in that window.
@MainActor public final class MonitorWindow: Widget {
  /// A window of `application`, titled `title`, reaching each of `actions` under its prefix.
  public init(application: Application, actions: [String: ActionGroup], title: String) {
    super.init(adw_window_new())
    gtk_window_set_application(window, cast(UnsafeMutableRawPointer(application.app)))
    gtk_window_set_title(window, title)
    for (prefix, group) in actions { insert(group, prefix: prefix) }
  }

  private var window: UnsafeMutablePointer<GtkWindow> { cast(raw) }

  /// The single child filling the window.
  public var content: Widget? {
    didSet { adw_window_set_content(cast(raw), content?.widget) }
  }

  /// Shows the window full screen on the monitor plugged into `connector`; false (nothing
  /// shown) when no such monitor is there.
  @discardableResult public func show(fullscreenOn connector: String, of monitors: Monitors) -> Bool {
    guard monitors.fullscreen(self, on: connector) else { return false }
    gtk_window_present(window)
    return true
  }

  /// Whether the window fills its monitor.
  public var isFullscreen: Bool { gtk_window_is_fullscreen(window) != 0 }

  /// Closes the window (`onClose` handlers run).
  public func close() { gtk_window_close(window) }

  /// Called once the window is gone, however it was closed.
  public func onUnrealize(_ action: @escaping @MainActor () -> Void) {
    connect(raw, "unrealize", for: self, perform: action)
  }
}
