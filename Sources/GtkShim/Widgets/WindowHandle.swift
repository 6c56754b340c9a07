import CAdwaita
import Platform

/// An area that moves its window when dragged (and shows the window menu on a right click),
/// as a header bar does: for a window without one.
@MainActor public final class WindowHandle: Widget {
  /// A handle around `child`.
  public init(_ child: Widget) {
    super.init(gtk_window_handle_new())
    gtk_window_handle_set_child(cast(raw), child.widget)
  }
}
