// The editor's rules, kept out of the widgets so they are tested without a display: what
// counts as a title, how names are cleaned, how speaking order changes.
import FoundationEssentials

/// A scrum being created or edited; applied to the store only when the user confirms.
public struct ScrumDraft: Equatable, Sendable {
  /// The scrum being edited, or a new one's id.
  public let id: UUID
  /// Whether this draft makes a new scrum (Dismiss/Add) or edits one (Cancel/Done).
  public let isNew: Bool
  public var title: String
  public var lengthInMinutes: Int
  public var theme: Theme
  /// Whether each meeting starts in a new random order.
  public var shuffleSpeakingOrder: Bool
  /// The stages of the warning before a turn ends, longest lead first.
  public var warningStages: [WarningStage] {
    didSet { warningStages = WarningStage.normalised(warningStages) }
  }
  /// Minutes before the meeting's planned end it is warned (0: never).
  public var meetingWarningMinutes: Int
  /// What happens when a speaker's share runs out.
  public var overtime: OvertimeRule
  /// Whether this computer records and transcribes its meetings (off unless asked): kept by
  /// `RecordingConsent`, not in the scrum.
  public var recordsMeetings: Bool
  /// Whether this computer shows live captions during its meetings (off unless asked): kept by
  /// `RecordingConsent` too.
  public var showsCaptions = false
  /// Speaking order.
  public private(set) var attendees: [Attendee]
  /// What runs after the round, in order (at most `AgendaItem.limit` items).
  public private(set) var agenda: [AgendaItem]
  /// When it meets (nil: not on a schedule).
  public var schedule: MeetingSchedule?
  /// Whisper's code of the language its meetings are held in, as the file gave it (nil:
  /// English, for a scrum from before scrums had one).
  public var language: String?
  /// The schedule last set, given back when the schedule is switched on again.
  private var lastSchedule: MeetingSchedule?
  private let history: [History]
  /// The keys a newer version wrote on the scrum, kept through the edit.
  private let unknown: UnknownFields

  /// A new scrum's draft with id `id`: 5 minutes, the first theme not yet used by
  /// `existing` scrums, its meetings in `language`.
  public init(newAfter existing: [DailyScrum] = [], id: UUID = UUID(), language: SpeechLanguage = .english) {
    self.id = id
    self.language = language.code
    isNew = true
    title = ""
    lengthInMinutes = 5
    let used = Set(existing.map(\.theme))
    theme = Theme.allCases.first { !used.contains($0) } ?? .seafoam
    shuffleSpeakingOrder = false
    warningStages = [WarningStage(.standard)]
    meetingWarningMinutes = 0
    overtime = .moveOn
    recordsMeetings = false
    attendees = []
    agenda = []
    schedule = nil
    history = []
    unknown = UnknownFields()
  }

  /// A draft of an existing scrum, which this computer records or not, and captions or not.
  public init(editing scrum: DailyScrum, recordsMeetings: Bool = false, showsCaptions: Bool = false) {
    self.showsCaptions = showsCaptions
    id = scrum.id
    isNew = false
    title = scrum.title
    lengthInMinutes = scrum.lengthInMinutes
    theme = scrum.theme
    shuffleSpeakingOrder = scrum.shuffleSpeakingOrder
    warningStages = scrum.warningStages
    meetingWarningMinutes = scrum.meetingWarningMinutes
    overtime = scrum.overtime
    self.recordsMeetings = recordsMeetings
    attendees = scrum.attendees
    agenda = scrum.agenda
    schedule = scrum.schedule
    language = scrum.language
    history = scrum.history
    unknown = scrum.unknown
  }

  /// The title without surrounding white space.
  public var trimmedTitle: String { title.trimmed }

  /// Add/Done is allowed only with a non-blank title.
  public var canSave: Bool { !trimmedTitle.isEmpty }

  /// Whether `name` would be accepted as an attendee (not blank once trimmed).
  public static func isValidAttendeeName(_ name: String) -> Bool {
    !name.trimmed.isEmpty
  }

  /// Adds an attendee with id `id` at the end, trimmed; refuses a blank name (returns false).
  @discardableResult
  public mutating func addAttendee(named name: String, id: UUID = UUID()) -> Bool {
    let trimmed = name.trimmed
    guard !trimmed.isEmpty else { return false }
    attendees.append(Attendee(id: id, name: trimmed))
    return true
  }

  /// Renames the attendee at `index` (same id, so today's lineup and history keep them),
  /// trimmed; refuses a blank name (returns false).
  @discardableResult
  public mutating func renameAttendee(at index: Int, to name: String) -> Bool {
    attendees.rename(at: index, \.name, to: name)
  }

