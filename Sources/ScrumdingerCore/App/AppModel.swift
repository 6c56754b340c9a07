// The rules of the list, detail, history and editor pages, apart from any widget (as
// SyncUps keeps each feature's logic in a model): what upsert and delete do, how a delete is
// undone, where the window goes when the scrum it shows disappears, which commands are
// enabled where, and where keyboard focus lands after a move. The window only wires widgets
// to these answers, so every rule is tested without a display.
import FoundationEssentials

/// Where keyboard focus goes after the window changes page.
public enum FocusTarget: Equatable, Sendable {
  /// The card of this scrum on the list page.
  case scrumCard(UUID)
  /// The list page's New Scrum button (the list is empty).
  case newScrumButton
  /// The detail page's Start Meeting button.
  case startButton
  /// This past meeting's row on the detail page.
  case historyRow(UUID)
  /// The page's Back button.
  case backButton
  /// The meeting page's Next speaker button.
  case nextSpeakerButton
}

/// Something deleted that Undo can put back where it was.
public enum Deletion: Equatable, Sendable {
  case scrum(DailyScrum, index: Int)
  case history(scrumID: UUID, entry: History, index: Int)
}

/// The answer to "New Scrum".
public enum NewScrumOutcome: Equatable, Sendable {
  /// Open the editor on this draft.
  case openEditor(ScrumDraft)
  /// An editor is open already: bring it forward.
  case presentOpenEditor
  /// Not now; show the reason.
  case refused(String)
}

/// The app's page rules, over the shared state and the injected dependencies.
@MainActor public final class AppModel {
  /// The state the rules act on.
  public let state: AppState
  /// The injected effects.
  public let dependencies: Dependencies
  /// Whether another instance owns the data: nothing here may change it.
  public var isReadOnly = false
  /// Today's speaking order and who is absent, per scrum (made when first asked for).
  public let lineups = ObservableValue<[UUID: Lineup]>([:])
  /// The last delete, while it can still be undone (its toast is up).
  public private(set) var undoable: Deletion?
  /// Set by a delete: the card to focus when the list shows again.
  private var focusAfterDelete: FocusTarget?

  /// The rules over `state`, with `dependencies`; `transcriber` is the application's (it
  /// outlives any window), or a new one over the same state.
  public init(state: AppState, dependencies: Dependencies, transcriber: Transcriber? = nil) {
    self.state = state
    self.dependencies = dependencies
    self.transcriber =
      transcriber ?? Transcriber(state: state, recorder: dependencies.recorder, engine: dependencies.speech)
  }

  // MARK: Commands

  /// What the enabled rules see now (`draftCanSave` for the editor's commands, `canPresent` for
  /// Present: whether the display has another monitor).
  public func commandContext(draftCanSave: Bool = false, canPresent: Bool = false) -> Command.Context {
    var nobodyHere = false
    var isScheduled = false
    if case .detail(let id) = state.navigation.value, let scrum = state.scrum(id) {
      nobodyHere = lineup(for: scrum).nobodyIsHere(in: scrum)
      isScheduled = scrum.schedule?.days.isEmpty == false
    }
    return Command.Context(
      route: state.navigation.value, meetingRunning: state.meeting.value != nil, draftCanSave: draftCanSave,
      readOnly: isReadOnly, nobodyHere: nobodyHere, canUndo: undoable != nil,
      canGoBack: state.meeting.value?.snapshot.canGoBack == true, isScheduled: isScheduled, canPresent: canPresent)
  }

  // MARK: Today's lineup

  /// Today's lineup for `scrum`: the one set up already (following any edit of the team),
  /// or a new one (shuffled if the scrum says so), kept so the page and the meeting agree.
  public func lineup(for scrum: DailyScrum) -> Lineup {
    if var lineup = lineups.value[scrum.id] {
      lineup.follow(scrum)
      return lineup
    }
    let lineup = Lineup(for: scrum, random: dependencies.random)
    lineups.value[scrum.id] = lineup
    return lineup
  }

  /// Marks attendee `attendeeID` of scrum `scrumID` here or not, for the next meeting only.
  public func setPresent(_ present: Bool, attendee attendeeID: UUID, in scrumID: UUID) {
    changeLineup(of: scrumID) { $0.setPresent(attendeeID, present) }
  }

