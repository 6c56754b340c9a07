// The reminders' live effects, around the core's ReminderPlanner: a CLOCK_REALTIME alarm (it
// sleeps until the next reminder, fires on time after a suspend and early when the clock is
// set), desktop notifications whose "Start Meeting" button runs `app.start-scheduled` with the
// scrum's id, and the user's time zone, read from TZ or /etc/localtime and watched there, so a
// change of zone plans again. SCRUMDINGER_CLOCK_OFFSET (seconds) moves the app's wall clock,
// for the tests.
import FoundationEssentials
import Glibc
import GtkShim
import ScrumdingerCore

/// Seconds the app's wall clock is moved by (SCRUMDINGER_CLOCK_OFFSET; 0 unless testing).
let wallClockOffset = ProcessInfo.processInfo.environment["SCRUMDINGER_CLOCK_OFFSET"].flatMap(TimeInterval.init) ?? 0

/// The wall clock's alarm, as the planner's timer.
@MainActor final class RealtimeTimer: WallTimer {
  private let alarm = WallClockAlarm()

  func arm(at instant: Date, _ action: @escaping @MainActor () -> Void) {
    let real = instant.addingTimeInterval(-wallClockOffset)
    alarm.arm(atUnixTime: Int64(real.timeIntervalSince1970.rounded(.up)), action)
  }

  func cancel() { alarm.cancel() }
}

/// The reminders as desktop notifications, one per scrum.
@MainActor final class ReminderNotifier: ReminderNotices {
  private let application: Application
  private let twelveHour: Bool

  init(application: Application, twelveHour: Bool) {
    self.application = application
    self.twelveHour = twelveHour
  }

  static func notificationID(_ scrumID: UUID) -> String { "reminder-" + scrumID.uuidString }

  func show(_ notice: ReminderPlanner.Notice) {
    application.sendNotification(
      id: Self.notificationID(notice.scrumID), title: notice.heading,
      body: tr("At %@", Texts.timeOfDay(notice.start, twelveHour: twelveHour, timeZone: LocalZone.identifier)),
      button: (tr("Start Meeting"), Command.startScheduled.rawValue, notice.scrumID.uuidString))
  }

  func withdraw(scrumID: UUID) {
    application.withdrawNotification(id: Self.notificationID(scrumID))
  }
}

/// The user's time zone, as an identifier ("Europe/Berlin"): TZ, or where /etc/localtime
/// points (GLib keeps the zone it read first; this is read again each time).
enum LocalZone {
  static var identifier: String? {
    if let tz = ProcessInfo.processInfo.environment["TZ"], !tz.isEmpty { return tz.hasPrefix(":") ? String(tz.dropFirst()) : tz }
    var buffer = [CChar](repeating: 0, count: 512)
    let count = readlink("/etc/localtime", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    let target = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let parts = target.split(separator: "/", omittingEmptySubsequences: false)
    guard let zoneinfo = parts.lastIndex(of: "zoneinfo") else { return nil }
    return parts[(zoneinfo + 1)...].joined(separator: "/")
  }
}
