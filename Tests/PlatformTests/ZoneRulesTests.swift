import Testing

@testable import Platform

/// Wall-clock days and times in a time zone, from GLib and the system's tz database: days
/// across a change of offset, a time the change skips, half-hour zones, and a zone that does
/// not exist.
@Suite struct ZoneRulesTests {
  let berlin = ZoneRules("Europe/Berlin")!
  /// 2026-03-29, when Berlin's clocks go from 2:00 to 3:00.
  let spring = LocalDay(year: 2026, month: 3, day: 29, weekday: 7)

  @Test func aDayIsTheZonesOwnAroundMidnight() {
    // 2026-03-28 23:30 UTC is already Sunday the 29th in Berlin (UTC+1), still Saturday in UTC.
    let lateSaturdayUTC: Int64 = 1_774_740_600
    #expect(berlin.day(ofUnix: lateSaturdayUTC) == spring)
    #expect(ZoneRules("UTC")?.day(ofUnix: lateSaturdayUTC) == LocalDay(year: 2026, month: 3, day: 28, weekday: 6))
    #expect(ZoneRules("Asia/Kolkata")?.format(unix: lateSaturdayUTC, "%H:%M") == "05:00", "a half-hour offset")
  }

  @Test func daysAcrossAChangeOfOffsetAreWholeDays() {
    let before = LocalDay(year: 2026, month: 3, day: 28, weekday: 6)
    #expect(berlin.day(1, after: before) == spring)
    #expect(berlin.day(-1, after: spring) == before)
    #expect(berlin.days(from: before, to: spring) == 1, "a day of 23 hours is still a day")
    #expect(berlin.day(7, after: spring) == LocalDay(year: 2026, month: 4, day: 5, weekday: 7))
    // 9:00 on each side of the change is 24 hours less one apart.
    let nineBefore = berlin.unixTime(of: before, hour: 9, minute: 0)!
    let nineAfter = berlin.unixTime(of: spring, hour: 9, minute: 0)!
    #expect(nineAfter - nineBefore == 23 * 3_600)
  }

  @Test func aTimeTheChangeSkipsIsMovedNotLost() {
    // 2:30 does not exist on that day in Berlin: GLib moves it to the moment the clocks
    // change, 3:00 (a meeting scheduled then is held then, not an hour off either way).
    let skipped = berlin.unixTime(of: spring, hour: 2, minute: 30)
    #expect(skipped.map { berlin.format(unix: $0, "%Y-%m-%d %H:%M") } == "2026-03-29 03:00")
    #expect(skipped == berlin.unixTime(of: spring, hour: 3, minute: 0))
  }

  @Test func aZoneThatDoesNotExistIsNone() {
    #expect(ZoneRules("Mars/Olympus_Mons") == nil)
    #expect(ZoneRules(nil) != nil, "the user's own zone")
  }
}
