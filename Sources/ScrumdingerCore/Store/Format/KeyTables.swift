// The scrums file, type by type: each key in the order it is written (sorted, as Foundation's
// encoder with sorted keys wrote it), what its value must be (ValueCheck) and when the key is
// left out. TableReader and TableWriter walk these tables (see FieldTable), and so does
// Foundation's slow path (FoundationCodec), which says what is wrong with a file the fast
// reader gave up on; the cross-check tests hold the two readers together.
import FoundationEssentials

extension DailyScrum: FileObject {
  static var blank: DailyScrum { DailyScrum(id: zeroID, title: "") }

  static func describe<Table: FieldTable>(_ table: inout Table) where Table.Object == DailyScrum {
    table.optional("agenda", \.agenda, leftOutWhen: { $0.isEmpty })
    table.field("attendees", \.attendees)
    table.field("history", \.history)
    table.field("id", \.id)
    table.optional("language", \.language, leftOutWhen: { $0 == nil })
    table.field("lengthInMinutes", \.lengthInMinutes, .within(lengthRange))
    table.optional(
      "meetingWarningMinutes", \.meetingWarningMinutes, .oneOf(meetingWarningChoices, "the meeting warning's"),
      leftOutWhen: { $0 == 0 })
    // Whether a computer records the scrum is that computer's own choice (RecordingConsent).
    table.dropped("recordMeetings")
    table.optional("schedule", \.schedule, leftOutWhen: { $0 == nil })
    table.optional("shuffleSpeakingOrder", \.shuffleSpeakingOrder)
    table.field("theme", \.theme)
    table.field("title", \.title)
    table.optional("turnWarningSeconds", \.turnWarning)
    table.optional(
      "turnWarningStages", \.turnWarningStages,
      .only({ $0.map(WarningStage.areKept) ?? true }, else: "stages must be distinct, longest first, at most three"),
      leftOutWhen: { $0 == nil })
    table.optional("whenTurnRunsOut", \.overtime)
    table.unknownKeys(\.unknown)
  }
}

extension Attendee: FileObject {
  static var blank: Attendee { Attendee(id: zeroID, name: "") }

  static func describe<Table: FieldTable>(_ table: inout Table) where Table.Object == Attendee {
    table.field("id", \.id)
    table.field("name", \.name)
    table.unknownKeys(\.unknown)
  }
}

extension AgendaItem: FileObject {
  static var blank: AgendaItem { AgendaItem(id: zeroID, title: "", minutes: minutesRange.lowerBound) }

  static func describe<Table: FieldTable>(_ table: inout Table) where Table.Object == AgendaItem {
    table.field("id", \.id)
    table.field("minutes", \.minutes, .clamped(to: minutesRange))
    table.field("title", \.title)
  }
}

extension MeetingSchedule: FileObject {
  static var blank: MeetingSchedule { MeetingSchedule() }

  static func describe<Table: FieldTable>(_ table: inout Table) where Table.Object == MeetingSchedule {
    table.field("days", \.days)
    table.field("hour", \.hour, .clamped(to: 0...23))
    table.field("minute", \.minute, .clamped(to: 0...59))
    table.field("remind", \.reminderMinutes, .oneOf(reminderChoices, otherwise: MeetingSchedule().reminderMinutes))
  }
}

extension History: FileObject {
  static var blank: History {
    History(id: zeroID, date: Date(timeIntervalSince1970: 0), attendees: [], durationSeconds: 0)
  }

  static func describe<Table: FieldTable>(_ table: inout Table) where Table.Object == History {
    table.optional("absent", \.absent)
    // Names; earlier files (and Apple's) wrote attendee objects.
    table.field("attendees", \.attendees, formerly: [Attendee].self) { $0.map(\.name) }
    table.field("date", \.date, .only(dateRange.contains, else: "is outside the years 1…9999"))
    table.field("durationSeconds", \.durationSeconds, .within(durationRange))
    table.field("id", \.id)
    table.optional("items", \.items, leftOutWhen: { $0.isEmpty })
    table.optional("notes", \.notes, leftOutWhen: { $0.isEmpty })
    table.optional("recorded", \.recorded, leftOutWhen: { !$0 })
    table.optional("speakers", \.speakers)
    // Only in an export that asks for them: the scrums file never holds transcripts.
    table.field(
      "transcript", \.transcript, required: false, check: .any,
      leftOut: { transcript, transcripts in !transcripts || transcript.isEmpty })
    table.optional("turns", \.turns, leftOutWhen: { $0.isEmpty })
    table.unknownKeys(\.unknown)
  }
}

extension WarningStage: FileObject {
  static var blank: WarningStage { WarningStage(.off) }

  static func describe<Table: FieldTable>(_ table: inout Table) where Table.Object == WarningStage {
    table.field("seconds", \.lead)
    table.field("sound", \.sound)
  }
}

