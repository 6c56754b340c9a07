import CAdwaita

/// A viewport that scrolls its child vertically.
@MainActor public final class ScrolledWindow: Widget {
  /// Wraps `child` in a vertically scrolling view.
  public init(_ child: Widget) {
    self.child = child
    super.init(gtk_scrolled_window_new())
    gtk_scrolled_window_set_policy(cast(raw), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(cast(raw), child.widget)
    expand(vertically: true)
    // Scroll bars are controls too: names instead of "GtkScrollbar".
    nameStockControls(under: widget)
  }

  private let child: Widget
}

/// Keeps its child at a readable width, centred (libadwaita's clamp).
@MainActor public final class Clamp: Widget {
  private let child: Widget

  /// Centres `child`, at most `maximumWidth` pixels wide.
  public init(_ child: Widget, maximumWidth: Int = 600) {
    self.child = child
    super.init(adw_clamp_new())
    adw_clamp_set_maximum_size(cast(raw), Int32(maximumWidth))
    adw_clamp_set_child(cast(raw), child.widget)
  }
}
