import CAdwaita

/// A widget that runs an action when pressed (GtkActionable): buttons and toggle buttons.
@MainActor public protocol Actionable: Widget {}

extension Button: Actionable {}
extension ToggleButton: Actionable {}

extension Actionable {
  /// Makes the button run the action `detailedName` ("win.start-meeting"), with an optional
  /// string parameter: it is greyed out whenever the action is disabled.
  public func setAction(_ detailedName: String, parameter: String? = nil) {
    // The target first: a name without its target makes GTK warn about a type mismatch.
    if let parameter { gtk_actionable_set_action_target_value(cast(raw), g_variant_new_string(parameter)) }
    gtk_actionable_set_action_name(cast(raw), detailedName)
  }

  /// The action the button runs, if any.
  public var actionName: String? {
    gtk_actionable_get_action_name(cast(raw)).map { String(cString: $0) }
  }
}

private let shortcutCallback: GtkShortcutFunc = { _, _, data in
  guard let run: BoolHandler = handler(data) else { return 0 }
  return MainActor.assumeIsolated { run() } ? 1 : 0
}

private let releaseShortcutBox: GDestroyNotify = { data in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

extension Widget {
  /// Runs `action` when `trigger` ("Down") is pressed with focus inside this widget, before
  /// the focused widget sees the key; `action` returns false to let the key through. For keys
  /// that move within one widget, not for commands (those are actions, see `bindAccelerators`).
  public func onKey(_ trigger: String, _ action: @escaping @MainActor () -> Bool) {
    let controller = gtk_shortcut_controller_new()!
    gtk_event_controller_set_propagation_phase(cast(UnsafeMutableRawPointer(controller)), GTK_PHASE_CAPTURE)
    let box = Unmanaged.passRetained(ClosureBox(action as BoolHandler, owner: self) as AnyObject).toOpaque()
    let shortcut = gtk_shortcut_new(
      gtk_shortcut_trigger_parse_string(trigger), gtk_callback_action_new(shortcutCallback, box, releaseShortcutBox))
    gtk_shortcut_controller_add_shortcut(cast(UnsafeMutableRawPointer(controller)), shortcut)
    gtk_widget_add_controller(widget, controller)
  }
}
