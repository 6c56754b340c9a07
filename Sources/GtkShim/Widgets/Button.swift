import CAdwaita
import Platform

/// A push button with a text label or an icon.
@MainActor public final class Button: Widget {
  /// A button showing `label`; its accessible name is the label unless `accessibleName` is given.
  public init(label: String, accessibleName: String? = nil) {
    super.init(gtk_button_new_with_label(label))
    gtk_button_set_use_underline(button, 0)
    if let accessibleName { setAccessibleLabel(accessibleName) }
  }

  /// An icon-only button; `accessibleName` is what screen readers say and the tooltip shows.
  public init(iconName: String, accessibleName: String) {
    super.init(gtk_button_new_from_icon_name(iconName))
    setAccessibleLabel(accessibleName)
    tooltip = accessibleName
  }

  /// A button showing an icon and a label side by side; libadwaita names it after the label.
  public init(iconName: String, label: String) {
    super.init(gtk_button_new())
    show(iconName: iconName, label: label)
  }

  /// A button showing any `child`, named `accessibleName` for screen readers.
  public init(child: Widget, accessibleName: String) {
    self.child = child
    super.init(gtk_button_new())
    gtk_button_set_child(button, child.widget)
    setAccessibleLabel(accessibleName)
  }

  private var child: Widget?
  private var button: UnsafeMutablePointer<GtkButton> { cast(raw) }

  /// The text on the button (empty for icon buttons).
  public var label: String {
    get { string(gtk_button_get_label(button)) }
    set {
      guard newValue != label else { return }
      gtk_button_set_label(button, newValue)
    }
  }

  /// The icon of an icon-only button.
  public func setIconName(_ name: String) { gtk_button_set_icon_name(button, name) }

  /// Shows an icon and `label` side by side, or only the icon when `label` is nil (set the
  /// accessible name then: an icon has none).
  public func show(iconName: String, label: String?) {
    guard let label else { return setIconName(iconName) }
    let content = adw_button_content_new()
    adw_button_content_set_icon_name(cast(UnsafeMutableRawPointer(content!)), iconName)
    adw_button_content_set_label(cast(UnsafeMutableRawPointer(content!)), label)
    gtk_button_set_child(button, content)
  }

  /// Calls `action` on each click (mouse, keyboard or assistive technology).
  public func onClicked(_ action: @escaping @MainActor () -> Void) {
    connect(raw, "clicked", for: self, perform: action)
  }

  /// Clicks the button as a user would (only if it is sensitive), at once.
  public func click() {
    guard isSensitive else { return }
    shim_button_emit_clicked(button)
  }

  /// Flat (no frame) style, for header bars and rows.
  public func setFlat() { addCSSClass("flat") }
}
