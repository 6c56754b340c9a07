import CAdwaita
import Platform

/// A libadwaita application: one per process, identified by its reverse-DNS id.
@MainActor public final class Application: SignalOwner {
  package let app: UnsafeMutablePointer<AdwApplication>
  package let signals = SignalConnections()
  /// The command-line switches added so far.
  private var switches: [String] = []
  /// What runs when the application registers on the session bus.
  var busHandlers: [@MainActor (BusConnection) -> Void] = []

  /// Creates the application. `unique: false` lets several copies run (tests).
  public init(id: String, unique: Bool = true) {
    let flags = unique ? G_APPLICATION_DEFAULT_FLAGS : G_APPLICATION_NON_UNIQUE
    app = cast(g_object_new_with_properties(applicationType, 0, nil, nil))
    g_application_set_application_id(cast(UnsafeMutableRawPointer(app)), id)
    g_application_set_flags(cast(UnsafeMutableRawPointer(app)), flags)
    attachSwiftSide(self, to: UnsafeMutableRawPointer(app))
  }

  isolated deinit {
    g_object_unref(app)
  }

  private var gapp: UnsafeMutablePointer<GApplication> { cast(UnsafeMutableRawPointer(app)) }

  /// Runs `action` on each activation (start-up and every later launch of the same app).
  public func onActivate(_ action: @escaping @MainActor () -> Void) {
    connect(app, "activate", for: self, perform: action)
  }

  /// Runs `action` once, just before the main loop ends.
  public func onShutdown(_ action: @escaping @MainActor () -> Void) {
    connect(app, "shutdown", for: self, perform: action)
  }

  /// Opens files: `action` gets the local paths of those the desktop (Files' "Open With", a
  /// launcher given files) asks this application to open, in the primary instance.
  public func onOpen(_ action: @escaping @MainActor ([String]) -> Void) {
    g_application_set_flags(
      gapp, GApplicationFlags(g_application_get_flags(gapp).rawValue | G_APPLICATION_HANDLES_OPEN.rawValue))
    connect(UnsafeMutableRawPointer(app), for: self, open: action)
  }

  /// Adds a command-line switch `--name` (no value), listed by `--help` with `description`.
  public func addSwitch(_ name: String, description: String) {
    switches.append(name)
    g_application_add_main_option(gapp, name, 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, description, nil)
  }

  /// Called with the switches given, in the launched process, before any display is
  /// opened; return an exit status to stop there, or nil to go on (and activate).
  public func onCommandLine(_ handler: @escaping @MainActor (Set<String>) -> Int32?) {
    connect(
      app, "handle-local-options", for: self,
      answer: { [weak self] dict in
        guard let self else { return -1 }
        let options = dict?.assumingMemoryBound(to: GVariantDict.self)
        var given = Set<String>()
        for name in self.switches where g_variant_dict_contains(options, name) != 0 { given.insert(name) }
        if let status = handler(given) { return status }
        return self.register() ? -1 : 1
      })
  }

  /// Registers on the session bus as g_application_run would next, and once more when the
  /// instance that held the app's name left while this one was handing itself over to it (it
  /// quit or was killed a moment before: GLib's "NoReply", then "Failed to register", and the
  /// launch came to nothing). The name is free by then, and this instance takes it. False,
  /// with GLib's words on standard error as it says them, when it cannot register.
  private func register() -> Bool {
    let primaryLeft = [G_DBUS_ERROR_NO_REPLY, G_DBUS_ERROR_SERVICE_UNKNOWN, G_DBUS_ERROR_NAME_HAS_NO_OWNER]
    for attempt in 1...5 {
      var error: UnsafeMutablePointer<GError>?
      if g_application_register(gapp, nil, &error) != 0 { return true }
      guard let error else { return false }
      defer { g_error_free(error) }
      let left =
        error.pointee.domain == g_dbus_error_quark()
        && primaryLeft.contains { Int32($0.rawValue) == error.pointee.code }
      if !left || attempt == 5 {
        StandardError.write(line: "Failed to register: \(String(cString: error.pointee.message))")
        return false
      }
      g_usleep(100_000)  // the bus frees a name as its owner's connection closes
    }
    return false
  }

  /// Registers with the session bus, then runs the application action `name` in the primary
  /// instance (this process, or the one already running).
  public func activateAction(_ name: String) {
    guard register() else { return }
    g_action_group_activate_action(cast(UnsafeMutableRawPointer(app)), name, nil)
  }

  /// Shows a desktop notification; a later one with the same `id` replaces it. `button`
  /// adds a button running the application action `action` ("app.start-scheduled") with the
  /// string parameter `target`.
  public func sendNotification(
    id: String, title: String, body: String, button: (label: String, action: String, target: String)? = nil
  ) {
    let notification = g_notification_new(title)
    g_notification_set_body(notification, body)
    if let button {
      g_notification_add_button_with_target_value(
        notification, button.label, button.action, g_variant_new_string(button.target))
    }
    g_application_send_notification(gapp, id, notification)
    g_object_unref(UnsafeMutableRawPointer(notification))
  }

  /// How long the application stays running once nothing holds it (no window, no hold): a
  /// process D-Bus started to answer a search lingers for the next one.
  public func setInactivityTimeout(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    g_application_set_inactivity_timeout(gapp, guint(seconds * 1000 + attoseconds / 1_000_000_000_000_000))
  }

  /// Keeps the application running with no window open (until `release()`).
  public func hold() { g_application_hold(gapp) }

  /// Ends one `hold()`.
  public func release() { g_application_release(gapp) }

  /// Asks the session not to blank the screen or suspend, for `reason`; returns the cookie
  /// to end the request with (0 if it was refused).
  public func inhibitIdleAndSuspend(for window: ApplicationWindow?, reason: String) -> UInt32 {
    let flags = GtkApplicationInhibitFlags(
      GTK_APPLICATION_INHIBIT_IDLE.rawValue | GTK_APPLICATION_INHIBIT_SUSPEND.rawValue)
    let gtkWindow: UnsafeMutablePointer<GtkWindow>? = window.map { cast($0.raw) }
    return gtk_application_inhibit(cast(UnsafeMutableRawPointer(app)), gtkWindow, flags, reason)
  }

  /// Ends the request made with `cookie`.
  public func uninhibit(_ cookie: UInt32) {
    gtk_application_uninhibit(cast(UnsafeMutableRawPointer(app)), cookie)
  }

  /// Takes back the notification sent with `id`, if it is still shown.
  public func withdrawNotification(id: String) {
    g_application_withdraw_notification(gapp, id)
  }

  /// Adds `action` to the application as "app.<name>".
  public func addAction(_ action: Action) {
    g_action_map_add_action(cast(UnsafeMutableRawPointer(app)), action.gaction)
  }

  /// Runs the main loop until the last window closes or `quit()`; returns the exit status.
  public func run(arguments: [String]) -> Int32 {
    MainLoop.installDispatchBridge()
    var cStrings = arguments.map { strdup($0) }
    defer { for string in cStrings { free(string) } }
    return cStrings.withUnsafeMutableBufferPointer { argv in
      g_application_run(gapp, Int32(argv.count), argv.baseAddress)
    }
  }

  /// Ends the main loop.
  public func quit() { g_application_quit(gapp) }

  /// The application id.
  public var id: String { string(g_application_get_application_id(gapp)) }
}

/// Keeps GTK from resetting the process locale when it starts: the app sets it up itself
/// (see `setUpLocalization`). Call before GTK starts.
@MainActor public func keepProcessLocale() {
  guard gtk_is_initialized() == 0 else { return }  // too late, and GTK would say so
  gtk_disable_setlocale()
}
