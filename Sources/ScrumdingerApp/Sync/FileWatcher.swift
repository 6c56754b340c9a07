// The scrums file can change under the running app (a synced folder, another machine). A
// GFileMonitor on the file, and on the file a link points to, says so; a moment later (a
// replace is several events) the store looks at the file off the main loop: our own save
// is recognised and ignored, a change made elsewhere is merged into what is shown
// (ScrumMerge, with when each scrum was last edited here), and the merge is saved. A file
// that became unreadable stops the saving and is asked about. A running meeting is not
// touched: it holds its own copy of its scrum, and its entry is added by id when it ends.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// Merges changes made to the scrums file elsewhere while the app runs.
@MainActor final class FileWatcher {
  /// How long after the last file event the file is read.
  static let settle = Duration.milliseconds(200)
  private let store: ScrumStore
  private let state: AppState
  private let transcripts: TranscriptStore
  private let now: () -> Date
  private var monitors: [FileMonitor] = []
  private var pending: Timeout?
  private var checking = false
  private var checkAgain = false
  /// When each scrum was last changed here, for the newer edit to win a conflict.
  private var edited: [UUID: Date] = [:]
  private var shown: [DailyScrum]
  private var observation: ObservationToken?
  /// Says a merged scrum's same field was also changed here ("TITLE was also changed elsewhere").
  var onConflict: @MainActor (String) -> Void = { _ in }
  /// The file cannot be read any more: nothing is saved until the user chooses.
  var onUnreadable: @MainActor (StoreError) -> Void = { _ in }
  /// The file on disk differs from what is shown (merged, or deleted): save.
  var onNeedsSave: @MainActor () -> Void = {}

  init(store: ScrumStore, state: AppState, transcripts: TranscriptStore, now: @escaping () -> Date) {
    self.store = store
    self.state = state
    self.transcripts = transcripts
    self.now = now
    shown = state.scrums.value
    observation = state.scrums.observe { [weak self] scrums in self?.noteEdits(scrums) }
    watch()
  }

  /// (Re)starts the monitors: the file, and where its link points.
  private func watch() {
    monitors = store.watchedPaths.map { path in FileMonitor(path: path) { [weak self] in self?.changed() } }
  }

  private func noteEdits(_ scrums: [DailyScrum]) {
    let before = Dictionary(shown.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let time = now()
    for scrum in scrums where before[scrum.id] != scrum { edited[scrum.id] = time }
    shown = scrums
  }

  private func changed() {
    pending?.cancel()
    pending = Timeout(after: Self.settle) { [weak self] in self?.check() }
  }

  /// Reads the file off the main loop, then merges on it.
  private func check() {
    guard !checking else { return checkAgain = true }
    checking = true
    let store = store
    WorkerThreads.run({ store.checkDisk() }, then: { [weak self] change in self?.apply(change) })
  }

  private func apply(_ change: ScrumStore.DiskChange) {
    checking = false
    defer {
      if checkAgain {
        checkAgain = false
        check()
      }
    }
    switch change {
    case .none:
      break
    case .changed(let read, let base, let written):
      // With this computer's transcripts (one that came in the file, from an earlier
      // version, is kept here first): the file holds none of ours.
      let theirs = transcripts.attach(to: read.scrums).scrums
      let outcome = ScrumMerge.merge(
        base: base, ours: state.scrums.value, theirs: theirs, oursEdited: edited, theirsWritten: written)
      if outcome.scrums != state.scrums.value { state.scrums.value = outcome.scrums }
      for title in outcome.conflicts { onConflict(title) }
      if outcome.scrums != read.scrums { onNeedsSave() }
      watch()  // a link may point elsewhere now
    case .unreadable(let reason):
      onUnreadable(.unreadable(path: store.path, reason: reason))
    case .gone:
      onNeedsSave()
    }
  }
}
