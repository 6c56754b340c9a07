// The phrases the UI and screen readers use, in one place so their plural rules are
// tested and every page says the same thing the same way.
import Foundation

/// User-facing phrases.
public enum Texts {
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

  /// A history entry's date and time in the user's locale: "21 Nov 2026, 10:15".
  public static func meetingDate(_ date: Date, locale: Locale = .current, timeZone: TimeZone = .current) -> String {
    let formatter = DateFormatter()
    formatter.locale = locale
    formatter.timeZone = timeZone
    formatter.dateStyle = .medium
    formatter.timeStyle = .short
    return formatter.string(from: date)
  }
}
