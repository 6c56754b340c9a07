// A context menu built when it opens, from what the widget shows at that moment: rows that
// are reused for other items as a list scrolls must not keep a menu of their first item.
import CAdwaita
import Platform

/// One entry of a context menu: a label and the action it runs, with an optional string
/// parameter ("win.delete-meeting" with a meeting's id).
public struct MenuItem: Sendable {
  public let label: String
  public let action: String
  public let parameter: String?

  public init(_ label: String, action: String, parameter: String? = nil) {
    self.label = label
    self.action = action
    self.parameter = parameter
  }
}

extension Widget {
  /// Gives the widget a context menu of `items()` (read when it opens): right click, a long
  /// press, Shift+F10 or the Menu key.
  public func setContextMenu(_ items: @escaping @MainActor () -> [MenuItem]) {
    let anchor = widget
    let popover = gtk_popover_menu_new_from_model(nil)!
    gtk_widget_set_parent(popover, anchor)
    gtk_popover_set_has_arrow(cast(UnsafeMutableRawPointer(popover)), 0)
    connectForLifetime(raw, "destroy", cleanUp: { gtk_widget_unparent(popover) })
    let open: @MainActor (Double?, Double?) -> Void = { x, y in
      let menu = g_menu_new()!
      for item in items() {
        let entry = g_menu_item_new(item.label, nil)!
        if let parameter = item.parameter {
          g_menu_item_set_action_and_target_value(entry, item.action, g_variant_new_string(parameter))
        } else {
          g_menu_item_set_detailed_action(entry, item.action)
        }
        g_menu_append_item(menu, entry)
        g_object_unref(UnsafeMutableRawPointer(entry))
      }
      gtk_popover_menu_set_menu_model(cast(UnsafeMutableRawPointer(popover)), cast(UnsafeMutableRawPointer(menu)))
      g_object_unref(UnsafeMutableRawPointer(menu))
      var point = GdkRectangle(x: 0, y: 0, width: 1, height: 1)
      if let x, let y {
        point.x = Int32(x)
        point.y = Int32(y)
      } else {
        point.x = gtk_widget_get_width(anchor) / 2
        point.y = gtk_widget_get_height(anchor) / 2
      }
      gtk_popover_set_pointing_to(cast(UnsafeMutableRawPointer(popover)), &point)
      gtk_popover_popup(cast(UnsafeMutableRawPointer(popover)))
    }
    let click = gtk_gesture_click_new()!
    gtk_gesture_single_set_button(cast(UnsafeMutableRawPointer(click)), guint(GDK_BUTTON_SECONDARY))
    connect(UnsafeMutableRawPointer(click), "pressed", for: self, press: { x, y in open(x, y) })
    gtk_widget_add_controller(widget, cast(UnsafeMutableRawPointer(click)))
    let longPress = gtk_gesture_long_press_new()!
    gtk_gesture_single_set_touch_only(cast(UnsafeMutableRawPointer(longPress)), 1)
    connect(UnsafeMutableRawPointer(longPress), "pressed", for: self, point: { x, y in open(x, y) })
    gtk_widget_add_controller(widget, cast(UnsafeMutableRawPointer(longPress)))
    for key in ["<Shift>F10", "Menu"] {
      onKey(key) {
        open(nil, nil)
        return true
      }
    }
    contextPopover = popover
    openContextMenu = { open(nil, nil) }
  }

  /// Whether the widget's context menu is open.
  public var isContextMenuOpen: Bool {
    guard let contextPopover else { return false }
    return gtk_widget_get_visible(contextPopover) != 0
  }
}
