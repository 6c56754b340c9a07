// The reminders' live effects, around the core's ReminderPlanner: a CLOCK_REALTIME alarm (it
// sleeps until the next reminder, fires on time after a suspend and early when the clock is
// set), desktop notifications whose "Start Meeting" button runs `app.start-scheduled` with the
// scrum's id, written in the user's time zone (LocalTime, which also says when the zone
// changes, to plan again). `LaunchEnvironment.clockOffset` moves the app's wall clock.
import FoundationEssentials
import Glibc
import GtkShim
import Platform
import ScrumdingerCore

/// The wall clock's alarm, as the planner's timer.
@MainActor final class RealtimeTimer: WallTimer {
  private let alarm = WallClockAlarm()

  func arm(at instant: Date, _ action: @escaping @MainActor () -> Void) {
    let real = instant.addingTimeInterval(-LaunchEnvironment.clockOffset)
    alarm.arm(atUnixTime: Int64(real.timeIntervalSince1970.rounded(.up)), action)
  }

  func cancel() { alarm.cancel() }
}

/// The reminders as desktop notifications, one per scrum.
@MainActor final class ReminderNotifier: ReminderNotices {
  private let application: Application
  private let time: LocalTime

  init(application: Application, time: LocalTime) {
    self.application = application
    self.time = time
  }

  static func notificationID(_ scrumID: UUID) -> String { "reminder-" + scrumID.uuidString }

  func show(_ notice: ReminderPlanner.Notice) {
    application.sendNotification(
      id: Self.notificationID(notice.scrumID), title: notice.heading,
      body: tr("At %@", Texts.timeOfDay(notice.start, twelveHour: time.twelveHour, timeZone: time.zone)),
      button: (tr("Start Meeting"), Command.app(.startScheduled).detailedName, notice.scrumID.uuidString))
  }

  func withdraw(scrumID: UUID) {
    application.withdrawNotification(id: Self.notificationID(scrumID))
  }
}
