// The scrums file can change under the running app (a synced folder, another machine). A
// GFileMonitor on the file, on the file a link points to, and on that file's folder (where
// sync tools leave conflict copies) says so; a moment later (a replace is several events) the
// store looks off the main loop: our own save is recognised and ignored, a change made
// elsewhere is merged into what is shown (ScrumMerge, over the base the store can prove both
// grew from, else as a union that deletes nothing; with when each scrum was last edited
// here), and so is each conflict copy, which then moves to the data folder's
// `merged-conflicts`; the merge is saved. The copies are merged and moved off the main loop,
// a hundred a pass (a folder of thousands must not freeze the window); what they gave is
// shown only if nothing changed meanwhile (else they are merged again over that), and no save
// is taken until it is shown (the store counts them merged already). What a merge removed is
// said, with Undo, and kept in the Trash. A file that became unreadable stops the saving and is asked about; a conflict
// copy that cannot be read (or is a link, a pipe, a device, or too large) is left where it
// is, said once, and not read again until it changes. A running meeting is not touched: it
// holds its own copy of its scrum, and its entry is added by id when it ends.
import FoundationEssentials
import Platform

/// Merges changes made to the scrums file elsewhere while the app runs.
@MainActor public final class FileWatcher {
  /// What a look at the disk found.
  public enum Event {
    /// A merged scrum's same field, attendee or note was also changed here.
    case conflict(ScrumMerge.Conflict)
    /// The file cannot be read any more: nothing is saved until the user chooses.
    case unreadable(StoreError)
    /// The file on disk differs from what is shown (merged, or deleted): to be saved.
    case needsSave
    /// A conflict copy brought changes, merged; the copy is moved aside.
    case mergedCopy
    /// The file and the copies were looked at, and what changed merged.
    case looked
    /// A merge removed scrums or meetings.
    case removed(MergeRemovals)
    /// The first look (at start: the file, and the copies left while the app was closed) is
    /// merged: what the app holds now is what start-up's clean-up may keep.
    case firstCheck
    /// A conflict copy cannot be read, and why, in the user's words (once per copy).
    case unreadableCopy(String)
  }

  /// How long after the last file event the file is read.
  public static let settle = Duration.milliseconds(200)
  private let store: ScrumStore
  private let state: AppState
  private let transcripts: TranscriptStore
  private let now: () -> Date
  private var monitors: [FileMonitor] = []
  private var pending: Timeout?
  private var checking = false
  private var checkAgain = false
  /// The merge rules, with when each scrum was last changed here.
  private var reconciliation = Reconciliation()
  private var shown: [DailyScrum]
  private var observation: ObservationToken?
  /// Where what the watcher finds goes (the store and sync's model, `ScrumSync`).
  private let tell: @MainActor (Event) -> Void
  private var checkedOnce = false
  /// The copies refused, as they were then: not read again until they change.
  private var refused: [String: ConflictCopies.Mark] = [:]
  /// Where a pass of copies is merged and moved, one pass after another; `mergeNow` waits
  /// for the pass under way.
  private let merging = SerialWorker()
  /// Counts `mergeNow`s: a pass that began before one is dropped when it comes back (the
  /// copies it read were merged on the main thread meanwhile).
  private var generation = 0

  /// Watches `store`'s file for what `state` shows, and tells what it finds to `tell`.
  public init(
    store: ScrumStore, state: AppState, transcripts: TranscriptStore, now: @escaping () -> Date,
    tell: @escaping @MainActor (Event) -> Void
  ) {
    self.tell = tell
    self.store = store
    self.state = state
    self.transcripts = transcripts
    self.now = now
    shown = state.scrums.value
    reconciliation.loaded(shown, written: Files.stamp(of: store.path)?.modified ?? Date(timeIntervalSince1970: 0))
    observation = state.scrums.observe { [weak self] scrums in self?.noteEdits(scrums) }
    watch()
    changed()  // conflict copies left while the app was not running
  }

  /// (Re)starts the monitors: the file, where its link points, and that file's folder.
  private func watch() {
    let file = store.watchedPaths.map { path in FileMonitor(path: path) { [weak self] in self?.changed() } }
    let folder = FileMonitor(path: Files.folder(of: store.syncedFile), folder: true) { [weak self] in self?.changed() }
    monitors = file + [folder]
  }

