import CAdwaita

/// A libadwaita application: one per process, identified by its reverse-DNS id.
@MainActor public final class Application {
  package let app: UnsafeMutablePointer<AdwApplication>

  /// Creates the application. `unique: false` lets several copies run (tests).
  public init(id: String, unique: Bool = true) {
    let flags = unique ? G_APPLICATION_DEFAULT_FLAGS : G_APPLICATION_NON_UNIQUE
    app = adw_application_new(id, flags)
  }

  isolated deinit { g_object_unref(app) }

  private var gapp: UnsafeMutablePointer<GApplication> { cast(UnsafeMutableRawPointer(app)) }

  /// Runs `action` on each activation (start-up and every later launch of the same app).
  public func onActivate(_ action: @escaping @MainActor () -> Void) {
    connect(app, "activate", perform: action)
  }

  /// Runs `action` once, just before the main loop ends.
  public func onShutdown(_ action: @escaping @MainActor () -> Void) {
    connect(app, "shutdown", perform: action)
  }

  /// Runs the main loop until the last window closes or `quit()`; returns the exit status.
  public func run(arguments: [String]) -> Int32 {
    MainLoop.installDispatchBridge()
    var cStrings = arguments.map { strdup($0) }
    defer { cStrings.forEach { free($0) } }
    return cStrings.withUnsafeMutableBufferPointer { argv in
      g_application_run(gapp, Int32(argv.count), argv.baseAddress)
    }
  }

  /// Ends the main loop.
  public func quit() { g_application_quit(gapp) }

  /// The application id.
  public var id: String { string(g_application_get_application_id(gapp)) }
}

/// Starts GTK and libadwaita without an application (for tests); false without a display.
@MainActor public func initializeToolkit() -> Bool {
  guard gtk_init_check() != 0 else { return false }
  adw_init()
  return true
}
