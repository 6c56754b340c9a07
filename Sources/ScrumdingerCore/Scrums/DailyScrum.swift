import FoundationEssentials

/// A recurring meeting: who speaks, for how long in all, in which colours, and what happened.
public struct DailyScrum: Equatable, Hashable, Identifiable, Sendable {
  /// The allowed meeting lengths in minutes.
  public static let lengthRange = 1...60

  public var id: UUID
  public var title: String
  public var attendees: [Attendee]
  /// Meeting length in minutes, always within `lengthRange`.
  public var lengthInMinutes: Int {
    didSet { lengthInMinutes = lengthInMinutes.clamped(to: Self.lengthRange) }
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
  /// Whisper's code of the language its meetings are held in, as the file gives it (nil:
  /// English); see `speechLanguage`.
  public var language: String?
  /// Keys a newer version wrote that this one does not know, kept for its saves.
  public var unknown = UnknownFields()

  /// Creates a scrum; a length outside `lengthRange` is clamped into it.
  public init(
    id: UUID = UUID(), title: String, attendees: [Attendee] = [], lengthInMinutes: Int = 5,
    theme: Theme = .seafoam, history: [History] = [], shuffleSpeakingOrder: Bool = false,
    turnWarning: TurnWarning = .standard, overtime: OvertimeRule = .moveOn,
    agenda: [AgendaItem] = [], schedule: MeetingSchedule? = nil, meetingWarningMinutes: Int = 0,
    language: String? = nil
  ) {
    self.id = id
    self.title = title
    self.attendees = attendees
    self.lengthInMinutes = lengthInMinutes.clamped(to: Self.lengthRange)
    self.theme = theme
    self.history = history
    self.shuffleSpeakingOrder = shuffleSpeakingOrder
    self.turnWarning = turnWarning
    self.overtime = overtime
    self.agenda = agenda
    self.schedule = schedule
    self.meetingWarningMinutes = meetingWarningMinutes
    self.language = language
  }

  /// The meeting warning's choices, in minutes before the end (0: none).
  public static let meetingWarningChoices = [0, 1, 2, 5, 10]

  /// The speakers' round in seconds.
  public var lengthInSeconds: Int { lengthInMinutes * 60 }

  /// The whole meeting as planned, in minutes: the round, then the agenda items.
  public var plannedMinutes: Int { lengthInMinutes + agenda.reduce(0) { $0 + $1.minutes } }
}
