import Foundation
import Testing

@testable import ScrumdingerCore

/// A wall timer that only remembers when it is armed for; `fire` runs it.
@MainActor final class FakeWallTimer: WallTimer {
  private(set) var armedAt: Date?
  private var action: (@MainActor () -> Void)?
  func arm(at instant: Date, _ action: @escaping @MainActor () -> Void) {
    armedAt = instant
    self.action = action
  }
  func cancel() {
    armedAt = nil
    action = nil
  }
  func fire() { action?() }
}

@MainActor final class RecordingNotices: ReminderNotices {
  private(set) var log: [String] = []
  func show(_ notice: ReminderPlanner.Notice) { log.append(notice.heading) }
  func withdraw(scrumID: UUID) { log.append("withdrawn") }
}

private func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

@MainActor @Suite struct ReminderPlannerTests {
  let team = DailyScrum(title: "Team", schedule: MeetingSchedule(hour: 9, minute: 30, reminderMinutes: 5))

  /// A planner over `team` at `start` (UTC); the clock moves with `at`.
  func planner(at start: String, zone: @escaping () -> String? = { "UTC" }) -> (
    ReminderPlanner, FakeWallTimer, RecordingNotices, (String) -> Void
  ) {
    var now = utc(start)
    let timer = FakeWallTimer()
    let notices = RecordingNotices()
    let planner = ReminderPlanner(
      state: AppState(scrums: [team]), now: { now }, timeZone: zone, timer: timer, notices: notices)
    return (planner, timer, notices, { now = utc($0) })
  }

  @Test func theReminderThenTheStartThenNothingAndOneTimerArmedAtATime() {
    let (planner, timer, notices, at) = planner(at: "2026-11-24T09:00:00Z")  // a Tuesday
    defer { withExtendedLifetime(planner) {} }
    #expect(notices.log.isEmpty)
    #expect(timer.armedAt == utc("2026-11-24T09:25:00Z"))
    at("2026-11-24T09:25:00Z")
    timer.fire()
    #expect(notices.log == ["Team starts in 5 minutes"])
    #expect(timer.armedAt == utc("2026-11-24T09:30:00Z"))
    at("2026-11-24T09:30:00Z")
    timer.fire()
    #expect(notices.log.last == "Team is starting", "in the reminder's place")
    #expect(timer.armedAt == utc("2026-11-24T09:45:00Z"))
    at("2026-11-24T09:45:00Z")
    timer.fire()
    #expect(notices.log.last == "withdrawn", "15 minutes after the start")
    #expect(timer.armedAt == utc("2026-11-25T09:25:00Z"), "tomorrow's reminder")
  }

  @Test func aMeetingIsStartableFromElsewhereOnlyWhileItsReminderShows() {
    let (planner, timer, _, at) = planner(at: "2026-11-24T09:00:00Z")
    #expect(!planner.isReminding(team.id), "25 minutes before: no reminder yet")
    at("2026-11-24T09:25:00Z")
    timer.fire()
    #expect(planner.isReminding(team.id))
    at("2026-11-24T09:44:00Z")
    timer.fire()
    #expect(planner.isReminding(team.id), "within 15 minutes of the start")
    at("2026-11-24T09:45:00Z")
    timer.fire()
    #expect(!planner.isReminding(team.id), "15 minutes after the start")
    at("2026-11-25T09:26:00Z")
    timer.fire()
    planner.meetingStarted(scrumID: team.id)
    #expect(!planner.isReminding(team.id), "its meeting began")
    #expect(!planner.isReminding(UUID()), "a scrum with no schedule")
  }

  @Test func afterASuspendAPassedReminderIsNotShownLateButARecentStartIs() {
    let (planner, timer, notices, at) = planner(at: "2026-11-24T09:00:00Z")
    defer { withExtendedLifetime(planner) {} }
    at("2026-11-24T09:34:00Z")  // slept through 9:25 and 9:30
    timer.fire()
    #expect(notices.log == ["Team is starting"], "no late reminder; the start 4 minutes ago")
    at("2026-11-24T10:20:00Z")  // slept again, past 9:45
    timer.fire()
    #expect(notices.log == ["Team is starting", "withdrawn"])
    let (later, laterTimer, laterNotices, laterAt) = self.planner(at: "2026-11-24T09:00:00Z")
    defer { withExtendedLifetime(later) {} }
    laterAt("2026-11-24T09:50:00Z")  // slept from before the reminder to after the start's 15 minutes
    laterTimer.fire()
    #expect(laterNotices.log.isEmpty, "nothing is shown for a start 20 minutes ago")
    #expect(laterTimer.armedAt == utc("2026-11-25T09:25:00Z"))
  }

  @Test func startingTheMeetingTakesTheReminderBackAndSaysNoMore() {
    let (planner, timer, notices, at) = planner(at: "2026-11-24T09:27:00Z")
    #expect(notices.log == ["Team starts in 3 minutes"], "3 minutes left when it is planned")
    planner.meetingStarted(scrumID: team.id)
    #expect(notices.log == ["Team starts in 3 minutes", "withdrawn"])
    at("2026-11-24T09:30:00Z")
    timer.fire()
    #expect(notices.log.count == 2, "no “is starting” for a meeting already under way")
    #expect(timer.armedAt == utc("2026-11-24T09:45:00Z"))
  }

  @Test func aTimeZoneChangeArmsTheTimerForTheNewLocalTime() {
    var zone = "Europe/Berlin"
    let (planner, timer, _, _) = planner(at: "2026-11-24T05:00:00Z", zone: { zone })
    #expect(timer.armedAt == utc("2026-11-24T08:25:00Z"), "9:25 in Berlin")
    zone = "America/New_York"
    planner.plan()
    #expect(timer.armedAt == utc("2026-11-24T14:25:00Z"), "9:25 in New York")
  }

  @Test func aScheduleTakenAwayTakesItsNoticeAndItsTimerWithIt() {
    let state = AppState(scrums: [team])
    let timer = FakeWallTimer()
    let notices = RecordingNotices()
    let planner = ReminderPlanner(
      state: state, now: { utc("2026-11-24T09:26:00Z") }, timeZone: { "UTC" }, timer: timer, notices: notices)
    #expect(planner.hasSchedules)
    state.scrums.update { $0[0].schedule = nil }
    #expect(notices.log == ["Team starts in 4 minutes", "withdrawn"])
    #expect(timer.armedAt == nil, "nothing to wait for")
    #expect(!planner.hasSchedules)
  }
}