  private func noteEdits(_ scrums: [DailyScrum]) {
    reconciliation.noteEdits(before: shown, after: scrums, at: now())
    shown = scrums
  }

  /// Shows what a merge gave: not an edit made here (the merge knows when each side changed).
  private func show(_ merged: [DailyScrum]) {
    shown = merged
    state.scrums.value = merged
  }

  private func changed() {
    pending?.cancel()
    pending = Timeout(after: Self.settle) { [weak self] in self?.check() }
  }

  /// Reads the file and the copies off the main loop; merges the file on it, then the copies
  /// off it again (`mergeOffMainLoop`).
  private func check() {
    guard !checking else {
      checkAgain = true
      return
    }
    checking = true
    let (store, refused, first) = (store, refused, !checkedOnce)
    WorkerThreads.run({
      // Once a run: merged copies kept past their time go to the Trash.
      if first { ConflictCopies.pruneKept(in: store.mergedConflictsFolder) }
      return (store.checkDisk(), ConflictCopies.read(besides: store.syncedFile, skipping: refused))
    }) {
      [weak self] change, copies in
      guard let self else { return }
      let before = state.scrums.value
      apply(change)
      mergeOffMainLoop(copies) { [weak self] copyChanged in
        guard let self else { return }
        checking = false
        say(merged: copyChanged, since: before)
        tell(.looked)
        if !checkedOnce {
          checkedOnce = true
          tell(.firstCheck)
        }
        // A pass of as many copies as one reads: more may wait.
        if checkAgain || copies.count >= ConflictCopies.copiesPerPass {
          checkAgain = false
          check()
        }
      }
    }
  }

  /// Merges the readable `copies` into what is shown on a worker thread, then shows the merge
  /// (made again over what is shown now, if that changed meanwhile) and moves the copies
  /// aside, on a worker too (a move to another disk is a copy); `done` says whether one
  /// brought changes. A thousand copies cost the main loop a hundred comparisons, not a
  /// hundred merges.
  private func mergeOffMainLoop(_ copies: [ConflictCopies.Copy], then done: @escaping @MainActor (Bool) -> Void) {
    let readable = readableRefusingTheRest(copies)
    guard !readable.isEmpty else { return done(false) }
    let (ours, reconciliation, store, transcripts) = (state.scrums.value, reconciliation, store, transcripts)
    let pass = generation
    store.holdSaves(whileMerging: true)
    merging.run {
      let merged = Self.merge(readable, into: ours, with: reconciliation, store: store, transcripts: transcripts)
      WorkerThreads.onMainLoop { [weak self] in
        guard let self, pass == generation else { return done(false) }
        guard state.scrums.value == ours else { return mergeOffMainLoop(readable, then: done) }
        take(merged)
        store.holdSaves(whileMerging: false)
        let folder = store.mergedConflictsFolder
        merging.run {
          let unmoved = Self.moveAside(readable, to: folder)
          WorkerThreads.onMainLoop { [weak self] in
            for copy in unmoved { self?.refuse(copy, tr("it cannot be moved to %@", folder)) }
            done(merged.changed)
          }
        }
      }
    }
  }

  /// Merges what changed on disk now, on the main thread: at quit, before the last save, and
  /// when a save found the file changed elsewhere and its merge is not in yet. A look already
  /// under way off the main loop finds its version taken and looks again.
  public func mergeNow() {
    pending?.cancel()
    // A pass under way finishes its merges (the store counts them), and is dropped.
    generation += 1
    merging.wait {}
    store.holdSaves(whileMerging: false)
    let before = state.scrums.value
    apply(store.checkDisk())
    let readable = readableRefusingTheRest(ConflictCopies.read(besides: store.syncedFile, skipping: refused))
    let merged = Self.merge(
      readable, into: state.scrums.value, with: reconciliation, store: store, transcripts: transcripts)
    take(merged)
    for copy in Self.moveAside(readable, to: store.mergedConflictsFolder) {
      refuse(copy, tr("it cannot be moved to %@", store.mergedConflictsFolder))
    }
    say(merged: merged.changed, since: before)
    tell(.looked)
  }

