// Objects an application serves on the session bus (GNOME Shell's search provider) must be
// there before the application owns its bus name: once it does, D-Bus delivers the calls
// that were waiting for it (a search typed while the app was being started by D-Bus
// activation), and GDBus answers a call to an unknown object with an error at once. GApplication
// offers one moment for that, its `dbus_register` virtual function, so the application is an
// AdwApplication subclass (registered here from Swift) whose `dbus_register` chains up and
// then runs the handlers the app gave.
import CAdwaita
import Platform

private typealias RegisterFunction =
  @convention(c) (
    UnsafeMutablePointer<GApplication>?, OpaquePointer?, UnsafePointer<gchar>?,
    UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
  ) -> gboolean

/// AdwApplication's own `dbus_register`, which the subclass chains up to.
nonisolated(unsafe) private var parentRegister: RegisterFunction?

private let register: RegisterFunction = { application, connection, path, error in
  if let parentRegister, parentRegister(application, connection, path, error) == 0 { return 0 }
  guard let application, let connection else { return 1 }
  let bus = BusConnection(raw: connection, applicationPath: String(cString: path!))
  let key = Int(bitPattern: application)
  MainActor.assumeIsolated {
    let application = swiftSide(of: UnsafeMutableRawPointer(bitPattern: key)!, as: Application.self)
    for handler in application?.busHandlers ?? [] { handler(bus) }
  }
  return 1
}

/// The subclass's type, registered once.
@MainActor let applicationType: GType = g_type_register_static_simple(
  adw_application_get_type(), "ScrumdingerShimApplication", guint(MemoryLayout<AdwApplicationClass>.size),
  { klass, _ in
    guard let klass else { return }
    let parent: UnsafeMutablePointer<GApplicationClass> = cast(g_type_class_peek_parent(klass))
    parentRegister = parent.pointee.dbus_register
    let own: UnsafeMutablePointer<GApplicationClass> = cast(klass)
    own.pointee.dbus_register = register
  }, guint(MemoryLayout<AdwApplication>.size), nil, GTypeFlags(rawValue: 0))

extension Application {
  /// Runs `handler` when the application registers on the session bus, before it takes its
  /// bus name: objects exported there are in place for the first call that reaches them.
  public func onBusRegistration(_ handler: @escaping @MainActor (BusConnection) -> Void) {
    busHandlers.append(handler)
  }
}
