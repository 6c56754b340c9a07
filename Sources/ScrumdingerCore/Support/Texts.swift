import FoundationEssentials
// The phrases the UI and screen readers use, in one place so their plural rules are
// tested and every page says the same thing the same way.
import Platform

/// User-facing phrases.
public enum Texts {
  /// The most characters of a title or name the UI shows (the data keeps them all): a
  /// 5 MB title would make the X server refuse the text's pixmap.
  public static let shownLength = 200

  /// `text` as the UI shows it: whole, or cut at `shownLength` characters with "…".
  public static func shown(_ text: String) -> String {
    guard text.utf8.count > shownLength else { return text }  // most titles: no walk over characters
    let end = text.index(text.startIndex, offsetBy: shownLength, limitedBy: text.endIndex) ?? text.endIndex
    return end == text.endIndex ? text : String(text[..<end]) + "…"
  }

  /// A size as GNOME writes one: "300.0 MB", "128.0 MB" (GLib's g_format_size).
  public static func bytes(_ count: Int) -> String {
    TextForms.size(count)
  }

  /// "1 attendee", "3 attendees".
  public static func attendees(_ count: Int) -> String {
    trn("%d attendee", "%d attendees", count)
  }

  /// "5 minute meeting" (the card's length line).
  public static func meetingLength(_ minutes: Int) -> String {
    trn("%d minute meeting", "%d minute meeting", minutes)
  }

  /// "1 minute", "5 minutes".
  public static func minutes(_ count: Int) -> String {
    trn("%d minute", "%d minutes", count)
  }

  /// A meeting's duration: "45 seconds", "1 minute", "9 minutes 57 seconds".
  public static func duration(seconds: Int) -> String {
    let (m, s) = (seconds / 60, seconds % 60)
    let secondsText = trn("%d second", "%d seconds", s)
    if m == 0 { return secondsText }
    return s == 0 ? minutes(m) : tr("%@ %@", minutes(m), secondsText)
  }

  /// A time as a clock shows it, always m:ss ("0:09", "12:05", "62:05"): a bare "9" read as
  /// nine of anything. Screen readers get `duration(seconds:)` instead.
  public static func minutesAndSeconds(_ seconds: Int) -> String {
    let value = max(0, seconds)
    let rest = value % 60
    return "\(value / 60):" + (rest < 10 ? "0" : "") + "\(rest)"
  }

  /// A history entry's date and time, as the translation writes dates: "Nov 22, 2026, 14:32",
  /// "2026年11月22日 14:32". `timeZone` is an identifier ("UTC"); nil is the user's own.
  public static func meetingDate(_ date: Date, timeZone: String? = nil) -> String {
    // Translators: a past meeting's date and time in g_date_time_format's notation (%b month, %-d day, %Y year).
    format(date, tr("%b %-d, %Y, %H:%M"), timeZone: timeZone)
  }

  /// The time of day as the translation writes it: "14:32", or with `twelveHour` (GNOME's
  /// clock format) "2:32 PM".
  public static func timeOfDay(_ date: Date, twelveHour: Bool = false, timeZone: String? = nil) -> String {
    let pattern =
      twelveHour
      // Translators: a time of day on a 12-hour clock in g_date_time_format's notation ("%-l:%M %p" is 2:32 PM).
      ? tr("%-l:%M %p")
      // Translators: a time of day in g_date_time_format's notation ("%H:%M" is 14:32).
      : tr("%H:%M")
    return format(date, pattern, timeZone: timeZone)
  }

  /// How far off its plan a meeting runs, once it is 15 s or more: "1:05 behind", "0:30
  /// ahead"; nil when on time. `spoken` gives words for screen readers ("1 minute 5 seconds
  /// behind").
  public static func pace(secondsBehind: Int, spoken: Bool = false) -> String? {
    guard abs(secondsBehind) >= 15 else { return nil }
    let amount = spoken ? duration(seconds: abs(secondsBehind)) : minutesAndSeconds(abs(secondsBehind))
    return secondsBehind > 0 ? tr("%@ behind", amount) : tr("%@ ahead", amount)
  }

  /// `date` written by GLib in `pattern`: names of months and days come from the C library's
  /// LC_TIME locale, the pattern from the translation (as GNOME's own apps write dates), so
  /// no ICU is loaded to write a date.
  public static func format(_ date: Date, _ pattern: String, timeZone: String?) -> String {
    ZoneRules(timeZone)?.format(unix: Int64(date.timeIntervalSince1970.rounded(.down)), pattern) ?? ""
  }
}
