// Every change to the scrum list is saved, but not on every keystroke: changes within half
// a second share one save, and quitting flushes what is pending. The encoding and the
// durable write run on a serial worker thread (SerialWorker), so a large store never stalls
// the main loop (its figures: docs/performance.md, store); the main thread only hands
// over the (copy-on-write) array, with how many merges it holds: a version from elsewhere
// merged after that refuses the save (the merge saves soon after).
import Platform

/// Saves the scrum list through the store shortly after each change.
@MainActor package final class AutoSave {
  /// How long after a change the save happens.
  static let delay = Duration.milliseconds(500)

  private let store: ScrumStore
  private let state: AppState
  private let onError: @MainActor (StoreError) -> Void
  private var pending: Timeout?
  private var observation: ObservationToken?

  private let worker = SerialWorker()
  /// How the last save went; read and written on `worker` only.
  private let outcome = SaveOutcome()

  private final class SaveOutcome: @unchecked Sendable {
    var error: StoreError?
  }

  package init(store: ScrumStore, state: AppState, onError: @escaping @MainActor (StoreError) -> Void) {
    self.store = store
    self.state = state
    self.onError = onError
    observation = state.scrums.observe { [weak self] _ in self?.schedule() }
  }

  /// Whether a save is waiting for its delay.
  package var isPending: Bool { pending?.isPending == true }

  /// Whether something is not on disk yet: a save waiting, or the last one failed.
  package var hasUnsavedChanges: Bool {
    guard !stopped else { return false }
    let outcome = outcome
    return isPending || worker.wait { outcome.error != nil }
  }

  /// Stops saving for good (the user chose to quit without saving).
  package func stop() {
    stopped = true
    pending?.cancel()
    pending = nil
    observation = nil
  }

  private var stopped = false

  private func schedule() {
    guard !isPending else { return }
    pending = Timeout(after: Self.delay) { [weak self] in self?.saveNow() }
  }

  /// Starts the pending save now, in the background.
  package func saveNow() {
    guard let pending else { return }
    pending.cancel()
    self.pending = nil
    // The scrums with the merges they hold: a merge made before this save runs refuses it.
    let (store, scrums, merges, onError, outcome) = (store, state.scrums.value, store.mergesMade, onError, outcome)
    worker.run {
      do throws(StoreError) {
        try store.save(scrums, holding: merges)
        outcome.error = nil
      } catch {
        outcome.error = error
        guard case .changedElsewhere = error else {
          return WorkerThreads.onMainLoop { onError(error) }
        }
        WorkerThreads.onMainLoop { [weak self] in self?.refused = true }
      }
    }
  }

  /// Whether the last save found the file changed elsewhere (or a merge made since its
  /// scrums were taken) and waits for the next look at the file.
  private var refused = false

  /// The file was looked at and what changed merged: a save refused meanwhile is made again.
  package func retryRefused() {
    guard refused else { return }
    refused = false
    saveSoon()
  }

  /// Saves shortly even though nothing changed here (the file on disk differs from what is
  /// shown: after a merge, or once it was deleted).
  package func saveSoon() {
    guard !stopped else { return }
    schedule()
  }

  /// Saves anything pending and waits until it has reached the disk (on quit, when the main
  /// queue no longer runs): returns the error of that last save, if it failed.
  @discardableResult
  package func flush() -> StoreError? {
    guard !stopped else { return nil }
    let wasPending = isPending
    pending?.cancel()
    pending = nil
    let (store, scrums, merges, outcome) = (store, state.scrums.value, store.mergesMade, outcome)
    return worker.wait { () -> StoreError? in
      guard wasPending || outcome.error != nil else { return nil }
      do throws(StoreError) {
        try store.save(scrums, holding: merges)
        outcome.error = nil
      } catch {
        outcome.error = error
      }
      return outcome.error
    }
  }
}
