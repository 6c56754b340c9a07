// Wall-clock dates in a time zone, as GLib's GDateTime computes them (the user's own zone by
// default, from the system's tz database): the schedules' next meetings and every date the
// app writes. Days are handled at their noon, which no change of offset ever falls on.
import CGLib

/// A day of the calendar: its year, month (1–12), day of the month, and weekday (1 Monday …
/// 7 Sunday).
public struct LocalDay: Equatable, Sendable {
  public let year: Int
  public let month: Int
  public let day: Int
  public let weekday: Int
}

/// A time zone's rules: where a Unix time falls in its calendar, and back.
public final class ZoneRules {
  private let zone: OpaquePointer

  /// The zone `identifier` names ("Europe/Berlin"; nil: the user's own); nil when GLib
  /// cannot make one.
  public init?(_ identifier: String?) {
    guard let zone = identifier.map({ g_time_zone_new_identifier($0) }) ?? g_time_zone_new_local() else { return nil }
    self.zone = zone
  }

  deinit { g_time_zone_unref(zone) }

  /// The day Unix time `seconds` falls on here.
  public func day(ofUnix seconds: Int64) -> LocalDay? {
    withLocal(seconds) { local in Self.day(of: local) }
  }

  /// The day `days` after `day` (before, when negative).
  public func day(_ days: Int, after day: LocalDay) -> LocalDay? {
    withNoon(of: day) { noon in
      guard let moved = g_date_time_add_days(noon, gint(days)) else { return nil }
      defer { g_date_time_unref(moved) }
      return Self.day(of: moved)
    }
  }

  /// The Unix time of `hour`:`minute` on `day` here (a time a change of offset skips is
  /// moved as GLib moves it).
  public func unixTime(of day: LocalDay, hour: Int, minute: Int) -> Int64? {
    guard let start = g_date_time_new(zone, gint(day.year), gint(day.month), gint(day.day), gint(hour), gint(minute), 0)
    else { return nil }
    defer { g_date_time_unref(start) }
    return Int64(g_date_time_to_unix(start))
  }

  /// How many calendar days `end` lies after `start`.
  public func days(from start: LocalDay, to end: LocalDay) -> Int? {
    withNoon(of: start) { from in
      withNoon(of: end) { to in
        // Noon to noon: whole days, give or take the hour a daylight-saving change moves.
        Int((Double(g_date_time_difference(to, from)) / 86_400_000_000).rounded())
      }
    }
  }

  /// Unix time `seconds` written here in `pattern` (g_date_time_format's notation: names of
  /// months and days from the C library's LC_TIME locale); empty when it cannot be.
  public func format(unix seconds: Int64, _ pattern: String) -> String {
    withLocal(seconds) { local in
      guard let text = g_date_time_format(local, pattern) else { return nil }
      defer { g_free(text) }
      return String(cString: text)
    } ?? ""
  }

  private func withLocal<T>(_ seconds: Int64, _ body: (OpaquePointer) -> T?) -> T? {
    guard let utc = g_date_time_new_from_unix_utc(gint64(seconds)) else { return nil }
    defer { g_date_time_unref(utc) }
    guard let local = g_date_time_to_timezone(utc, zone) else { return nil }
    defer { g_date_time_unref(local) }
    return body(local)
  }

  private func withNoon<T>(of day: LocalDay, _ body: (OpaquePointer) -> T?) -> T? {
    guard let noon = g_date_time_new(zone, gint(day.year), gint(day.month), gint(day.day), 12, 0, 0) else { return nil }
    defer { g_date_time_unref(noon) }
    return body(noon)
  }

  private static func day(of time: OpaquePointer) -> LocalDay {
    LocalDay(
      year: Int(g_date_time_get_year(time)), month: Int(g_date_time_get_month(time)),
      day: Int(g_date_time_get_day_of_month(time)), weekday: Int(g_date_time_get_day_of_week(time)))
  }
}