  /// Removes the attendee at `index`.
  public mutating func removeAttendee(at index: Int) {
    attendees.remove(ifAt: index)
  }

  /// Moves the attendee at `index` one place earlier (-1) or later (+1) in speaking order.
  public mutating func moveAttendee(at index: Int, by offset: Int) {
    attendees.move(at: index, by: offset)
  }

  /// Puts the scrum on a schedule (Monday to Friday at 9:30, reminded 5 minutes before, the
  /// first time; the last one set after that) or takes it off.
  public mutating func meetsOnSchedule(_ on: Bool) {
    if let schedule { lastSchedule = schedule }
    schedule = on ? (schedule ?? lastSchedule ?? MeetingSchedule()) : nil
  }

  /// The whole meeting as planned, in minutes: the round, then the agenda.
  public var plannedMinutes: Int { lengthInMinutes + agenda.reduce(0) { $0 + $1.minutes } }

  /// Adds an agenda item titled `title` (trimmed) lasting `minutes` at the end; refuses a
  /// blank title or an eleventh item (returns false).
  @discardableResult
  public mutating func addItem(titled title: String, minutes: Int = 5, id: UUID = UUID()) -> Bool {
    let trimmed = title.trimmed
    guard !trimmed.isEmpty, agenda.count < AgendaItem.limit else { return false }
    agenda.append(AgendaItem(id: id, title: trimmed, minutes: minutes))
    return true
  }

  /// Gives the item at `index` `minutes` (clamped to `AgendaItem.minutesRange`).
  public mutating func setMinutes(_ minutes: Int, ofItemAt index: Int) {
    guard agenda.indices.contains(index) else { return }
    agenda[index].minutes = minutes
  }

  /// Renames the item at `index`, trimmed; refuses a blank title (returns false).
  @discardableResult
  public mutating func renameItem(at index: Int, to title: String) -> Bool {
    agenda.rename(at: index, \.title, to: title)
  }

  /// Removes the item at `index`.
  public mutating func removeItem(at index: Int) {
    agenda.remove(ifAt: index)
  }

  /// The stage that warns `lead` before a turn's end, if one does.
  public func warningStage(at lead: TurnWarning) -> WarningStage? {
    warningStages.first { $0.lead == lead }
  }

  /// Warns `lead` before a turn's end (with the warning sound if `sound`), or not if `on` is
  /// false.
  public mutating func setWarning(at lead: TurnWarning, on: Bool, sound: Bool) {
    warningStages = warningStages.filter { $0.lead != lead } + (on ? [WarningStage(lead, sound: sound)] : [])
  }

  /// Moves the item at `index` one place earlier (-1) or later (+1).
  public mutating func moveItem(at index: Int, by offset: Int) {
    agenda.move(at: index, by: offset)
  }

  /// The scrum as the user confirmed it (title trimmed, history and unknown keys kept).
  public var scrum: DailyScrum {
    var scrum = DailyScrum(
      id: id, title: trimmedTitle, attendees: attendees, lengthInMinutes: lengthInMinutes,
      theme: theme, history: history, shuffleSpeakingOrder: shuffleSpeakingOrder, overtime: overtime, agenda: agenda,
      schedule: schedule, meetingWarningMinutes: meetingWarningMinutes, language: language)
    scrum.warningStages = warningStages
    scrum.unknown = unknown
    return scrum
  }
}

extension String {
  /// The text without the spaces, tabs and line breaks around it.
  public var trimmed: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}

/// The editing the draft's two lists (attendees, agenda items) share.
extension Array {
  /// Sets the element at `index`'s `name` to `text`, trimmed; false when `text` is blank or
  /// `index` is out of range.
  fileprivate mutating func rename(at index: Int, _ name: WritableKeyPath<Element, String>, to text: String) -> Bool {
    let trimmed = text.trimmed
    guard indices.contains(index), !trimmed.isEmpty else { return false }
    self[index][keyPath: name] = trimmed
    return true
  }

  /// Removes the element at `index`, if there is one.
  fileprivate mutating func remove(ifAt index: Int) {
    guard indices.contains(index) else { return }
    remove(at: index)
  }

  /// Swaps the element at `index` with the one `offset` places away, if both are there.
  fileprivate mutating func move(at index: Int, by offset: Int) {
    guard indices.contains(index), indices.contains(index + offset) else { return }
    swapAt(index, index + offset)
  }
}
