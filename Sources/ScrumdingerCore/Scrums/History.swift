import FoundationEssentials

/// How long one speaker (or agenda item) took in a meeting, against their share.
public struct SpeakerTime: Equatable, Hashable, Sendable {
  /// The speaker, by name as they were then (or the item's title).
  public var name: String
  /// Whole seconds they spoke: pauses excluded, a skip ends the turn, an overrun counts, a
  /// turn gone back to counts again.
  public var seconds: Int
  /// Their share of the meeting as planned, in whole seconds.
  public var shareSeconds: Int
  /// The seconds added to their turn during the meeting ("Add a minute").
  public var addedSeconds: Int

  public init(name: String, seconds: Int, shareSeconds: Int, addedSeconds: Int = 0) {
    self.name = name
    self.seconds = seconds
    self.shareSeconds = shareSeconds
    self.addedSeconds = addedSeconds
  }

  /// How long over their share and added time they spoke (0 within it).
  public var overSeconds: Int { max(0, seconds - shareSeconds - addedSeconds) }
}

/// One finished meeting of a scrum.
public struct History: Equatable, Hashable, Identifiable, Sendable {
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
  /// How long each agenda item after the round took, in order (none in older files).
  public var items: [SpeakerTime]
  /// The turns as they ran, when that was not simply each speaker once in order (someone was
  /// gone back to, or items followed); empty otherwise, as `timeline` then derives them.
  public var turns: [TurnSpan]
  /// Whether the meeting was recorded (on the computer that held it): team data, so the other
  /// computers can say "Recorded on another computer" where they have no recording of it.
  public var recorded: Bool
  /// Keys a newer version wrote that this one does not know, kept for its saves.
  public var unknown = UnknownFields()

  /// Creates a history entry; `date` is truncated to the whole second.
  public init(
    id: UUID = UUID(), date: Date = Date(), attendees: [String], durationSeconds: Int, speakers: [SpeakerTime] = [],
    absent: [String] = [], notes: [MeetingNote] = [], transcript: [TranscriptSegment] = [], items: [SpeakerTime] = [],
    turns: [TurnSpan] = [], recorded: Bool = false
  ) {
    self.id = id
    self.date = Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down))
    self.attendees = attendees
    self.durationSeconds = max(0, durationSeconds)
    self.speakers = speakers
    self.absent = absent
    self.notes = notes
    self.transcript = transcript
    self.items = items
    self.turns = turns
    self.recorded = recorded
  }

}

extension History {
  /// Who spoke when, on the meeting's running time (which is the recording's: both stop
  /// while the meeting is paused): the turns as they ran, or, when not recorded, each
  /// speaker once in order, as long as they spoke. Turns nobody reached (0 s) are left out.
  public var timeline: [TurnSpan] {
    turns.isEmpty ? Self.timeline(of: speakers) : turns
  }

  /// Each of `speakers` once in order, as long as they spoke.
  public static func timeline(of speakers: [SpeakerTime]) -> [TurnSpan] {
    var start = 0
    return speakers.compactMap { speaker in
      defer { start += speaker.seconds }
      return speaker.seconds > 0
        ? TurnSpan(speaker: speaker.name, startSeconds: start, endSeconds: start + speaker.seconds) : nil
    }
  }
}
