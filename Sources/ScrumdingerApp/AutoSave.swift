// Every change to the scrum list is saved, but not on every keystroke: changes within half
// a second share one save, and quitting flushes what is pending.
import GtkShim
import ScrumdingerCore

/// Saves the scrum list through the store shortly after each change.
@MainActor final class AutoSave {
  /// How long after a change the save happens.
  static let delay = Duration.milliseconds(500)

  private let store: ScrumStore
  private let state: AppState
  private let onError: @MainActor (StoreError) -> Void
  private var pending: Timeout?
  private var observation: ObservationToken?

  init(store: ScrumStore, state: AppState, onError: @escaping @MainActor (StoreError) -> Void) {
    self.store = store
    self.state = state
    self.onError = onError
    observation = state.scrums.observe { [weak self] _ in self?.schedule() }
  }

  /// Whether a save is waiting.
  var isPending: Bool { pending?.isPending == true }

  private func schedule() {
    guard !isPending else { return }
    pending = Timeout(after: Self.delay) { [weak self] in self?.flush() }
  }

  /// Saves now if anything is pending.
  func flush() {
    guard let pending else { return }
    pending.cancel()
    self.pending = nil
    do {
      try store.save(state.scrums.value)
    } catch {
      onError(error)
    }
  }
}
