// Deleting and putting back: a delete is offered for undo while its toast is up, and what is
// not put back by then takes its meetings' recordings and transcripts with it. Apart from the
// pages, so the rules (where the entry goes back, what is forgotten when) are tested alone.
import FoundationEssentials

/// Something deleted that Undo can put back where it was.
public enum Deletion: Equatable, Sendable {
  case scrum(DailyScrum, index: Int)
  case history(scrumID: UUID, entry: History, index: Int)
}

/// The rules of deleting scrums and past meetings, and of undoing that.
@MainActor public final class UndoModel {
  private let state: AppState
  private let recorder: MeetingRecorder
  private let navigation: NavigationModel
  /// The last delete, while it can still be undone (its toast is up).
  public private(set) var undoable: Deletion? {
    didSet { if undoable != oldValue { undoableChanged?() } }
  }
  /// Runs when `undoable` changes (the command table's Undo follows it).
  var undoableChanged: (@MainActor () -> Void)?

  /// Deletes from `state`, moving through `navigation`; what is gone for good is forgotten by
  /// `recorder`.
  public init(state: AppState, recorder: MeetingRecorder, navigation: NavigationModel) {
    self.state = state
    self.recorder = recorder
    self.navigation = navigation
  }

  /// Deletes the scrum `id` and shows the list; returns what Undo needs.
  public func deleteScrum(_ id: UUID) -> Deletion? {
    guard let index = state.scrums.value.firstIndex(where: { $0.id == id }) else { return nil }
    let scrum = state.scrums.value[index]
    var rest = state.scrums.value
    rest.remove(at: index)
    // Focus lands on the card that takes the deleted one's place (set before the list shows).
    navigation.showList(focusing: rest.isEmpty ? .newScrumButton : .scrumCard(rest[min(index, rest.count - 1)].id))
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
    state.scrums.update { $0[scrumIndex].history.remove(at: index) }  // its page, if shown, gives way
    return undoable
  }

  /// Undoes the last delete, if it still can be (Ctrl+Z).
  public func undoLast() {
    guard let undoable else { return }
    undo(undoable)
  }

  /// The delete's toast is gone: it can no longer be undone. What is gone for good (not
  /// put back) takes its meetings' recordings and transcripts with it.
  public func forget(_ deletion: Deletion) {
    if undoable == deletion { undoable = nil }
    switch deletion {
    case .history(let scrumID, let entry, _):
      guard state.scrum(scrumID)?.history.contains(where: { $0.id == entry.id }) != true else { return }
      recorder.forgetMeeting(entry.id)
    case .scrum(let scrum, _):
      guard state.scrum(scrum.id) == nil else { return }
      for entry in scrum.history { recorder.forgetMeeting(entry.id) }
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
}
