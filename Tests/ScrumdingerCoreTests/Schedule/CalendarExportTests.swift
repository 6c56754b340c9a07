import Foundation
import Testing

@testable import ScrumdingerCore

@Suite struct CalendarExportTests {
  @Test func aScheduleIsAWeeklyEventInLocalTimeLastingTheMeeting() throws {
    let scrum = DailyScrum(
      id: UUID(uuidString: "6F1A3C0E-1111-4B7C-9B51-0E7B7C6B2E01")!, title: "Design; review, daily",
      attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 10,
      agenda: [AgendaItem(title: "Parking lot", minutes: 5)],
      schedule: MeetingSchedule(days: [.monday, .wednesday, .friday], hour: 9, minute: 30))
    let now = ISO8601DateFormatter().date(from: "2026-11-24T12:00:00Z")!  // a Tuesday
    let text = try #require(CalendarExport.iCalendar(of: scrum, now: now, timeZone: "Europe/Berlin"))
    let lines = text.components(separatedBy: "\r\n")
    #expect(lines.first == "BEGIN:VCALENDAR")
    #expect(lines.contains("DTSTART:20261125T093000"), "Wednesday 9:30, floating local time")
    #expect(lines.contains("DURATION:PT15M"), "the round and the agenda")
    #expect(lines.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"))
    #expect(lines.contains("SUMMARY:Design\\; review\\, daily"))
    #expect(lines.contains("DTSTAMP:20261124T120000Z"))
    #expect(lines.contains { $0.hasPrefix("DESCRIPTION:A 15-minute stand-up. Attendees: Ana\\, Ben") })
    #expect(text.hasSuffix("END:VCALENDAR\r\n"))
    #expect(CalendarExport.iCalendar(of: DailyScrum(title: "none"), now: now) == nil)
  }

  @Test func longLinesAreFoldedAt75OctetsNeverInsideACharacter() {
    let line = "SUMMARY:" + String(repeating: "长", count: 40)
    let folded = CalendarExport.folded(line)
    let parts = folded.components(separatedBy: "\r\n")
    #expect(parts.count > 1)
    #expect(parts.allSatisfy { $0.utf8.count <= 75 })
    #expect(parts.dropFirst().allSatisfy { $0.hasPrefix(" ") })
    #expect(parts.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined() == line)
  }

  /// A real iCalendar library (Python's icalendar, the test set-up installs it) reads the
  /// file and gives back its rule, start and length.
  @Test func aRealICalendarParserReadsItBack() throws {
    let scrum = DailyScrum(
      title: "Team, daily", attendees: [Attendee(name: "Ana")], lengthInMinutes: 15,
      schedule: MeetingSchedule(days: [.tuesday, .thursday], hour: 8, minute: 5))
    let now = ISO8601DateFormatter().date(from: "2026-11-24T12:00:00Z")!
    let path = NSTemporaryDirectory() + "scrum-\(UUID()).ics"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try HistoryExport.write(
      Data(try #require(CalendarExport.iCalendar(of: scrum, now: now, timeZone: "UTC")).utf8), to: path)
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    python.arguments = [
      "-c",
      """
      import sys, icalendar
      calendar = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
      event = calendar.walk("VEVENT")[0]
      print(event["SUMMARY"], event.decoded("DTSTART").isoformat(), event.decoded("DURATION"), event["RRULE"].to_ical().decode(), sep="|")
      """,
      path,
    ]
    let output = Pipe()
    python.standardOutput = output
    try python.run()
    python.waitUntilExit()
    #expect(python.terminationStatus == 0, "the parser refused the file (make test-deps installs python3-icalendar)")
    let read = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(read == "Team, daily|2026-11-26T08:05:00|0:15:00|FREQ=WEEKLY;BYDAY=TU,TH\n")
  }
}
