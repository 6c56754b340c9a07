import CAdwaita

/// A named command (a GAction) that menus, buttons and keyboard accelerators share.
@MainActor public final class Action {
  private let action: OpaquePointer

  /// Creates `name` (without the "win."/"app." prefix) running `perform`.
  public init(_ name: String, perform: @escaping @MainActor () -> Void) {
    action = g_simple_action_new(name, nil)
    // GSimpleAction::activate is (action, parameter, user_data): the pointer-argument shape.
    connect(UnsafeMutableRawPointer(action), "activate", withArgument: { _ in perform() })
  }

  isolated deinit { g_object_unref(UnsafeMutableRawPointer(action)) }

  /// Whether it can run now; accelerators and bound buttons follow.
  public var isEnabled: Bool {
    get { g_action_get_enabled(cast(UnsafeMutableRawPointer(action))) != 0 }
    set { g_simple_action_set_enabled(action, newValue ? 1 : 0) }
  }

  var gaction: OpaquePointer { cast(UnsafeMutableRawPointer(action)) }
}

extension ApplicationWindow {
  /// Adds `action` to the window as "win.<name>".
  public func addAction(_ action: Action) {
    g_action_map_add_action(cast(raw), action.gaction)
  }
}

extension Application {
  /// Binds keyboard accelerators (GTK syntax, e.g. "<Control>n") to "win.name" or "app.name".
  public func setAccelerators(_ accelerators: [String], for detailedAction: String) {
    var cStrings: [UnsafeMutablePointer<CChar>?] = accelerators.map { strdup($0) } + [nil]
    defer { cStrings.forEach { free($0) } }
    cStrings.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { accels in
        gtk_application_set_accels_for_action(cast(UnsafeMutableRawPointer(app)), detailedAction, accels.baseAddress)
      }
    }
  }
}
