// Wall-clock times are written in the user's time zone and on GNOME's clock format. Both are
// read where they live, fresh each time (GLib keeps the zone it read first), so a change made
// while the app runs shows in the next time written; and a change of zone is watched, so the
// reminders plan again. One for the application, handed to everything that writes a time.
import FoundationEssentials
import GtkShim
import Platform

/// The user's time zone and clock format.
@MainActor final class LocalTime {
  /// GNOME's interface settings (nil where that schema is not installed: 24 hours).
  private let interface = Settings(schemaID: "org.gnome.desktop.interface", searching: [])
  private var zoneMonitor: FileMonitor?
  /// Runs when the zone changes (/etc/localtime is replaced).
  var onZoneChange: (@MainActor () -> Void)?

  /// Reads the zone and the format when asked, and watches the zone.
  init() {
    zoneMonitor = FileMonitor(path: "/etc/localtime") { [weak self] in self?.onZoneChange?() }
  }

  /// The time zone as an identifier ("Europe/Berlin"): TZ, or where /etc/localtime points;
  /// nil when neither says (GLib's local zone is used then).
  var zone: String? {
    if let tz = ProcessInfo.processInfo.environment["TZ"], !tz.isEmpty {
      return tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
    }
    guard let target = Files.linkDestination(of: "/etc/localtime") else { return nil }
    let parts = target.split(separator: "/", omittingEmptySubsequences: false)
    guard let zoneinfo = parts.lastIndex(of: "zoneinfo") else { return nil }
    return parts[(zoneinfo + 1)...].joined(separator: "/")
  }

  /// Whether GNOME writes times on a 12-hour clock (its clock-format setting).
  var twelveHour: Bool { interface?.string("clock-format") == "12h" }
}
