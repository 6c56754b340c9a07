import CAdwaita
import Platform

/// Lays children out in a row or a column.
@MainActor public final class Box: Widget {
  private var children: [Widget] = []

  /// A vertical (default) or horizontal box with `spacing` pixels between children.
  public init(vertical: Bool = true, spacing: Int = 0) {
    super.init(gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, Int32(spacing)))
  }

  /// A box of `children`, in order.
  public convenience init(vertical: Bool = true, spacing: Int = 0, _ children: [Widget]) {
    self.init(vertical: vertical, spacing: spacing)
    for child in children { append(child) }
  }

  /// A box that assistive technologies see as one label (or an alert: not spoken as it
  /// appears, see `Announcer`) instead of a group of its children: name it, and hide the
  /// children it speaks for.
  public init(vertical: Bool = true, spacing: Int = 0, alert: Bool) {
    super.init(
      shim_box_new_with_role(
        vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL,
        alert ? GTK_ACCESSIBLE_ROLE_ALERT : GTK_ACCESSIBLE_ROLE_LABEL))
    gtk_box_set_spacing(box, Int32(spacing))
  }

  private var box: UnsafeMutablePointer<GtkBox> { cast(raw) }

  /// Adds `child` at the end.
  public func append(_ child: Widget) {
    children.append(child)
    gtk_box_append(box, child.widget)
  }

  /// Adds `child` right after `sibling` (one of the children).
  public func insert(_ child: Widget, after sibling: Widget) {
    children.insert(child, at: (children.firstIndex { $0 === sibling } ?? children.count - 1) + 1)
    gtk_box_insert_child_after(box, child.widget, sibling.widget)
  }

  /// Whether the children are laid out in a column (else in a row).
  public var isVertical: Bool {
    get { gtk_orientable_get_orientation(cast(raw)) == GTK_ORIENTATION_VERTICAL }
    set { gtk_orientable_set_orientation(cast(raw), newValue ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL) }
  }

  /// Whether every child gets the same width (or height).
  public var isHomogeneous: Bool {
    get { gtk_box_get_homogeneous(box) != 0 }
    set { gtk_box_set_homogeneous(box, newValue ? 1 : 0) }
  }

  /// Removes every child.
  public func removeAll() {
    for child in children { gtk_box_remove(box, child.widget) }
    children.removeAll()
  }
}
