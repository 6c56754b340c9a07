import CAdwaita
import Platform

/// Scroll bars are controls too: names instead of "GtkScrollbar" for both of `scroller`'s.
@MainActor func nameScrollBars(of scroller: OpaquePointer) {
  for bar in [gtk_scrolled_window_get_vscrollbar(scroller), gtk_scrolled_window_get_hscrollbar(scroller)] {
    if let bar { nameStockControls(under: bar) }
  }
}

/// A viewport that scrolls its child vertically.
@MainActor public final class ScrolledWindow: Widget {
  /// Wraps `child` in a vertically scrolling view.
  public init(_ child: Widget) {
    self.child = child
    super.init(gtk_scrolled_window_new())
    gtk_scrolled_window_set_policy(cast(raw), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(cast(raw), child.widget)
    // Lay the page out at its natural height (GTK's default gives each part its minimum,
    // which squeezes a list that scrolls inside the page to a row or two).
    if let viewport = gtk_scrolled_window_get_child(cast(raw)),
      g_type_check_instance_is_a(
        UnsafeMutableRawPointer(viewport).assumingMemoryBound(to: GTypeInstance.self), gtk_scrollable_get_type()) != 0
    {
      gtk_scrollable_set_vscroll_policy(cast(UnsafeMutableRawPointer(viewport)), GTK_SCROLL_NATURAL)
    }
    expand(vertically: true)
    nameScrollBars(of: cast(raw))
  }

  private let child: Widget

  /// Grows with its content up to `height` pixels, then scrolls (instead of taking all the
  /// room it is given).
  public func limitHeight(to height: Int) {
    expand(vertically: false)
    gtk_scrolled_window_set_propagate_natural_height(cast(raw), 1)
    gtk_scrolled_window_set_max_content_height(cast(raw), Int32(height))
  }

  /// Scrolls as little as needed for `widget` (inside the scrolled child) to be in view,
  /// with `margin` pixels around it.
  public func scrollToShow(_ widget: Widget, margin: Double = 12) {
    guard let box = widget.bounds(in: child) else { return }
    let adjustment = gtk_scrolled_window_get_vadjustment(cast(raw))
    let (value, page) = (gtk_adjustment_get_value(adjustment), gtk_adjustment_get_page_size(adjustment))
    if box.y + box.height + margin > value + page {
      gtk_adjustment_set_value(adjustment, box.y + box.height + margin - page)
    } else if box.y - margin < value {
      gtk_adjustment_set_value(adjustment, max(0, box.y - margin))
    }
  }

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
