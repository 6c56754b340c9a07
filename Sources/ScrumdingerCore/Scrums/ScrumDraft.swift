// The editor's rules, kept out of the widgets so they are tested without a display: what
// counts as a title, how names are cleaned, how speaking order changes.
import FoundationEssentials

/// A scrum being created or edited; applied to the store only when the user confirms. The
/// scrum's plain settings (title as typed, length, theme, schedule, language, …) are read and
/// set through the draft by their own names (`draft.theme`), so a setting added to the scrum
/// needs no line here; what has rules (attendees, agenda items, the id) is the draft's own.
@dynamicMemberLookup
public struct ScrumDraft: Equatable, Sendable {
  /// Whether this draft makes a new scrum (Dismiss/Add) or edits one (Cancel/Done).
  public let isNew: Bool
  /// Whether this computer records and transcribes its meetings (off unless asked): kept by
  /// `RecordingConsent`, not in the scrum.
  public var recordsMeetings: Bool
  /// Whether this computer shows live captions during its meetings (off unless asked): kept by
  /// `RecordingConsent` too.
  public var showsCaptions = false
  /// The scrum as edited so far (its title as typed; its history and unknown keys kept).
  private var edited: DailyScrum
  /// The schedule last set, given back when the schedule is switched on again.
  private var lastSchedule: MeetingSchedule?

  /// A new scrum's draft with id `id`: 5 minutes, the first theme not yet used by
  /// `existing` scrums, its meetings in `language`.
  public init(newAfter existing: [DailyScrum] = [], id: UUID = UUID(), language: SpeechLanguage = .english) {
    let used = Set(existing.map(\.theme))
    edited = DailyScrum(
      id: id, title: "", theme: Theme.allCases.first { !used.contains($0) } ?? .seafoam, language: language.code)
    isNew = true
    recordsMeetings = false
  }

  /// A draft of an existing scrum, which this computer records or not, and captions or not.
  public init(editing scrum: DailyScrum, recordsMeetings: Bool = false, showsCaptions: Bool = false) {
    edited = scrum
    isNew = false
    self.recordsMeetings = recordsMeetings
    self.showsCaptions = showsCaptions
  }

  /// A plain setting of the scrum, as edited so far.
  public subscript<Value>(dynamicMember setting: WritableKeyPath<DailyScrum, Value>) -> Value {
    get { edited[keyPath: setting] }
    set { edited[keyPath: setting] = newValue }
  }

  /// The scrum being edited, or a new one's id.
  public var id: UUID { edited.id }
  /// Speaking order.
  public var attendees: [Attendee] { edited.attendees }
  /// What runs after the round, in order (at most `AgendaItem.limit` items).
  public var agenda: [AgendaItem] { edited.agenda }

  /// The title without surrounding white space.
  public var trimmedTitle: String { edited.title.trimmed }

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
    edited.attendees.append(Attendee(id: id, name: trimmed))
    return true
  }

  /// Renames the attendee at `index` (same id, so today's lineup and history keep them),
  /// trimmed; refuses a blank name (returns false).
  @discardableResult
  public mutating func renameAttendee(at index: Int, to name: String) -> Bool {
    edited.attendees.rename(at: index, \.name, to: name)
  }

  /// Removes the attendee at `index`.
  public mutating func removeAttendee(at index: Int) {
    edited.attendees.remove(ifAt: index)
  }

  /// Moves the attendee at `index` one place earlier (-1) or later (+1) in speaking order.
  public mutating func moveAttendee(at index: Int, by offset: Int) {
    edited.attendees.move(at: index, by: offset)
  }

  /// Puts the scrum on a schedule (Monday to Friday at 9:30, reminded 5 minutes before, the
  /// first time; the last one set after that) or takes it off.
  public mutating func meetsOnSchedule(_ on: Bool) {
    if let schedule = edited.schedule { lastSchedule = schedule }
    edited.schedule = on ? (edited.schedule ?? lastSchedule ?? MeetingSchedule()) : nil
  }

  /// The whole meeting as planned, in minutes: the round, then the agenda.
  public var plannedMinutes: Int { edited.plannedMinutes }

  /// Adds an agenda item titled `title` (trimmed) lasting `minutes` at the end; refuses a
  /// blank title or an eleventh item (returns false).
  @discardableResult
  public mutating func addItem(titled title: String, minutes: Int = 5, id: UUID = UUID()) -> Bool {
    let trimmed = title.trimmed
    guard !trimmed.isEmpty, agenda.count < AgendaItem.limit else { return false }
    edited.agenda.append(AgendaItem(id: id, title: trimmed, minutes: minutes))
    return true
  }

  /// Gives the item at `index` `minutes` (clamped to `AgendaItem.minutesRange`).
  public mutating func setMinutes(_ minutes: Int, ofItemAt index: Int) {
    guard agenda.indices.contains(index) else { return }
    edited.agenda[index].minutes = minutes
  }

  /// Renames the item at `index`, trimmed; refuses a blank title (returns false).
  @discardableResult
  public mutating func renameItem(at index: Int, to title: String) -> Bool {
    edited.agenda.rename(at: index, \.title, to: title)
  }

  /// Removes the item at `index`.
  public mutating func removeItem(at index: Int) {
    edited.agenda.remove(ifAt: index)
  }

  /// The stage that warns `lead` before a turn's end, if one does.
  public func warningStage(at lead: TurnWarning) -> WarningStage? {
    edited.warningStages.first { $0.lead == lead }
  }

  /// Warns `lead` before a turn's end (with the warning sound if `sound`), or not if `on` is
  /// false.
  public mutating func setWarning(at lead: TurnWarning, on: Bool, sound: Bool) {
    edited.warningStages =
      edited.warningStages.filter { $0.lead != lead } + (on ? [WarningStage(lead, sound: sound)] : [])
  }

  /// Moves the item at `index` one place earlier (-1) or later (+1).
  public mutating func moveItem(at index: Int, by offset: Int) {
    edited.agenda.move(at: index, by: offset)
  }

  /// The scrum as the user confirmed it (title trimmed, history and unknown keys kept).
  public var scrum: DailyScrum {
    var scrum = edited
    scrum.title = trimmedTitle
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
