// The window's models, one per feature as SyncUps keeps them (the list's, a scrum page's,
// undo's, navigation's), over the shared state and the injected dependencies, and the one
// question that spans them: which commands are enabled now. The window only wires widgets to
// their answers, so every rule is tested without a display.
import FoundationEssentials

/// The models of the window's pages.
@MainActor public final class AppModel {
  /// The state the rules act on.
  public let state: AppState
  /// The injected effects.
  public let dependencies: Dependencies
  /// Where the window goes.
  public let navigation: NavigationModel
  /// The list of scrums: New Scrum, the editor's drafts applied.
  public let list: ScrumListModel
  /// A scrum's page: today's lineup, the draft to edit, a past meeting's notes.
  public let detail: ScrumDetailModel
  /// Deleting scrums and past meetings, and undoing it.
  public let undo: UndoModel
  /// What the enabled rules of the window's, history's and meeting's commands see, kept up to
  /// date with what it is derived from: each action group observes it once, and nothing
  /// tells it to look again.
  public let commands: ObservableValue<Command.Context>
  /// Whether the meeting can be presented on another monitor (or is): the one input the
  /// models do not hold, set by the meeting's presenter as monitors come and go.
  public var canPresent = false {
    didSet { refreshCommands() }
  }
  private var inputs: [ObservationToken] = []

  /// The models over `state`, with `dependencies`.
  public init(state: AppState, dependencies: Dependencies) {
    self.state = state
    self.dependencies = dependencies
    navigation = NavigationModel(state: state)
    list = ScrumListModel(state: state, dependencies: dependencies)
    detail = ScrumDetailModel(state: state, dependencies: dependencies)
    undo = UndoModel(state: state, recorder: dependencies.recorder, navigation: navigation)
    commands = ObservableValue(
      Command.Context(
        window: WindowCommand.Context(route: state.navigation.value), meeting: MeetingCommand.Context(isShown: false),
        history: HistoryCommand.Context(route: state.navigation.value)))
    refreshCommands()
    let refresh: @MainActor () -> Void = { [weak self] in self?.refreshCommands() }
    inputs = [
      state.navigation.observe { _ in refresh() },
      state.scrums.observe { _ in refresh() },  // Add to Calendar follows the schedule
      state.meeting.observe { _ in refresh() },  // Previous speaker, on the first turn
      detail.lineups.observe { _ in refresh() },
      state.fileAsItWas.status.observe { _ in refresh() },
    ]
    undo.undoableChanged = refresh
    list.readOnlyChanged = refresh
  }

  /// "Use the File as It Is" from the main menu: the file read at start as it was, with what
  /// was edited here since, each meeting with its transcript.
  public func useFileAsItWas() {
    guard let merge = state.fileAsItWas.offered else { return }
    state.fileAsItWas.use(merge, attaching: dependencies.recorder.transcripts.attach)
  }

  private func refreshCommands() {
    commands.value = commandContext()
  }

  /// What the enabled rules see now.
  private func commandContext() -> Command.Context {
    let route = state.navigation.value
    var nobodyHere = false
    var isScheduled = false
    if case .detail(let id) = route, let scrum = state.scrum(id) {
      nobodyHere = detail.lineup(for: scrum).nobodyIsHere(in: scrum)
      isScheduled = scrum.schedule?.days.isEmpty == false
    }
    return Command.Context(
      window: WindowCommand.Context(
        route: route, meetingRunning: state.meeting.value != nil, readOnly: list.isReadOnly, nobodyHere: nobodyHere,
        canUndo: undo.undoable != nil, fileAsItWasOffered: state.fileAsItWas.status.value == .offered),
      meeting: MeetingCommand.Context(
        isShown: route.isMeeting, canGoBack: state.meeting.value?.snapshot.canGoBack == true, canPresent: canPresent),
      history: HistoryCommand.Context(route: route, isScheduled: isScheduled))
  }
}