  /// Says what a look at the disk changed: what it removed from `before`, else that a
  /// conflict copy brought changes (`copyChanged`).
  private func say(merged copyChanged: Bool, since before: [DailyScrum]) {
    let removals = MergeRemovals(before: before, after: state.scrums.value)
    if !removals.isEmpty {
      tell(.removed(removals))
    } else if copyChanged {
      tell(.mergedCopy)
    }
  }

  /// What merging a pass of conflict copies gave.
  private struct MergedCopies: Sendable {
    /// What the app holds with them.
    var scrums: [DailyScrum]
    /// Whether one brought changes (a copy of what this computer wrote itself brings none).
    var changed = false
    /// The scrums whose same field, attendee or note was also changed here.
    var conflicts: [ScrumMerge.Conflict] = []
    /// The merge rules, with when each scrum was last changed.
    var reconciliation: Reconciliation
  }

  /// Merges each of `copies` (read) into `ours`, one after another, over the base `store`
  /// proves, each meeting with this computer's transcript: on any thread.
  nonisolated private static func merge(
    _ copies: [ConflictCopies.Copy], into ours: [DailyScrum], with reconciliation: Reconciliation,
    store: ScrumStore, transcripts: TranscriptStore
  ) -> MergedCopies {
    var merged = MergedCopies(scrums: ours, reconciliation: reconciliation)
    for copy in copies {
      guard case .success(let theirs) = copy.contents else { continue }
      let step = merged.reconciliation.copy(
        theirs.scrums, base: store.mergeBase(for: theirs.scrums, lineage: theirs.lineage), written: copy.written,
        into: merged.scrums, attach: transcripts.attach)
      merged.scrums = step.scrums
      merged.changed = merged.changed || step.changed
      merged.conflicts += step.conflicts
    }
    return merged
  }

  /// Shows what merging copies gave, and says what both sides changed.
  private func take(_ merged: MergedCopies) {
    reconciliation = merged.reconciliation
    if merged.changed {
      show(merged.scrums)
      tell(.needsSave)
    }
    for conflict in merged.conflicts { tell(.conflict(conflict)) }
  }

  /// Moves the merged `copies` into `folder`; returns those that could not be moved (gone
  /// already, as a copy merged at quit meanwhile is, is not one).
  nonisolated private static func moveAside(_ copies: [ConflictCopies.Copy], to folder: String) -> [ConflictCopies.Copy]
  {
    copies.filter { Files.kind(at: $0.path) != nil && ConflictCopies.keep($0.path, in: folder) == nil }
  }

  /// The copies of `copies` that were read; the others are refused, each said once.
  private func readableRefusingTheRest(_ copies: [ConflictCopies.Copy]) -> [ConflictCopies.Copy] {
    copies.filter { copy in
      guard case .failure(let reason) = copy.contents else { return true }
      refuse(copy, reason.description)
      return false
    }
  }

  /// Leaves `copy` where it is, says why once, and reads it again only once it changed.
  private func refuse(_ copy: ConflictCopies.Copy, _ reason: String) {
    let saidBefore = refused[copy.path] != nil
    refused[copy.path] = copy.mark
    guard !saidBefore else { return }
    tell(.unreadableCopy(tr("The conflict copy %@ was left as it is: %@", copy.path, reason)))
  }

  private func apply(_ change: ScrumStore.DiskChange) {
    switch change {
    case .none:
      break
    case .changed(let arrival):
      // Read again (merged at quit, or saved) since this look read it: look once more.
      guard let base = store.accept(arrival) else { return changed() }
      // With this computer's transcripts: the file holds none of ours (and none it holds
      // are taken).
      let step = reconciliation.file(
        arrival.contents.scrums, base: base, written: arrival.written, into: state.scrums.value,
        attach: transcripts.attach)
      if step.changed { show(step.scrums) }
      for conflict in step.conflicts { tell(.conflict(conflict)) }
      if step.needsSave { tell(.needsSave) }
      watch()  // a link may point elsewhere now
    case .unreadable(let reason):
      tell(.unreadable(.unreadable(path: store.path, reason: reason)))
    case .gone:
      tell(.needsSave)
    }
  }
}
