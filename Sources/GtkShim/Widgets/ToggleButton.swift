import CAdwaita
import Platform

/// A button that stays pressed; toggles sharing a group act as radio buttons.
@MainActor public final class ToggleButton: Widget {
  private let child: Widget?

  /// A toggle showing `child`, named `accessibleName` for screen readers.
  public init(child: Widget, accessibleName: String) {
    self.child = child
    super.init(gtk_toggle_button_new())
    gtk_button_set_child(cast(raw), child.widget)
    setAccessibleLabel(accessibleName)
  }

  private var toggle: UnsafeMutablePointer<GtkToggleButton> { cast(raw) }

  /// Whether it is pressed.
  public var isActive: Bool {
    get { gtk_toggle_button_get_active(toggle) != 0 }
    set { gtk_toggle_button_set_active(toggle, newValue ? 1 : 0) }
  }

  /// Joins `other`'s radio group: pressing one releases the others.
  public func join(_ other: ToggleButton) {
    gtk_toggle_button_set_group(toggle, other.toggle)
  }

  /// Calls `action` when it becomes pressed or released.
  public func onToggled(_ action: @escaping @MainActor () -> Void) {
    connect(raw, "toggled", for: self, perform: action)
  }
}
