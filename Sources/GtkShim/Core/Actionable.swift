import CAdwaita
import Platform

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

extension Widget {
  /// Runs `action` when `trigger` ("Down") is pressed with focus inside this widget, before
  /// the focused widget sees the key; `action` returns false to let the key through. For keys
  /// that move within one widget, not for commands (those are actions, see `bindAccelerators`).
  public func onKey(_ trigger: String, _ action: @escaping @MainActor () -> Bool) {
    let controller = gtk_shortcut_controller_new()!
    gtk_event_controller_set_propagation_phase(cast(UnsafeMutableRawPointer(controller)), GTK_PHASE_CAPTURE)
    let box = ClosureBox.retained(action as BoolHandler, owner: self)
    let shortcut = gtk_shortcut_new(
      gtk_shortcut_trigger_parse_string(trigger), gtk_callback_action_new(shortcutCallback, box, releaseClosureBox))
    gtk_shortcut_controller_add_shortcut(cast(UnsafeMutableRawPointer(controller)), shortcut)
    gtk_widget_add_controller(widget, controller)
  }
}

extension Widget {
  /// Runs what this widget's own shortcuts (`onKey`, `bindAccelerators`) do for `trigger`,
  /// as a key press would: for tests on a compositor where no key can be injected. Whether a
  /// shortcut handled it.
  package func runShortcut(_ trigger: String) -> Bool {
    func text(_ trigger: OpaquePointer) -> String {
      let text = gtk_shortcut_trigger_to_string(trigger)!
      defer { g_free(text) }
      return String(cString: text)
    }
    guard let wanted = gtk_shortcut_trigger_parse_string(trigger) else { return false }
    defer { g_object_unref(UnsafeMutableRawPointer(wanted)) }
    let name = text(wanted)
    let controllers = gtk_widget_observe_controllers(widget)!
    defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
    for index in 0..<g_list_model_get_n_items(controllers) {
      let controller = g_list_model_get_item(controllers, index)!
      defer { g_object_unref(controller) }
      let instance = controller.assumingMemoryBound(to: GTypeInstance.self)
      guard g_type_check_instance_is_a(instance, gtk_shortcut_controller_get_type()) != 0 else { continue }
      let shortcuts = OpaquePointer(controller)
      for position in 0..<g_list_model_get_n_items(shortcuts) {
        let shortcut = OpaquePointer(g_list_model_get_item(shortcuts, position)!)
        defer { g_object_unref(UnsafeMutableRawPointer(shortcut)) }
        guard let trigger = gtk_shortcut_get_trigger(shortcut), text(trigger) == name,
          let action = gtk_shortcut_get_action(shortcut)
        else { continue }
        if gtk_shortcut_action_activate(action, GTK_SHORTCUT_ACTION_EXCLUSIVE, widget, nil) != 0 { return true }
      }
    }
    return false
  }
}
