// Where the window goes, and where keyboard focus lands when it gets there: the one writer of
// `AppState.navigation`. The window and the other models ask it to move (open a scrum, go
// back, show the list after a delete); it resolves a route whose scrum or meeting has gone
// to the nearest page that still exists, so no page is ever shown for nothing.
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
  /// On a past meeting's page, the transcript's sentence (or the note) said at this moment of
  /// the meeting: a search's result.
  case sentence(atMilliseconds: Int, isNote: Bool)
}

/// The rules of moving between pages.
@MainActor public final class NavigationModel {
  private let state: AppState
  /// Set by a delete: the card to focus when the list shows again.
  private var focusAfterDelete: FocusTarget?
  /// Set by a search's result: the sentence to focus when its meeting's page shows.
  private var focusOnArrival: FocusTarget?
  private var scrumsObservation: ObservationToken?

  /// Navigation over `state`: a page whose scrum or past meeting goes (a delete, an undo, a
  /// merge) gives way to the nearest that exists as the scrums change, before any page is
  /// shown for them.
  public init(state: AppState) {
    self.state = state
    scrumsObservation = state.scrums.observe { [weak self] _ in self?.revalidate() }
  }

  /// The page on show.
  public var route: Route { state.navigation.value }

  /// Shows `route`, or the nearest page to it that exists.
  public func show(_ route: Route) {
    state.navigation.value = resolved(route)
  }

  /// Opens past meeting `historyID` of the scrum shown (from its page only).
  public func openHistory(_ historyID: UUID) {
    guard case .detail(let scrumID) = route else { return }
    show(.history(scrumID: scrumID, historyID: historyID))
  }

  /// Opens past meeting `match.historyID` at the sentence a search found (from any page but
  /// the meeting's, which is never left this way).
  public func open(_ match: MeetingMatch) {
    guard !route.isMeeting else { return }
    let target = Route.history(scrumID: match.scrumID, historyID: match.historyID)
    guard resolved(target) == target else { return }
    focusOnArrival = .sentence(atMilliseconds: match.startMilliseconds, isNote: match.isNote)
    show(target)
  }

  /// Back: the page before this one; false on the meeting page, whose Back asks to end it.
  public func back() -> Bool {
    guard let previous = backRoute() else { return false }
    show(previous)
    return true
  }

  /// Shows the list with `focus` on it (the card that takes a deleted one's place).
  func showList(focusing focus: FocusTarget) {
    focusAfterDelete = focus
    state.navigation.value = .list
  }

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

  /// Moves away from a page whose scrum or past meeting has gone.
  private func revalidate() {
    // The meeting's page stays while its meeting ends: its end shows the scrum's page.
    if !route.isMeeting { show(route) }
  }

  /// Whether an ask from outside the window (a result picked in the Activities overview, a
  /// search in the app) may move it: never while a meeting or the editor (`editorOpen`) is
  /// under way, which are not interrupted.
  public func takesOutsideAsks(editorOpen: Bool) -> Bool {
    state.meeting.value == nil && !editorOpen
  }

  /// The page Back leads to (the meeting page's Back asks to end instead: nil).
  public func backRoute() -> Route? {
    switch route {
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
    case .history:
      defer { focusOnArrival = nil }
      return focusOnArrival ?? .backButton
    case .meeting: return .nextSpeakerButton
    }
  }
}
