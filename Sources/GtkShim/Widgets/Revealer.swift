import CAdwaita
import Platform

/// Shows or hides its child by sliding it in and out (a full-screen page's header bar).
@MainActor public final class Revealer: Widget {
  private let child: Widget

  /// Wraps `child`, shown at first.
  public init(_ child: Widget) {
    self.child = child
    super.init(gtk_revealer_new())
    gtk_revealer_set_child(cast(raw), child.widget)
    gtk_revealer_set_transition_type(cast(raw), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
    gtk_revealer_set_reveal_child(cast(raw), 1)
  }

  /// Whether the child is shown (or sliding in).
  public var isRevealed: Bool {
    get { gtk_revealer_get_reveal_child(cast(raw)) != 0 }
    set {
      guard newValue != isRevealed else { return }
      gtk_revealer_set_reveal_child(cast(raw), newValue ? 1 : 0)
    }
  }
}
