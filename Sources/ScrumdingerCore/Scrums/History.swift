import FoundationEssentials

/// How long one speaker spoke in a meeting, against their share.
public struct SpeakerTime: Codable, Equatable, Hashable, Sendable {
  private enum CodingKeys: String, CodingKey { case name, seconds, shareSeconds = "share" }

  /// The speaker, by name as they were then.
  public var name: String
  /// Whole seconds they spoke: pauses excluded, a skip ends the turn, an overrun counts.
  public var seconds: Int
  /// Their share of the meeting, in whole seconds.
  public var shareSeconds: Int

  public init(name: String, seconds: Int, shareSeconds: Int) {
    self.name = name
    self.seconds = seconds
    self.shareSeconds = shareSeconds
  }

  /// How long over their share they spoke (0 within it).
  public var overSeconds: Int { max(0, seconds - shareSeconds) }
}

/// One finished meeting of a scrum.
public struct History: Codable, Equatable, Hashable, Identifiable, Sendable {
  private enum CodingKeys: String, CodingKey { case id, date, attendees, durationSeconds, speakers, absent, notes, transcript }

  /// The durations a file may hold (a day at most: anything longer is not a stand-up).
  public static let durationRange = 0...86_400
  /// The dates a file may hold: the years 1…9999 (what a four-digit ISO 8601 year can say).
  public static let dateRange =
    Date(timeIntervalSince1970: -62_135_596_800)...Date(timeIntervalSince1970: 253_402_300_799)

  public var id: UUID
  /// When the meeting ended, to the whole second (so it survives the JSON round trip exactly).
  public var date: Date
  /// Who was in the meeting, by name as they were then (a snapshot: later renames or
  /// removals in the scrum do not rewrite history).
  public var attendees: [String]
  /// How long the meeting really ran, in whole seconds, pauses excluded.
  public var durationSeconds: Int
  /// Who spoke how long, in speaking order (empty in entries from before it was recorded).
  public var speakers: [SpeakerTime]
  /// Who was on the team but not there.
  public var absent: [String]
  /// What was noted while it ran, in the order noted (none in older files).
  public var notes: [MeetingNote]
  /// What was said, as whisper heard it on the recording (empty until transcribed).
  public var transcript: [TranscriptSegment]

  /// Creates a history entry; `date` is truncated to the whole second.
  public init(
    id: UUID = UUID(), date: Date = Date(), attendees: [String], durationSeconds: Int, speakers: [SpeakerTime] = [],
    absent: [String] = [], notes: [MeetingNote] = [], transcript: [TranscriptSegment] = []
  ) {
    self.id = id
    self.date = Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down))
    self.attendees = attendees
    self.durationSeconds = max(0, durationSeconds)
    self.speakers = speakers
    self.absent = absent
    self.notes = notes
    self.transcript = transcript
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
    if let names = try? container.decode([String].self, forKey: .attendees) {
      attendees = names
    } else {
      attendees = try container.decode([Attendee].self, forKey: .attendees).map(\.name)
    }
  }
}

extension History {
  /// Who spoke when, on the meeting's running time (which is the recording's: both stop
  /// while the meeting is paused): the turns follow each other, each as long as its speaker
  /// spoke. Turns nobody reached (0 s) are left out.
  public var timeline: [TurnSpan] {
    var start = 0
    return speakers.compactMap { speaker in
      defer { start += speaker.seconds }
      return speaker.seconds > 0 ? TurnSpan(speaker: speaker.name, startSeconds: start, endSeconds: start + speaker.seconds) : nil
    }
  }
}
