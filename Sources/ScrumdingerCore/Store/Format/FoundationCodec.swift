// The scrums file's slow path: Foundation's Codable, for a file the fast reader gives up on
// (another shape, a fraction, an odd date), which it either reads or says precisely what is
// wrong with, at which key. Kept here with the rest of the format, so the model files hold
// models only; its keys are the tables' (`KeyTables`), and ScrumFileCodecCrossCheckTests hold
// the two readers together. Encoding (a copy's comparison in `BothVersions`, the bench's
// baseline) writes what the synthesized conformances wrote: each key, an absent optional left
// out, unknown keys never.
import FoundationEssentials

extension DailyScrum: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case id, title, attendees, lengthInMinutes, theme, history, shuffleSpeakingOrder, agenda, schedule
    case meetingWarningMinutes, turnWarningStages, language
    case turnWarning = "turnWarningSeconds"
    case overtime = "whenTurnRunsOut"
  }

  /// Keys older versions wrote that are read past and dropped: "recordMeetings" (whether a
  /// computer records the scrum is that computer's own choice, see `RecordingConsent`).
  static let droppedKeys: Set<String> = ["recordMeetings"]

  /// Reads a scrum; files from before a setting existed get its default.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(UUID.self, forKey: .id)
    title = try container.decode(String.self, forKey: .title)
    attendees = try container.decode([Attendee].self, forKey: .attendees)
    lengthInMinutes = try container.decode(Int.self, forKey: .lengthInMinutes)
    theme = try container.decode(Theme.self, forKey: .theme)
    history = try container.decode([History].self, forKey: .history)
    shuffleSpeakingOrder = try container.decodeIfPresent(Bool.self, forKey: .shuffleSpeakingOrder) ?? false
    turnWarning = try container.decodeIfPresent(TurnWarning.self, forKey: .turnWarning) ?? .standard
    turnWarningStages = try container.decodeIfPresent([WarningStage].self, forKey: .turnWarningStages)
    if let stages = turnWarningStages, !WarningStage.areKept(stages) {
      throw DecodingError.dataCorruptedError(
        forKey: .turnWarningStages, in: container,
        debugDescription: "stages must be distinct, longest first, at most three")
    }
    meetingWarningMinutes = try container.decodeIfPresent(Int.self, forKey: .meetingWarningMinutes) ?? 0
    guard Self.meetingWarningChoices.contains(meetingWarningMinutes) else {
      throw DecodingError.dataCorruptedError(
        forKey: .meetingWarningMinutes, in: container, debugDescription: "not one of the meeting warning's choices")
    }
    overtime = try container.decodeIfPresent(OvertimeRule.self, forKey: .overtime) ?? .moveOn
    agenda = try container.decodeIfPresent([AgendaItem].self, forKey: .agenda) ?? []
    schedule = try container.decodeIfPresent(MeetingSchedule.self, forKey: .schedule)
    language = try container.decodeIfPresent(String.self, forKey: .language)
    unknown = try UnknownFields.reading(
      decoder, known: Set(CodingKeys.allCases.map(\.rawValue)).union(Self.droppedKeys))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(attendees, forKey: .attendees)
    try container.encode(lengthInMinutes, forKey: .lengthInMinutes)
    try container.encode(theme, forKey: .theme)
    try container.encode(history, forKey: .history)
    try container.encode(shuffleSpeakingOrder, forKey: .shuffleSpeakingOrder)
    try container.encode(agenda, forKey: .agenda)
    try container.encodeIfPresent(schedule, forKey: .schedule)
    try container.encodeIfPresent(language, forKey: .language)
    try container.encode(meetingWarningMinutes, forKey: .meetingWarningMinutes)
    try container.encodeIfPresent(turnWarningStages, forKey: .turnWarningStages)
    try container.encode(turnWarning, forKey: .turnWarning)
    try container.encode(overtime, forKey: .overtime)
  }
}

extension Attendee: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable { case id, name }

  /// Reads an attendee, keeping the keys this version does not know.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(UUID.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    unknown = try UnknownFields.reading(decoder, known: Set(CodingKeys.allCases.map(\.rawValue)))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
  }
}

extension AgendaItem: Codable {
  enum CodingKeys: String, CodingKey { case id, title, minutes }

  /// Reads an item as the file says it (the fast reader holds the minutes to their range).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(UUID.self, forKey: .id)
    title = try container.decode(String.self, forKey: .title)
    minutes = try container.decode(Int.self, forKey: .minutes)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(minutes, forKey: .minutes)
  }
}

extension WarningStage: Codable {
  enum CodingKeys: String, CodingKey {
    case lead = "seconds"
    case sound
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    lead = try container.decode(TurnWarning.self, forKey: .lead)
    sound = try container.decode(Bool.self, forKey: .sound)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(lead, forKey: .lead)
    try container.encode(sound, forKey: .sound)
  }
}

extension MeetingSchedule: Codable {
  enum CodingKeys: String, CodingKey {
    case days, hour, minute
    case reminderMinutes = "remind"
  }