  /// A new random speaking order for the next meeting of scrum `scrumID`.
  public func shuffleLineup(of scrumID: UUID) {
    changeLineup(of: scrumID) { $0.shuffle(using: dependencies.random) }
  }

  /// After a meeting, everyone is here again (and a shuffling scrum gets a new order).
  public func resetLineup(of scrumID: UUID) {
    lineups.value[scrumID] = nil
  }

  private func changeLineup(of scrumID: UUID, _ change: (inout Lineup) -> Void) {
    guard let scrum = state.scrum(scrumID) else { return }
    var lineup = lineup(for: scrum)
    change(&lineup)
    lineups.value[scrumID] = lineup
  }

  // MARK: Editing

  /// New Scrum, from any page: a draft for the editor, the open editor, or a refusal while
  /// a meeting runs (its page stays on screen).
  public func requestNewScrum(editorOpen: Bool) -> NewScrumOutcome {
    if isReadOnly { return .refused(tr("Another Scrumdinger is using your scrums: this window cannot change them")) }
    if state.meeting.value != nil { return .refused(tr("End the meeting before adding a scrum")) }
    if editorOpen { return .presentOpenEditor }
    return .openEditor(ScrumDraft(newAfter: state.scrums.value, id: dependencies.uuid()))
  }

  /// A draft of the scrum shown on the detail page, if any.
  public func draftOfShownScrum() -> ScrumDraft? {
    guard case .detail(let id) = state.navigation.value, let scrum = state.scrum(id) else { return nil }
    return ScrumDraft(editing: scrum, recordsMeetings: dependencies.recorder.consent.records(id))
  }

  /// Applies the editor's confirmed `draft`: the scrum (`upsert`), and whether this computer
  /// records it (saved beside the scrums; the error says why not, the choice holding for
  /// this run).
  public func apply(_ draft: ScrumDraft) throws(StoreError) {
    upsert(draft.scrum)
    try dependencies.recorder.consent.set(draft.id, records: draft.recordsMeetings)
  }

  /// Adds `scrum`, or replaces the scrum with its id where it stands.
  public func upsert(_ scrum: DailyScrum) {
    state.scrums.update { scrums in
      if let index = scrums.firstIndex(where: { $0.id == scrum.id }) {
        // The editor changes the scrum's own fields: its history and the keys this version
        // does not know are taken as they are now (a meeting synced in, or saved, while the
        // editor was open stays).
        var edited = scrum
        edited.history = scrums[index].history
        edited.unknown = scrums[index].unknown
        scrums[index] = edited
      } else {
        scrums.append(scrum)
      }
    }
  }

  // MARK: Deleting

  /// Deletes the scrum `id` and shows the list; returns what Undo needs.
  public func deleteScrum(_ id: UUID) -> Deletion? {
    guard let index = state.scrums.value.firstIndex(where: { $0.id == id }) else { return nil }
    let scrum = state.scrums.value[index]
    var rest = state.scrums.value
    rest.remove(at: index)
    // Focus lands on the card that takes the deleted one's place (set before the list shows).
    focusAfterDelete = rest.isEmpty ? .newScrumButton : .scrumCard(rest[min(index, rest.count - 1)].id)
    state.navigation.value = .list
    state.scrums.value = rest
    undoable = .scrum(scrum, index: index)
    return undoable
  }

  /// Deletes one past meeting of scrum `scrumID`; its page, if shown, goes back to the scrum.
  public func deleteHistory(scrumID: UUID, historyID: UUID) -> Deletion? {
    guard let scrumIndex = state.scrums.value.firstIndex(where: { $0.id == scrumID }),
      let index = state.scrums.value[scrumIndex].history.firstIndex(where: { $0.id == historyID })
    else { return nil }
    let entry = state.scrums.value[scrumIndex].history[index]
    undoable = .history(scrumID: scrumID, entry: entry, index: index)
    state.scrums.update { $0[scrumIndex].history.remove(at: index) }
    revalidateRoute()
    return undoable
  }

  /// Transcribes recorded meetings in the background.
  public let transcriber: Transcriber

