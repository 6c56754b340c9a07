import CAdwaita
import Platform

/// A named command (a GAction) that menus, buttons and keyboard accelerators share.
@MainActor public final class Action: SignalOwner {
  private let action: OpaquePointer
  package let signals = SignalConnections()

  /// Creates `name` (without the "win."/"app."/"editor." prefix) running `perform`.
  public init(_ name: String, perform: @escaping @MainActor () -> Void) {
    action = g_simple_action_new(name, nil)
    // GSimpleAction::activate is (action, parameter, user_data): the pointer-argument shape.
    connect(UnsafeMutableRawPointer(action), "activate", for: self, withArgument: { _ in perform() })
  }

  /// Creates `name` taking a string (an id), running `perform` with it.
  public init(_ name: String, perform: @escaping @MainActor (String) -> Void) {
    let type = g_variant_type_new("s")
    action = g_simple_action_new(name, type)
    g_variant_type_free(type)
    connect(
      UnsafeMutableRawPointer(action), "activate", for: self,
      withArgument: { parameter in
        guard let parameter else { return }
        perform(String(cString: g_variant_get_string(OpaquePointer(parameter), nil)))
      })
  }

  isolated deinit { g_object_unref(UnsafeMutableRawPointer(action)) }

  /// Whether it can run now; accelerators and bound buttons follow.
  public var isEnabled: Bool {
    get { g_action_get_enabled(cast(UnsafeMutableRawPointer(action))) != 0 }
    set {
      guard newValue != isEnabled else { return }
      g_simple_action_set_enabled(action, newValue ? 1 : 0)
    }
  }

  var gaction: OpaquePointer { cast(UnsafeMutableRawPointer(action)) }
}

/// Actions that a widget, and everything inside it, reach under one prefix ("win.<name>").
/// Unlike an application window's own actions, which GTK exports on the session bus for any
/// process to call, a group inserted on a widget stays inside the app.
@MainActor public final class ActionGroup {
  private let group: UnsafeMutableRawPointer

  /// A group of `actions`.
  public init(_ actions: [Action]) {
    group = UnsafeMutableRawPointer(g_simple_action_group_new()!)
    add(actions)
  }

  isolated deinit { g_object_unref(group) }

  /// Adds `actions` to the group.
  public func add(_ actions: [Action]) {
    for action in actions { g_action_map_add_action(cast(group), action.gaction) }
  }

  var gactionGroup: OpaquePointer { cast(group) }
}

extension Widget {
  /// Makes `group` reachable from this widget and everything inside it as "`prefix`.<name>".
  public func insert(_ group: ActionGroup, prefix: String) {
    gtk_widget_insert_action_group(widget, prefix, group.gactionGroup)
  }

  /// Makes `actions` reachable from this widget and everything inside it as "`prefix`.<name>".
  public func insertActions(_ actions: [Action], prefix: String) {
    insert(ActionGroup(actions), prefix: prefix)
  }

  /// Takes away the group inserted under `prefix`: its actions are no longer reachable here.
  public func removeActions(prefix: String) {
    gtk_widget_insert_action_group(widget, prefix, nil)
  }

  /// Runs the action `detailedName` ("win.edit") as seen from this widget, with an optional
  /// string parameter; false if it is not found or disabled.
  @discardableResult
  public func activateAction(_ detailedName: String, parameter: String? = nil) -> Bool {
    gtk_widget_activate_action_variant(widget, detailedName, parameter.map { g_variant_new_string($0) }) != 0
  }

  /// Runs the action `detailedName` ("editor.confirm") when one of `accelerators` is pressed
  /// with focus inside this widget (for windows the application's accelerators do not reach).
  /// A disabled action lets the key through.
  public func bindAccelerators(_ accelerators: [String], to detailedName: String) {
    let controller = gtk_shortcut_controller_new()!
    gtk_shortcut_controller_set_scope(cast(UnsafeMutableRawPointer(controller)), GTK_SHORTCUT_SCOPE_MANAGED)
    for accelerator in accelerators {
      let shortcut = gtk_shortcut_new(
        gtk_shortcut_trigger_parse_string(accelerator), gtk_named_action_new(detailedName))
      gtk_shortcut_controller_add_shortcut(cast(UnsafeMutableRawPointer(controller)), shortcut)
    }
    gtk_widget_add_controller(widget, controller)
  }
}

extension Application {
  /// Binds keyboard accelerators (GTK syntax, e.g. "<Control>n") to "win.name" or "app.name".
  public func setAccelerators(_ accelerators: [String], for detailedAction: String) {
    var cStrings: [UnsafeMutablePointer<CChar>?] = accelerators.map { strdup($0) } + [nil]
    defer { for string in cStrings { free(string) } }
    cStrings.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { accels in
        gtk_application_set_accels_for_action(cast(UnsafeMutableRawPointer(app)), detailedAction, accels.baseAddress)
      }
    }
  }

  /// The actions ("win.edit") that `accelerator` runs.
  public func actions(forAccelerator accelerator: String) -> [String] {
    guard let names = gtk_application_get_actions_for_accel(cast(UnsafeMutableRawPointer(app)), accelerator) else {
      return []
    }
    defer { g_strfreev(names) }
    var result: [String] = []
    var index = 0
    while let name = names[index] {
      result.append(String(cString: name))
      index += 1
    }
    return result
  }
}