  /// Reads a schedule; values out of range are brought into it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let days = try container.decode([Weekday].self, forKey: .days)
    self.init(
      days: Set(days), hour: try container.decode(Int.self, forKey: .hour),
      minute: try container.decode(Int.self, forKey: .minute),
      reminderMinutes: try container.decode(Int.self, forKey: .reminderMinutes))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(days.sorted(), forKey: .days)
    try container.encode(hour, forKey: .hour)
    try container.encode(minute, forKey: .minute)
    try container.encode(reminderMinutes, forKey: .reminderMinutes)
  }
}

extension SpeakerTime: Codable {
  enum CodingKeys: String, CodingKey {
    case name, seconds
    case shareSeconds = "share"
    case addedSeconds = "added"
  }

  /// Reads a speaker's time; files from before minutes could be added have none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    seconds = try container.decode(Int.self, forKey: .seconds)
    shareSeconds = try container.decode(Int.self, forKey: .shareSeconds)
    // Minutes are only ever added: a negative figure (a hand-edited file) reads as none, as
    // the file's writer leaves it out and the fast reader refuses it.
    addedSeconds = max(0, try container.decodeIfPresent(Int.self, forKey: .addedSeconds) ?? 0)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(seconds, forKey: .seconds)
    try container.encode(shareSeconds, forKey: .shareSeconds)
    if addedSeconds > 0 { try container.encode(addedSeconds, forKey: .addedSeconds) }
  }
}

extension History: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case id, date, attendees, durationSeconds, speakers, absent, notes, transcript, items, turns, recorded
  }

  /// Reads attendees as names, or as attendee objects (as earlier files and Apple's wrote them).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(UUID.self, forKey: .id)
    date = try container.decode(Date.self, forKey: .date)
    durationSeconds = try container.decode(Int.self, forKey: .durationSeconds)
    speakers = try container.decodeIfPresent([SpeakerTime].self, forKey: .speakers) ?? []
    absent = try container.decodeIfPresent([String].self, forKey: .absent) ?? []
    notes = try container.decodeIfPresent([MeetingNote].self, forKey: .notes) ?? []
    transcript = try container.decodeIfPresent([TranscriptSegment].self, forKey: .transcript) ?? []
    items = try container.decodeIfPresent([SpeakerTime].self, forKey: .items) ?? []
    turns = try container.decodeIfPresent([TurnSpan].self, forKey: .turns) ?? []
    recorded = try container.decodeIfPresent(Bool.self, forKey: .recorded) ?? false
    if let names = try? container.decode([String].self, forKey: .attendees) {
      attendees = names
    } else {
      attendees = try container.decode([Attendee].self, forKey: .attendees).map(\.name)
    }
    unknown = try UnknownFields.reading(decoder, known: Set(CodingKeys.allCases.map(\.rawValue)))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(date, forKey: .date)
    try container.encode(attendees, forKey: .attendees)
    try container.encode(durationSeconds, forKey: .durationSeconds)
    try container.encode(speakers, forKey: .speakers)
    try container.encode(absent, forKey: .absent)
    try container.encode(notes, forKey: .notes)
    try container.encode(transcript, forKey: .transcript)
    try container.encode(items, forKey: .items)
    try container.encode(turns, forKey: .turns)
    try container.encode(recorded, forKey: .recorded)
  }
}

extension MeetingNote: Codable {
  enum CodingKeys: String, CodingKey {
    case id, speaker, text
    case atSeconds = "at"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(UUID.self, forKey: .id)
    speaker = try container.decode(String.self, forKey: .speaker)
    text = try container.decode(String.self, forKey: .text)
    atSeconds = try container.decode(Int.self, forKey: .atSeconds)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(speaker, forKey: .speaker)
    try container.encode(text, forKey: .text)
    try container.encode(atSeconds, forKey: .atSeconds)
  }
}

extension TranscriptSegment: Codable {
  enum CodingKeys: String, CodingKey {
    case startMilliseconds = "start"
    case endMilliseconds = "end"
    case text
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    startMilliseconds = try container.decode(Int.self, forKey: .startMilliseconds)
    endMilliseconds = try container.decode(Int.self, forKey: .endMilliseconds)
    text = try container.decode(String.self, forKey: .text)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(startMilliseconds, forKey: .startMilliseconds)
    try container.encode(endMilliseconds, forKey: .endMilliseconds)
    try container.encode(text, forKey: .text)
  }
}

extension TurnSpan: Codable {
  enum CodingKeys: String, CodingKey {
    case speaker = "name"
    case startSeconds = "start"
    case endSeconds = "end"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    speaker = try container.decode(String.self, forKey: .speaker)
    startSeconds = try container.decode(Int.self, forKey: .startSeconds)
    endSeconds = try container.decode(Int.self, forKey: .endSeconds)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(speaker, forKey: .speaker)
    try container.encode(startSeconds, forKey: .startSeconds)
    try container.encode(endSeconds, forKey: .endSeconds)
  }
}
