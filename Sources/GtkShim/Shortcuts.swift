import CAdwaita

private let shortcutCallback: GtkShortcutFunc = { _, _, data in
  let run: BoolHandler = handler(data)
  return MainActor.assumeIsolated { run() } ? 1 : 0
}

private let releaseShortcutBox: GDestroyNotify = { data in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

extension Widget {
  /// Runs `action` when `trigger` (GTK syntax: "Escape", "<Control>Return") is pressed while
  /// focus is anywhere inside this widget. `action` returns false to let the key through.
  public func addShortcut(_ trigger: String, _ action: @escaping @MainActor () -> Bool) {
    let controller = gtk_shortcut_controller_new()!
    gtk_shortcut_controller_set_scope(cast(UnsafeMutableRawPointer(controller)), GTK_SHORTCUT_SCOPE_MANAGED)
    let box = Unmanaged.passRetained(ClosureBox(action as BoolHandler) as AnyObject).toOpaque()
    let shortcut = gtk_shortcut_new(
      gtk_shortcut_trigger_parse_string(trigger),
      gtk_callback_action_new(shortcutCallback, box, releaseShortcutBox))
    gtk_shortcut_controller_add_shortcut(cast(UnsafeMutableRawPointer(controller)), shortcut)
    gtk_widget_add_controller(widget, controller)
  }
}
