// "Add to Calendar…": a scrum's schedule as an iCalendar file (RFC 5545) that GNOME Calendar
// or Evolution imports: one weekly VEVENT whose start is the next meeting in local (floating)
// time, so it stays at 9:30 wherever the calendar is, lasting the whole planned meeting, with
// the attendees' names in its description. Lines end in CRLF and are folded at 75 octets, as
// the standard asks.
import FoundationEssentials

/// Writes iCalendar files.
public enum CalendarExport {
  /// The file for `scrum`'s schedule, its start the next one after `now` in `timeZone` (the
  /// user's own by default); nil for a scrum off a schedule.
  public static func iCalendar(of scrum: DailyScrum, now: Date, timeZone: String? = nil) -> String? {
    guard let schedule = scrum.schedule, let start = schedule.nextStart(after: now, timeZone: timeZone) else {
      return nil
    }
    let days = schedule.days.sorted().map { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][$0.rawValue - 1] }
    var description = tr("A %d-minute stand-up.", scrum.plannedMinutes)
    if !scrum.attendees.isEmpty {
      description += " " + tr("Attendees: %@", scrum.attendees.map(\.name).joined(separator: ", "))
    }
    let lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Scrumdinger for Linux//Scrumdinger//EN", "CALSCALE:GREGORIAN",
      "BEGIN:VEVENT",
      "UID:\(scrum.id.uuidString)@scrumdinger.github.io",
      "DTSTAMP:" + Texts.format(now, "%Y%m%dT%H%M%SZ", timeZone: "UTC"),
      "DTSTART:" + Texts.format(start, "%Y%m%dT%H%M%S", timeZone: timeZone),
      "DURATION:PT\(scrum.plannedMinutes)M",
      "RRULE:FREQ=WEEKLY;BYDAY=" + days.joined(separator: ","),
      "SUMMARY:" + escaped(scrum.title),
      "DESCRIPTION:" + escaped(description),
      "END:VEVENT", "END:VCALENDAR",
    ]
    return lines.map(folded).joined(separator: "\r\n") + "\r\n"
  }

  /// TEXT as RFC 5545 writes it: backslash, semicolon and comma escaped, line breaks as \n.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\": result += "\\\\"
      case ";": result += "\\;"
      case ",": result += "\\,"
      case "\n", "\r\n", "\r": result += "\\n"
      default: result.append(character)
      }
    }
    return result
  }

  /// `line` folded into lines of at most 75 octets, each continuation starting with a space,
  /// never inside a character.
  static func folded(_ line: String) -> String {
    var result = ""
    var octets = 0
    for character in line {
      let size = character.utf8.count
      if octets + size > 75 {
        result += "\r\n "
        octets = 1
      }
      result.append(character)
      octets += size
    }
    return result
  }
}
