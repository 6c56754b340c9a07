import Foundation
import Testing

@testable import ScrumdingerCore

/// "2026-03-29T09:30:00+02:00" → the instant.
private func instant(_ iso: String) -> Date {
  let formatter = ISO8601DateFormatter()
  return formatter.date(from: iso)!
}

/// The instant written in `zone`'s local time with its offset, as GLib sees it.
private func local(_ date: Date?, _ zone: String) -> String {
  guard let date else { return "none" }
  return Texts.format(date, "%Y-%m-%d %H:%M %a %:z", timeZone: zone)
}

/// When `schedule` next starts after `iso`, in `zone`'s local time.
private func nextStart(_ schedule: MeetingSchedule, after iso: String, in zone: String) -> String {
  local(schedule.nextStart(after: instant(iso), timeZone: zone), zone)
}

@Suite struct MeetingScheduleTests {
  let weekdays930 = MeetingSchedule(days: MeetingSchedule.workingDays, hour: 9, minute: 30, reminderMinutes: 5)

  @Test func theNextStartSkipsTheWeekendAndTodaysStartOnceItHasBegun() {
    let zone = "Europe/Berlin"
    // Friday 2026-11-20, 08:00 local: today at 9:30.
    #expect(nextStart(weekdays930, after: "2026-11-20T07:00:00Z", in: zone) == "2026-11-20 09:30 Fri +01:00")
    // Friday at 9:30 exactly: the next is Monday.
    #expect(nextStart(weekdays930, after: "2026-11-20T08:30:00Z", in: zone) == "2026-11-23 09:30 Mon +01:00")
    let sundays = MeetingSchedule(days: [.sunday], hour: 18, minute: 0)
    #expect(nextStart(sundays, after: "2026-11-23T07:00:00Z", in: zone) == "2026-11-29 18:00 Sun +01:00")
    #expect(MeetingSchedule(days: []).nextStart(after: instant("2026-11-23T07:00:00Z"), timeZone: zone) == nil)
  }

  @Test func nineThirtyStaysNineThirtyAcrossDaylightSavingChanges() {
    // Berlin springs forward on Sunday 2026-03-29 and falls back on Sunday 2026-10-25.
    let berlin = "Europe/Berlin"
    #expect(nextStart(weekdays930, after: "2026-03-27T09:00:00Z", in: berlin) == "2026-03-30 09:30 Mon +02:00")
    #expect(nextStart(weekdays930, after: "2026-10-23T09:00:00Z", in: berlin) == "2026-10-26 09:30 Mon +01:00")
    // New York springs forward on 2026-03-08 and falls back on 2026-11-01 (Sundays too).
    let newYork = "America/New_York"
    let daily = MeetingSchedule(days: Set(MeetingSchedule.Weekday.allCases), hour: 9, minute: 30)
    #expect(nextStart(daily, after: "2026-03-07T15:00:00Z", in: newYork) == "2026-03-08 09:30 Sun -04:00")
    #expect(nextStart(daily, after: "2026-10-31T15:00:00Z", in: newYork) == "2026-11-01 09:30 Sun -05:00")
  }

  @Test func aTimeThatDoesNotExistThatDayComesAtTheFirstValidTimeAfterIt() {
    // 2:30 on Berlin's spring-forward night does not exist (2:00 → 3:00): it comes at 3:00.
    let nightly = MeetingSchedule(days: Set(MeetingSchedule.Weekday.allCases), hour: 2, minute: 30)
    let berlin = "Europe/Berlin"
    #expect(nextStart(nightly, after: "2026-03-28T12:00:00Z", in: berlin) == "2026-03-29 03:00 Sun +02:00")
    #expect(nextStart(nightly, after: "2026-03-29T12:00:00Z", in: berlin) == "2026-03-30 02:30 Mon +02:00")
  }

  @Test func aChangeOfTimeZoneGivesTheLocalTimeOfTheNewZone() {
    let now = instant("2026-11-24T05:00:00Z")
    #expect(local(weekdays930.nextStart(after: now, timeZone: "Europe/Berlin"), "UTC") == "2026-11-24 08:30 Tue +00:00")
    #expect(
      local(weekdays930.nextStart(after: now, timeZone: "America/New_York"), "UTC") == "2026-11-24 14:30 Tue +00:00")
  }

  @Test func theScheduleIsSavedAndOlderFilesHaveNone() throws {
    let scrum = DailyScrum(
      title: "T", schedule: MeetingSchedule(days: [.monday, .thursday], hour: 14, minute: 5, reminderMinutes: 10))
    #expect(try ScrumFile.decode(ScrumFile.encode([scrum])) == [scrum])
    #expect(
      String(decoding: ScrumFile.encode([scrum]), as: UTF8.self).contains(
        #""schedule":{"days":[1,4],"hour":14,"minute":5,"remind":10}"#))
    let old =
      #"{"version": 1, "scrums": [{"id": "6F1A3C0E-1111-4B7C-9B51-0E7B7C6B2E01", "title": "x", "attendees": [], "lengthInMinutes": 5, "theme": "sky", "history": []}]}"#
    #expect(try ScrumFile.decode(Data(old.utf8)).first?.schedule == nil)
  }

  @Test func cardsSayWhenItMeetsNextInWords() {
    let zone = "Europe/Berlin"
    let friday = instant("2026-11-20T07:00:00Z")  // 8:00 in Berlin
    #expect(
      Texts.nextMeeting(weekdays930.nextStart(after: friday, timeZone: zone)!, now: friday, timeZone: zone)
        == "Next: today at 09:30")
    let fridayNoon = instant("2026-11-20T11:00:00Z")
    #expect(
      Texts.nextMeeting(weekdays930.nextStart(after: fridayNoon, timeZone: zone)!, now: fridayNoon, timeZone: zone)
        == "Next: Monday at 09:30")
    let thursday = instant("2026-11-19T11:00:00Z")
    #expect(
      Texts.nextMeeting(
        weekdays930.nextStart(after: thursday, timeZone: zone)!, now: thursday, twelveHour: true, timeZone: zone)
        == "Next: tomorrow at 9:30 AM")
  }
}
