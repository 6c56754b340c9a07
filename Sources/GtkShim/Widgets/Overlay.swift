import CAdwaita
import Platform

/// Stacks widgets on top of a main child (text in the middle of a drawing, say).
@MainActor public final class Overlay: Widget {
  private var children: [Widget] = []

  /// An overlay whose size follows `child`.
  public init(_ child: Widget) {
    children.append(child)
    super.init(gtk_overlay_new())
    gtk_overlay_set_child(cast(raw), child.widget)
  }

  /// Puts `widget` on top (position it with `align`).
  public func addOverlay(_ widget: Widget) {
    children.append(widget)
    gtk_overlay_add_overlay(cast(raw), widget.widget)
  }
}