  /// Gives note `noteID` of a past meeting a new text; a blank one removes it.
  public func editNote(_ noteID: UUID, text: String, scrumID: UUID, historyID: UUID) {
    state.updateHistory(historyID, of: scrumID) { $0.notes.edit(noteID, text: text) }
  }

  /// Undoes the last delete, if it still can be (Ctrl+Z).
  public func undoLast() {
    guard let undoable else { return }
    undo(undoable)
  }

  /// The delete's toast is gone: it can no longer be undone. What is gone for good (not
  /// put back) takes its meetings' recordings and transcripts with it.
  public func forgetUndo(_ deletion: Deletion) {
    if undoable == deletion { undoable = nil }
    switch deletion {
    case .history(let scrumID, let entry, _):
      guard state.scrum(scrumID)?.history.contains(where: { $0.id == entry.id }) != true else { return }
      dependencies.recorder.forgetMeeting(entry.id)
    case .scrum(let scrum, _):
      guard state.scrum(scrum.id) == nil else { return }
      for entry in scrum.history { dependencies.recorder.forgetMeeting(entry.id) }
    }
  }

  /// Puts a deleted scrum or meeting back at its place (nothing if it is back already, or
  /// its scrum is gone).
  public func undo(_ deletion: Deletion) {
    if undoable == deletion { undoable = nil }
    switch deletion {
    case .scrum(let scrum, let index):
      guard state.scrum(scrum.id) == nil else { return }
      state.scrums.update { $0.insert(scrum, at: min(index, $0.count)) }
    case .history(let scrumID, let entry, let index):
      guard let scrumIndex = state.scrums.value.firstIndex(where: { $0.id == scrumID }),
        !state.scrums.value[scrumIndex].history.contains(where: { $0.id == entry.id })
      else { return }
      state.scrums.update { scrums in
        scrums[scrumIndex].history.insert(entry, at: min(index, scrums[scrumIndex].history.count))
      }
    }
  }

  /// The toast saying what was deleted.
  public static func message(for deletion: Deletion) -> String {
    switch deletion {
    case .scrum(let scrum, _): tr("“%@” deleted", Texts.shown(scrum.title))
    case .history: tr("Meeting deleted")
    }
  }

  // MARK: Navigation

  /// `route` if what it shows still exists; otherwise the nearest page that does.
  public func resolved(_ route: Route) -> Route {
    switch route {
    case .list: return .list
    case .detail(let id):
      return state.scrum(id) == nil ? .list : route
    case .history(let id, let entryID):
      guard let scrum = state.scrum(id) else { return .list }
      return scrum.history.contains { $0.id == entryID } ? route : .detail(scrumID: id)
    case .meeting(let id):
      guard state.meeting.value?.scrumID == id else { return resolved(.detail(scrumID: id)) }
      return route
    }
  }

  /// Moves away from a page whose scrum or meeting has gone (after a delete, say).
  public func revalidateRoute() {
    state.navigation.value = resolved(state.navigation.value)
  }

  /// The page Back leads to (the meeting page's Back asks to end instead: nil).
  public func backRoute() -> Route? {
    switch state.navigation.value {
    case .list: .list
    case .detail: .list
    case .history(let id, _): .detail(scrumID: id)
    case .meeting: nil
    }
  }

  /// Where focus goes on arriving at `new` from `old`: back to the row the user left, not
  /// the first one.
  public func focusTarget(from old: Route, to new: Route) -> FocusTarget {
    switch new {
    case .list:
      if let target = focusAfterDelete {
        focusAfterDelete = nil
        return target
      }
      if let id = old.scrumID, state.scrum(id) != nil { return .scrumCard(id) }
      return state.scrums.value.first.map { .scrumCard($0.id) } ?? .newScrumButton
    case .detail(let id):
      if case .history(id, let entryID) = old, state.scrum(id)?.history.contains(where: { $0.id == entryID }) == true {
        return .historyRow(entryID)
      }
      return .startButton
    case .history: return .backButton
    case .meeting: return .nextSpeakerButton
    }
  }
}

extension Route {
  /// Whether this is the meeting page.
  public var isMeeting: Bool { if case .meeting = self { true } else { false } }

  /// The scrum the page shows, if any.
  public var scrumID: UUID? {
    switch self {
    case .list: nil
    case .detail(let id), .meeting(let id), .history(let id, _): id
    }
  }
}
