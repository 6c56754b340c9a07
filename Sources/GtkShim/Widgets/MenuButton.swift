import CAdwaita
import Platform

/// A header-bar button opening a menu of actions. The menu's popover is built when it first
/// opens: every page has this button, and most windows never open it.
@MainActor public final class MenuButton: Widget {
  /// A menu button with `iconName`, named `accessibleName`, listing the items of the sections
  /// `changing` first, then `items` as (label, detailed action such as "app.quit") in sections
  /// separated by nil.
  public init(iconName: String, accessibleName: String, changing: [MenuSection] = [], items: [(String, String)?]) {
    super.init(gtk_menu_button_new())
    gtk_menu_button_set_icon_name(cast(raw), iconName)
    setAccessibleLabel(accessibleName)
    tooltip = accessibleName
    // The button users (and screen readers) press is GtkMenuButton's inner toggle button,
    // which would otherwise be named after its parent's GType.
    if let inner = gtk_widget_get_first_child(widget) {
      shim_accessible_set_name(cast(UnsafeMutableRawPointer(inner)), accessibleName)
    }
    let menu = g_menu_new()
    for section in changing { g_menu_append_section(menu, nil, cast(UnsafeMutableRawPointer(section.menu))) }
    var section = g_menu_new()
    for item in items {
      if let (label, action) = item {
        g_menu_append(section, label, action)
      } else {
        g_menu_append_section(menu, nil, cast(UnsafeMutableRawPointer(section!)))
        g_object_unref(UnsafeMutableRawPointer(section))
        section = g_menu_new()
      }
    }
    g_menu_append_section(menu, nil, cast(UnsafeMutableRawPointer(section!)))
    g_object_unref(UnsafeMutableRawPointer(section))
    // GTK keeps the menu for the function and unrefs it with the button.
    gtk_menu_button_set_create_popup_func(
      cast(raw),
      { button, menu in
        gtk_menu_button_set_menu_model(button, menu?.assumingMemoryBound(to: GMenuModel.self))
      }, UnsafeMutableRawPointer(menu), { g_object_unref($0) })
  }

  /// Opens the menu (F10 does, through the window's show-menu action).
  public func popup() { gtk_menu_button_popup(cast(raw)) }

  /// Whether the menu is open.
  public var isOpen: Bool {
    guard let popover = gtk_menu_button_get_popover(cast(raw)) else { return false }
    return gtk_widget_get_visible(cast(UnsafeMutableRawPointer(popover))) != 0
  }
}

/// A section of a menu whose items change while the menu exists (a meeting's "Present on …",
/// which follows the monitors plugged in).
@MainActor public final class MenuSection {
  let menu: OpaquePointer
  /// The items as set last.
  package private(set) var items: [(label: String, action: String)] = []

  public init() { menu = g_menu_new() }

  isolated deinit { g_object_unref(UnsafeMutableRawPointer(menu)) }

  /// Replaces the items with `items`: (label, detailed action such as "meeting.present-on::HDMI-1").
  public func set(_ items: [(String, String)]) {
    g_menu_remove_all(menu)
    for (label, action) in items { g_menu_append(menu, label, action) }
    self.items = items
  }
}
