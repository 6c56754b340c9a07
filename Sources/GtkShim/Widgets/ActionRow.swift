import CAdwaita
import Platform

/// libadwaita's list row with a title, subtitle and widgets at either side.
@MainActor public final class ActionRow: Widget {
  private var attached: [Widget] = []

  /// A row titled `title`.
  public init(title: String, subtitle: String? = nil) {
    super.init(adw_action_row_new())
    // A row is a Tab stop only through its controls (a row that does nothing is skipped);
    // rows that act themselves say so with `isFocusable`.
    gtk_widget_set_focusable(widget, 0)
    adw_preferences_row_set_title(cast(raw), title)
    adw_preferences_row_set_use_markup(cast(raw), 0)
    setAccessibleLabel(title)
    if let subtitle { self.subtitle = subtitle }
  }

  private var row: UnsafeMutablePointer<AdwActionRow> { cast(raw) }

  /// The main text.
  public var title: String {
    get { string(adw_preferences_row_get_title(cast(raw))) }
    set {
      adw_preferences_row_set_title(cast(raw), newValue)
      setAccessibleLabel(newValue)
    }
  }

  /// The smaller text under the title.
  public var subtitle: String {
    get { string(adw_action_row_get_subtitle(row)) }
    set { adw_action_row_set_subtitle(row, newValue) }
  }

  /// Adds `widget` at the end of the row.
  public func addSuffix(_ widget: Widget) {
    attached.append(widget)
    adw_action_row_add_suffix(row, widget.widget)
  }

  /// Adds `widget` at the start of the row.
  public func addPrefix(_ widget: Widget) {
    attached.append(widget)
    adw_action_row_add_prefix(row, widget.widget)
  }

  /// Makes the row itself act: a click, or Enter while it has the focus, calls `action`.
  public func onActivated(_ action: @escaping @MainActor () -> Void) {
    gtk_list_box_row_set_activatable(cast(raw), 1)
    connect(raw, "activated", for: self, perform: action)
  }

  /// Activates the row as a click or Enter on it does (see `onActivated`).
  public func activate() { gtk_widget_activate(widget) }

  /// Makes a click anywhere on the row press `button` (which should be one of its suffixes).
  public func setActivatableWidget(_ button: Widget) {
    adw_action_row_set_activatable_widget(row, button.widget)
    // libadwaita labels the widget by the row's title too: a name given stays the only one.
    if let name = button.accessibleName { shim_accessible_set_name(cast(button.raw), name) }
  }
}

/// libadwaita's group of rows under a heading.
@MainActor public final class PreferencesGroup: Widget {
  private var children: [Widget] = []

  /// A group headed `title` (no heading when empty).
  public init(title: String = "", description: String? = nil) {
    super.init(adw_preferences_group_new())
    adw_preferences_group_set_title(group, title)
    if let description { adw_preferences_group_set_description(group, description) }
  }

  private var group: UnsafeMutablePointer<AdwPreferencesGroup> { cast(raw) }

  /// Puts `widget` at the end of the group's heading (a button acting on the group).
  public func setHeaderSuffix(_ widget: Widget) {
    children.append(widget)
    adw_preferences_group_set_header_suffix(group, widget.widget)
  }

  /// Adds a row or other widget to the group.
  public func add(_ child: Widget) {
    children.append(child)
    adw_preferences_group_add(group, child.widget)
  }
}
