import CAdwaita
import Platform

/// A modal window over the main window (the editor sheet), with libadwaita's content area.
@MainActor public class DialogWindow: Widget {
  /// A modal window over `parent`, `width` × `height` by default.
  public convenience init(parent: Widget, title: String, width: Int, height: Int) {
    self.init(adw_window_new(), parent: parent, title: title, width: width, height: height)
  }

  /// `adwWindow` (an AdwWindow) made modal over `parent`.
  init(_ adwWindow: UnsafeMutablePointer<GtkWidget>, parent: Widget, title: String, width: Int, height: Int) {
    super.init(adwWindow)
    gtk_window_set_transient_for(window, cast(parent.raw))
    gtk_window_set_modal(window, 1)
    gtk_window_set_destroy_with_parent(window, 1)
    gtk_window_set_title(window, title)
    gtk_window_set_default_size(window, Int32(width), Int32(height))
    // Closed with its parent, GTK 4.8 keeps pointing at the parent after it is gone (and
    // complains when this window goes): let go of it once closed.
    let window = window
    connectForLifetime(raw, "unrealize", cleanUp: { gtk_window_set_transient_for(window, nil) })
  }

  private var window: UnsafeMutablePointer<GtkWindow> { cast(raw) }

  /// The single child filling the window.
  public var content: Widget? {
    didSet { adw_window_set_content(cast(raw), content?.widget) }
  }

  /// Shows and focuses the window.
  public func present() { gtk_window_present(window) }

  /// Closes the window (as its close button would; `onClose` handlers run).
  public func close() { gtk_window_close(window) }

  /// Called when the window closes, however it is closed (`close()`, the window manager,
  /// or its parent going away): every path ends in `gtk_window_destroy`, which unrealizes it.
  public func onUnrealize(_ action: @escaping @MainActor () -> Void) {
    connect(raw, "unrealize", for: self, perform: action)
  }
}