extension SpeakerTime: FileObject {
  static var blank: SpeakerTime { SpeakerTime(name: "", seconds: 0, shareSeconds: 0) }

  static func describe<Table: FieldTable>(_ table: inout Table) where Table.Object == SpeakerTime {
    table.field("name", \.name)
    table.field("seconds", \.seconds, .within(History.durationRange))
    table.field("share", \.shareSeconds, .within(History.durationRange))
    // Minutes are only ever added: a negative figure (a hand-edited file) reads as none.
    table.optional("added", \.addedSeconds, .clamped(to: History.durationRange), leftOutWhen: { $0 <= 0 })
  }
}

extension MeetingNote: FileObject {
  static var blank: MeetingNote { MeetingNote(id: zeroID, speaker: "", text: "", atSeconds: 0) }

  static func describe<Table: FieldTable>(_ table: inout Table) where Table.Object == MeetingNote {
    table.field("at", \.atSeconds, .within(History.durationRange))
    table.field("id", \.id)
    table.field("speaker", \.speaker)
    table.field("text", \.text)
  }
}

extension TranscriptSegment: FileObject {
  /// Milliseconds a transcript's times can reach: the longest meeting's.
  static let millisecondsRange = 0...(History.durationRange.upperBound * 1000)

  static var blank: TranscriptSegment { TranscriptSegment(startMilliseconds: 0, endMilliseconds: 0, text: "") }

  static func describe<Table: FieldTable>(_ table: inout Table) where Table.Object == TranscriptSegment {
    table.field("end", \.endMilliseconds, .within(millisecondsRange))
    table.field("start", \.startMilliseconds, .within(millisecondsRange))
    table.field("text", \.text)
  }

  var flaw: String? { startMilliseconds <= endMilliseconds ? nil : "ends before it starts" }
}

extension TurnSpan: FileObject {
  static var blank: TurnSpan { TurnSpan(speaker: "", startSeconds: 0, endSeconds: 0) }

  static func describe<Table: FieldTable>(_ table: inout Table) where Table.Object == TurnSpan {
    table.field("end", \.endSeconds, .within(History.durationRange))
    table.field("name", \.speaker)
    table.field("start", \.startSeconds, .within(History.durationRange))
  }

  var flaw: String? { startSeconds <= endSeconds ? nil : "ends before it starts" }
}

/// The id values start from (every object's id is required).
private let zeroID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

// The values inside: how each is read and written.

extension String: FileValue {
  static func read(from scanner: inout JSONScanner) -> String? { scanner.string() }
  func write(to output: inout JSONOutput) { output.string(self) }
}

extension Int: FileValue {
  static func read(from scanner: inout JSONScanner) -> Int? { scanner.integer() }
  func write(to output: inout JSONOutput) { output.integer(self) }
}

extension Bool: FileValue {
  static func read(from scanner: inout JSONScanner) -> Bool? { scanner.boolean() }
  func write(to output: inout JSONOutput) { output.raw(self ? "true" : "false") }
}

extension UUID: FileValue {
  static func read(from scanner: inout JSONScanner) -> UUID? { scanner.uuid() }
  func write(to output: inout JSONOutput) { output.uuid(self) }
}

extension Date: FileValue {
  static func read(from scanner: inout JSONScanner) -> Date? { scanner.date() }
  func write(to output: inout JSONOutput) { output.date(self) }
}

/// A list: `[a,b,…]`.
extension Array: FileValue where Element: FileValue {
  static func read(from scanner: inout JSONScanner) -> [Element]? { scanner.array { Element.read(from: &$0) } }

  func write(to output: inout JSONOutput) {
    output.byte("[")
    for index in indices {
      if index > 0 { output.byte(",") }
      self[index].write(to: &output)
    }
    output.byte("]")
  }
}

/// A set, written sorted.
extension Set: FileValue where Element: FileValue & Comparable {
  static func read(from scanner: inout JSONScanner) -> Set? {
    guard let items = [Element].read(from: &scanner) else { return nil }
    return Set(items)
  }
  func write(to output: inout JSONOutput) { sorted().write(to: &output) }
}

/// A value the file may leave out (the table says when).
extension Optional: FileValue where Wrapped: FileValue {
  static func read(from scanner: inout JSONScanner) -> Wrapped?? { Wrapped.read(from: &scanner).map { .some($0) } }

  func write(to output: inout JSONOutput) {
    if let self { self.write(to: &output) } else { output.raw("null") }
  }
}

/// A choice, written as its raw value.
extension FileValue where Self: RawRepresentable, RawValue: FileValue {
  static func read(from scanner: inout JSONScanner) -> Self? {
    RawValue.read(from: &scanner).flatMap(Self.init(rawValue:))
  }
  func write(to output: inout JSONOutput) { rawValue.write(to: &output) }
}

extension Theme: FileValue {}
extension OvertimeRule: FileValue {}
extension TurnWarning: FileValue {}
extension MeetingSchedule.Weekday: FileValue {}
