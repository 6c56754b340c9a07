// The list's rules: what New Scrum answers from any page, and how the editor's confirmed draft
// joins the list (a new scrum appended, an edited one replaced where it stands, keeping what
// arrived while the editor was open).
import FoundationEssentials

/// The answer to "New Scrum".
public enum NewScrumOutcome: Equatable, Sendable {
  /// Open the editor on this draft.
  case openEditor(ScrumDraft)
  /// An editor is open already: bring it forward.
  case presentOpenEditor
  /// Not now; show the reason.
  case refused(String)
}

/// The rules of the list of scrums.
@MainActor public final class ScrumListModel {
  private let state: AppState
  private let dependencies: Dependencies
  /// Whether another instance owns the data: nothing here may change it.
  public var isReadOnly = false {
    didSet { if isReadOnly != oldValue { readOnlyChanged?() } }
  }
  /// Runs when `isReadOnly` changes (the command table's rules follow it).
  var readOnlyChanged: (@MainActor () -> Void)?

  /// The list in `state`, with `dependencies` (new ids, the recording consent).
  public init(state: AppState, dependencies: Dependencies) {
    self.state = state
    self.dependencies = dependencies
  }

  /// New Scrum, from any page: a draft for the editor, the open editor, or a refusal while
  /// a meeting runs (its page stays on screen).
  public func requestNewScrum(editorOpen: Bool) -> NewScrumOutcome {
    if isReadOnly { return .refused(tr("Another Scrumdinger is using your scrums: this window cannot change them")) }
    if state.meeting.value != nil { return .refused(tr("End the meeting before adding a scrum")) }
    if editorOpen { return .presentOpenEditor }
    return .openEditor(
      ScrumDraft(newAfter: state.scrums.value, id: dependencies.uuid(), language: dependencies.localeLanguage()))
  }

  /// Applies the editor's confirmed `draft`: the scrum (`upsert`), and whether this computer
  /// records and captions it (saved beside the scrums; the error says why not, the choice
  /// holding for this run).
  public func apply(_ draft: ScrumDraft) throws(StoreError) {
    upsert(draft.scrum)
    try dependencies.recorder.consent.set(draft.id, records: draft.recordsMeetings)
    try dependencies.recorder.consent.set(draft.id, captions: draft.showsCaptions)
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
}
