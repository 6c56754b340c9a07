import CAdwaita
import Platform

/// A check box, and a switch: two-state controls whose changes by the user are reported
/// (changes made from code are not).
@MainActor public final class CheckButton: Widget {
  private var settingFromCode = false
  private var onChange: (@MainActor (Bool) -> Void)?

  /// An unchecked check box named `accessibleName` for screen readers.
  public init(accessibleName: String) {
    super.init(gtk_check_button_new())
    setAccessibleLabel(accessibleName)
    connect(
      raw, "toggled", for: self,
      perform: { [weak self] in
        guard let self, !self.settingFromCode else { return }
        self.onChange?(self.isChecked)
      })
  }

  /// Whether it is checked; setting it does not call the change handler.
  public var isChecked: Bool {
    get { gtk_check_button_get_active(cast(raw)) != 0 }
    set {
      guard newValue != isChecked else { return }
      settingFromCode = true
      gtk_check_button_set_active(cast(raw), newValue ? 1 : 0)
      settingFromCode = false
    }
  }

  /// Checks (or, a check box, unchecks) it as a click or Space would, change handler included.
  public func activate() { gtk_widget_activate(widget) }

  /// Makes it a radio button of `other`'s group: checking one unchecks the others.
  public func join(_ other: CheckButton) { gtk_check_button_set_group(cast(raw), cast(other.raw)) }

  /// Calls `action` with the new state each time the user checks or unchecks it.
  public func onUserChange(_ action: @escaping @MainActor (Bool) -> Void) { onChange = action }
}

/// An on/off switch.
@MainActor public final class Switch: Widget {
  /// A switch, off, named `accessibleName` for screen readers.
  public init(accessibleName: String) {
    super.init(gtk_switch_new())
    setAccessibleLabel(accessibleName)
  }

  /// Whether it is on.
  public var isOn: Bool {
    get { gtk_switch_get_active(cast(raw)) != 0 }
    set { gtk_switch_set_active(cast(raw), newValue ? 1 : 0) }
  }

  /// Calls `action` each time it is turned on or off.
  public func onToggled(_ action: @escaping @MainActor () -> Void) {
    connect(raw, "notify::active", for: self, withArgument: { _ in action() })
  }
}
