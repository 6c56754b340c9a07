import CAdwaita
import Platform

/// What the controls GTK builds itself are called, in the user's language: the app sets
/// these (through its translations) before building any window.
@MainActor public enum StockControlNames {
  public static var close = "Close"
  public static var search = "Search"
  public static var menu = "Menu"
  public static var verticalScrollBar = "Vertical scroll bar"
  public static var horizontalScrollBar = "Horizontal scroll bar"
}

/// Names the controls that GTK 4.8 and libadwaita 1.2 build themselves and name badly:
/// message-dialog and toast buttons come out twice ("Cancel Cancel": their label plus a
/// labelled-by relation to the same label); others carry only their GType ("GtkScrollbar",
/// "GtkSearchEntry", "GtkMenuButton", an icon button's "GtkImage"). Walks `widget`'s subtree
/// and gives each such control a plain name.
@MainActor func nameStockControls(under widget: UnsafeMutablePointer<GtkWidget>) {
  if let name = stockName(of: widget) {
    shim_accessible_set_name(cast(UnsafeMutableRawPointer(widget)), name)
  }
  var child = gtk_widget_get_first_child(widget)
  while let current = child {
    nameStockControls(under: current)
    child = gtk_widget_get_next_sibling(current)
  }
}

private func isA(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
  g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
}

/// Icon names of icon-only buttons GTK builds, and what they do.
@MainActor private func iconButtonName(_ iconName: String) -> String? {
  switch iconName {
  case "window-close-symbolic": StockControlNames.close
  case "edit-find-symbolic": StockControlNames.search
  case "open-menu-symbolic": StockControlNames.menu
  default: nil
  }
}

@MainActor private func stockName(of widget: UnsafeMutablePointer<GtkWidget>) -> String? {
  let raw = UnsafeMutableRawPointer(widget)
  if isA(widget, gtk_scrollbar_get_type()) {
    let vertical = gtk_orientable_get_orientation(cast(raw)) == GTK_ORIENTATION_VERTICAL
    return vertical ? StockControlNames.verticalScrollBar : StockControlNames.horizontalScrollBar
  }
  if isA(widget, gtk_search_entry_get_type()) {
    return StockControlNames.search
  }
  if isA(widget, gtk_menu_button_get_type()) {
    let menu: OpaquePointer = cast(raw)
    return gtk_menu_button_get_label(menu).map { String(cString: $0) } ?? StockControlNames.menu
  }
  if isA(widget, gtk_button_get_type()) {
    let button: UnsafeMutablePointer<GtkButton> = cast(raw)
    if let label = gtk_button_get_label(button) { return String(cString: label) }
    if let child = gtk_button_get_child(button), isA(child, gtk_image_get_type()) {
      return iconButtonName(string(gtk_image_get_icon_name(cast(UnsafeMutableRawPointer(child)))))
    }
    return iconButtonName(string(gtk_button_get_icon_name(button)))
  }
  return nil
}
