import FoundationEssentials
// When a scrum meets: weekdays and a local time of day, and how long before it the reminder
// comes. Occurrences are computed by GLib's GDateTime in the time zone given (the user's own
// by default), never by adding seconds: a 9:30 stand-up stays at 9:30 local time across a
// daylight-saving change, and a time that does not exist that day (2:30 on a spring-forward
// night) is moved, as GLib does, to the first valid time after it.
import Platform

/// A scrum's weekly schedule.
public struct MeetingSchedule: Equatable, Hashable, Sendable {
  /// A day of the week, numbered as ISO 8601 and GLib number them (Monday 1 … Sunday 7).
  public enum Weekday: Int, CaseIterable, Codable, Comparable, Sendable {
    case monday = 1
    case tuesday, wednesday, thursday, friday, saturday, sunday

    /// The short name the editor's toggles show ("Mon").
    public var shortName: String {
      switch self {
      case .monday: tr("Mon")
      case .tuesday: tr("Tue")
      case .wednesday: tr("Wed")
      case .thursday: tr("Thu")
      case .friday: tr("Fri")
      case .saturday: tr("Sat")
      case .sunday: tr("Sun")
      }
    }

    /// The whole name ("Monday"), for screen readers and "Next: Monday at 9:30".
    public var name: String {
      switch self {
      case .monday: tr("Monday")
      case .tuesday: tr("Tuesday")
      case .wednesday: tr("Wednesday")
      case .thursday: tr("Thursday")
      case .friday: tr("Friday")
      case .saturday: tr("Saturday")
      case .sunday: tr("Sunday")
      }
    }

    public static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }
  }

  /// The reminder leads offered, in minutes (0: no reminder).
  public static let reminderChoices = [0, 1, 5, 10, 15]
  /// A new schedule's weekdays: Monday to Friday.
  public static let workingDays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

  /// The days it meets.
  public var days: Set<Weekday>
  /// The local time it starts: 0…23 and 0…59.
  public var hour: Int
  public var minute: Int
  /// How many minutes before the start the reminder comes (one of `reminderChoices`).
  public var reminderMinutes: Int

  /// A schedule; values out of range are brought into it.
  public init(days: Set<Weekday> = Self.workingDays, hour: Int = 9, minute: Int = 30, reminderMinutes: Int = 5) {
    self.days = days
    self.hour = hour.clamped(to: 0...23)
    self.minute = minute.clamped(to: 0...59)
    self.reminderMinutes = Self.reminderChoices.contains(reminderMinutes) ? reminderMinutes : 5
  }

  /// The first start strictly after `instant`, in `timeZone` (an identifier such as
  /// "Europe/Berlin"; nil is the user's own); nil without days.
  public func nextStart(after instant: Date, timeZone: String? = nil) -> Date? {
    guard !days.isEmpty else { return nil }
    guard let zone = ZoneRules(timeZone),
      let today = zone.day(ofUnix: Int64(instant.timeIntervalSince1970.rounded(.down)))
    else { return nil }
    for offset in 0...7 {
      guard let day = zone.day(offset, after: today), let weekday = Weekday(rawValue: day.weekday),
        days.contains(weekday),
        let unix = zone.unixTime(of: day, hour: hour, minute: minute)
      else { continue }
      if Double(unix) > instant.timeIntervalSince1970 { return Date(timeIntervalSince1970: Double(unix)) }
    }
    return nil
  }
}

extension Texts {
  /// When a scheduled scrum meets next, from `now`: "Next: today at 9:30", "Next: tomorrow at
  /// 9:30", "Next: Monday at 9:30" (the weekday within the week to come).
  public static func nextMeeting(_ start: Date, now: Date, twelveHour: Bool = false, timeZone: String? = nil) -> String
  {
    let time = timeOfDay(start, twelveHour: twelveHour, timeZone: timeZone)
    let days = ZoneRules(timeZone).flatMap { zone in localDays(from: now, to: start, in: zone) } ?? 7
    switch days {
    case 0: return tr("Next: today at %@", time)
    case 1: return tr("Next: tomorrow at %@", time)
    default:
      let weekday = Int(format(start, "%u", timeZone: timeZone)).flatMap(MeetingSchedule.Weekday.init(rawValue:))
      return tr("Next: %@ at %@", weekday?.name ?? "", time)
    }
  }

  /// How many calendar days `end` lies after `start` in `zone`.
  private static func localDays(from start: Date, to end: Date, in zone: ZoneRules) -> Int? {
    guard let from = zone.day(ofUnix: Int64(start.timeIntervalSince1970.rounded(.down))),
      let to = zone.day(ofUnix: Int64(end.timeIntervalSince1970.rounded(.down)))
    else { return nil }
    return zone.days(from: from, to: to)
  }
}
