import CAdwaita
import Platform

extension Widget {
  /// Calls `action` with true when keyboard focus moves into this widget or one inside it,
  /// and with false when it leaves them.
  public func onFocusWithin(_ action: @escaping @MainActor (Bool) -> Void) {
    let controller = gtk_event_controller_focus_new()!
    let raw = UnsafeMutableRawPointer(controller)
    connect(raw, "enter", for: self, perform: { action(true) })
    connect(raw, "leave", for: self, perform: { action(false) })
    gtk_widget_add_controller(widget, controller)
  }

  /// Whether keyboard focus is in this widget or one inside it.
  public var containsFocus: Bool {
    guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
    return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
  }

  /// Puts `text` on the clipboard of the widget's display (what Ctrl+V pastes anywhere).
  public func copyToClipboard(_ text: String) {
    gdk_clipboard_set_text(gtk_widget_get_clipboard(widget), text)
  }
}
