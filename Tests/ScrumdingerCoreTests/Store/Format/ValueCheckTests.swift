import Foundation
import Testing

@testable import ScrumdingerCore

/// What each row's check does with a value out of range, as a hand-edited or odd file brings
/// it: the slow path (the fast reader gives up on such values) mends what the model would
/// bring into range anyway, and refuses the rest in the row's words, at the key.
@Suite struct ValueCheckTests {
  /// A file of one scrum with one meeting, their keys `scrum` and `meeting` over a valid one's.
  private func file(scrum: [String: Any] = [:], meeting: [String: Any] = [:]) -> Data {
    let history: [String: Any] = [
      "attendees": ["Ana"], "date": "2026-11-20T09:00:00Z", "durationSeconds": 60,
      "id": "00000000-0000-0000-0000-000000000009",
    ]
    let one: [String: Any] = [
      "attendees": [], "history": [history.merging(meeting) { $1 }], "id": "00000000-0000-0000-0000-000000000001",
      "lengthInMinutes": 5, "theme": "sky", "title": "Odd",
    ]
    // Force-unwrapped: the dictionaries above always serialize.
    return try! JSONSerialization.data(withJSONObject: ["version": 1, "scrums": [one.merging(scrum) { $1 }]])
  }

  private func refusal(_ data: Data) -> UnreadableReason? {
    do {
      _ = try ScrumFile.decode(data)
      return nil
    } catch { return error }
  }

  @Test func valuesTheModelBringsIntoRangeAreReadIntoRange() throws {
    let read = try ScrumFile.decode(
      file(
        scrum: [
          "agenda": [["id": "00000000-0000-0000-0000-000000000003", "minutes": 45, "title": "Demo"]],
          "schedule": ["days": [1], "hour": 30, "minute": -5, "remind": 7],
        ],
        meeting: ["speakers": [["added": -60, "name": "Ana", "seconds": 60, "share": 60]]]))
    let scrum = try #require(read.first)
    #expect(scrum.agenda.first?.minutes == AgendaItem.minutesRange.upperBound, "the longest an item may last")
    #expect(scrum.schedule == MeetingSchedule(days: [.monday], hour: 23, minute: 0, reminderMinutes: 5))
    #expect(scrum.history.first?.speakers.first?.addedSeconds == 0, "minutes are only ever added")
    // And what it reads is what the next save writes: the fast reader takes it as it is.
    #expect(try ScrumFile.decode(ScrumFile.encode(read)) == read)
  }

  @Test func valuesOutOfRangeAreRefusedInTheRowsWordsAtTheirKey() {
    #expect(
      refusal(file(scrum: ["lengthInMinutes": 99]))
        == .invalidValue("scrums[0].lengthInMinutes is 99, outside 1…60"))
    #expect(
      refusal(file(scrum: ["meetingWarningMinutes": 3]))
        == .invalidValue("scrums[0].meetingWarningMinutes is 3, not one of the meeting warning's choices"))
    #expect(
      refusal(file(scrum: ["turnWarningStages": [["seconds": 30, "sound": true], ["seconds": 60, "sound": true]]]))
        == .invalidValue("scrums[0].turnWarningStages stages must be distinct, longest first, at most three"))
    #expect(
      refusal(file(meeting: ["durationSeconds": 90000]))
        == .invalidValue("scrums[0].history[0].durationSeconds is 90000, outside 0…86400"))
    #expect(
      refusal(file(meeting: ["turns": [["end": 10, "name": "Ana", "start": 20]]]))
        == .invalidValue("scrums[0].history[0].turns[0] ends before it starts"))
    #expect(
      refusal(file(meeting: ["speakers": [["name": "Ana", "seconds": -1, "share": 60]]]))
        == .invalidValue("scrums[0].history[0].speakers[0].seconds is -1, outside 0…86400"))
  }

  @Test func aMeetingsAttendeesWrittenAsObjectsAreReadAsNames() throws {
    let objects = [
      ["id": "00000000-0000-0000-0000-000000000005", "name": "Ana"],
      ["id": "00000000-0000-0000-0000-000000000006", "name": "李娜"],
    ]
    let read = try ScrumFile.decode(file(meeting: ["attendees": objects]))
    #expect(read.first?.history.first?.attendees == ["Ana", "李娜"])
    #expect(
      refusal(file(meeting: ["attendees": 5]))
        == .unexpectedContent(at: "scrums[0].history[0].attendees", detail: "expected a list"))
  }

  /// By the slow path (a date with an offset sends the file there).
  @Test func aKeyAnEarlierVersionWroteIsReadPastAndAnUnknownOneKept() throws {
    let read = try ScrumFile.decode(
      file(
        scrum: ["recordMeetings": true, "mood": ["b": 1, "a": [2.5]]], meeting: ["date": "2026-11-20T10:00:00+01:00"]))
    #expect(read.first?.history.first?.date == Date(timeIntervalSince1970: 1_795_165_200))
    #expect(read.first?.unknown.fields.map(\.key) == ["mood"])
    #expect(read.first?.unknown.fields.first?.json == #"{"a":[2.5],"b":1}"#)
  }
}
