// The phrases the UI and screen readers use, in one place so their plural rules are
// tested and every page says the same thing the same way.
import Foundation

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

  /// A time as a clock shows it: whole seconds under a minute ("45"), m:ss from a minute on
  /// ("12:05"). Screen readers get `duration(seconds:)` instead.
  public static func clock(seconds: Int) -> String {
    seconds >= 60 ? minutesAndSeconds(seconds) : "\(max(0, seconds))"
  }

  /// Always m:ss ("0:12"), for overruns.
  public static func minutesAndSeconds(_ seconds: Int) -> String {
    let value = max(0, seconds)
    let rest = value % 60
    return "\(value / 60):" + (rest < 10 ? "0" : "") + "\(rest)"
  }

  /// The user's locale for dates, read once (after `setUpLocalization` has set the process's).
  public static let dateLocale = userLocale()

  /// A history entry's date and time in the user's locale: "21 Nov 2026, 10:15".
  public static func meetingDate(_ date: Date, locale: Locale = dateLocale, timeZone: TimeZone = .current) -> String {
    format(date, withDate: true, locale: locale, timeZone: timeZone)
  }

  /// The time of day in the user's locale: "14:32" (or "2:32 PM").
  public static func timeOfDay(_ date: Date, locale: Locale = dateLocale, timeZone: TimeZone = .current) -> String {
    format(date, withDate: false, locale: locale, timeZone: timeZone)
  }

  private static func format(_ date: Date, withDate: Bool, locale: Locale, timeZone: TimeZone) -> String {
    formatterLock.lock()
    defer { formatterLock.unlock() }
    if let formatter = cachedFormatters[withDate], formatter.locale == locale, formatter.timeZone == timeZone {
      return formatter.string(from: date)
    }
    let formatter = DateFormatter()
    formatter.locale = locale
    formatter.timeZone = timeZone
    formatter.dateStyle = withDate ? .medium : .none
    formatter.timeStyle = .short
    cachedFormatters[withDate] = formatter
    return formatter.string(from: date)
  }

  /// Formatters (with and without the date) for one locale and time zone, kept: making one
  /// costs far more than using it, and a history list formats a row's date each time it
  /// scrolls into view.
  nonisolated(unsafe) private static var cachedFormatters: [Bool: DateFormatter] = [:]
  private static let formatterLock = NSLock()
}
