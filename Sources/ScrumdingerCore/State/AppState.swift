// The whole app's state, split into parts that change at different rates: the scrum list
// (rarely), navigation (on user action), and the running meeting (every second). Views
// observe only the parts they draw.
import FoundationEssentials

/// What the meeting page shows of the running meeting.
public struct MeetingState: Equatable, Sendable {
  /// The scrum being met.
  public var scrumID: UUID
  /// The timer's numbers at the last tick.
  public var snapshot: MeetingTimer.Snapshot

  public init(scrumID: UUID, snapshot: MeetingTimer.Snapshot) {
    self.scrumID = scrumID
    self.snapshot = snapshot
  }
}

/// The single container of app-wide state.
@MainActor
public final class AppState {
  /// The user's scrums, as saved.
  public let scrums: ObservableValue<[DailyScrum]>
  /// The page on show.
  public let navigation = ObservableValue<Route>(.list)
  /// The meeting under way, if any.
  public let meeting = ObservableValue<MeetingState?>(nil)
  /// The file read at start as it was, after a merge at start: on offer for a while.
  public let fileAsItWas: FileAsItWasOffer

  /// Creates the state with the scrums loaded from the store.
  public init(scrums: [DailyScrum] = []) {
    self.scrums = ObservableValue(scrums)
    fileAsItWas = FileAsItWasOffer(scrums: self.scrums)
  }

  /// Changes past meeting `historyID` of scrum `scrumID` in place (one notification);
  /// nothing if either is gone.
  public func updateHistory(_ historyID: UUID, of scrumID: UUID, _ change: (inout History) -> Void) {
    guard let scrumIndex = scrums.value.firstIndex(where: { $0.id == scrumID }),
      let index = scrums.value[scrumIndex].history.firstIndex(where: { $0.id == historyID })
    else { return }
    scrums.update { change(&$0[scrumIndex].history[index]) }
  }

  /// The scrum with `id`, if it still exists.
  public func scrum(_ id: UUID) -> DailyScrum? {
    scrums.value.first { $0.id == id }
  }
}
