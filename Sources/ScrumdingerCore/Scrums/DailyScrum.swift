import FoundationEssentials

/// A recurring meeting: who speaks, for how long in all, in which colours, and what happened.
public struct DailyScrum: Codable, Equatable, Hashable, Identifiable, Sendable {
  /// The allowed meeting lengths in minutes.
  public static let lengthRange = 1...60

  public var id: UUID
  public var title: String
  public var attendees: [Attendee]
  /// Meeting length in minutes, always within `lengthRange`.
  public var lengthInMinutes: Int {
    didSet { lengthInMinutes = Self.clampedLength(lengthInMinutes) }
  }
  public var theme: Theme
  /// Past meetings, oldest first.
  public var history: [History]
  /// Whether each meeting starts in a new random speaking order.
  public var shuffleSpeakingOrder: Bool
  /// How long before each turn ends the speaker is warned: the closest stage (see
  /// `warningStages`), as earlier versions read it.
  public var turnWarning: TurnWarning
  /// The warning's stages when they say more than `turnWarning` (see `warningStages`).
  var turnWarningStages: [WarningStage]?
  /// Minutes before the meeting's planned end it is warned (0: never).
  public var meetingWarningMinutes: Int
  /// What happens when a speaker's share runs out.
  public var overtime: OvertimeRule
  /// What the meeting goes through after the speakers' round, in order, each timed.
  public var agenda: [AgendaItem]
  /// When it meets, if it meets on a schedule (none unless asked).
  public var schedule: MeetingSchedule?
  /// Keys a newer version wrote that this one does not know, kept for its saves.
  public var unknown = UnknownFields()

  /// Creates a scrum; a length outside `lengthRange` is clamped into it.
  public init(
    id: UUID = UUID(), title: String, attendees: [Attendee] = [], lengthInMinutes: Int = 5,
    theme: Theme = .seafoam, history: [History] = [], shuffleSpeakingOrder: Bool = false,
    turnWarning: TurnWarning = .standard, overtime: OvertimeRule = .moveOn,
    agenda: [AgendaItem] = [], schedule: MeetingSchedule? = nil, meetingWarningMinutes: Int = 0
  ) {
    self.id = id
    self.title = title
    self.attendees = attendees
    self.lengthInMinutes = Self.clampedLength(lengthInMinutes)
    self.theme = theme
    self.history = history
    self.shuffleSpeakingOrder = shuffleSpeakingOrder
    self.turnWarning = turnWarning
    self.overtime = overtime
    self.agenda = agenda
    self.schedule = schedule
    self.meetingWarningMinutes = meetingWarningMinutes
  }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case id, title, attendees, lengthInMinutes, theme, history, shuffleSpeakingOrder, agenda, schedule
    case meetingWarningMinutes, turnWarningStages
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
    unknown = try UnknownFields.reading(
      decoder, known: Set(CodingKeys.allCases.map(\.rawValue)).union(Self.droppedKeys))
  }

  /// The meeting warning's choices, in minutes before the end (0: none).
  public static let meetingWarningChoices = [0, 1, 2, 5, 10]

  /// The speakers' round in seconds.
  public var lengthInSeconds: Int { lengthInMinutes * 60 }

  /// The whole meeting as planned, in minutes: the round, then the agenda items.
  public var plannedMinutes: Int { lengthInMinutes + agenda.reduce(0) { $0 + $1.minutes } }

  private static func clampedLength(_ minutes: Int) -> Int {
    min(max(minutes, lengthRange.lowerBound), lengthRange.upperBound)
  }
}
