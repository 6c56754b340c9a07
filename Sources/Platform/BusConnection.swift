/// The application's connection to the session bus, handed to `Application.onBusRegistration`.
public struct BusConnection: @unchecked Sendable {
  package let raw: OpaquePointer
  /// The application's object path ("/io/github/scrumdinger/Scrumdinger").
  public let applicationPath: String

  package init(raw: OpaquePointer, applicationPath: String) {
    self.raw = raw
    self.applicationPath = applicationPath
  }
}
