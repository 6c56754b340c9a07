// The store and sync as one feature. Once the scrums are read, every change is saved
// (AutoSave) and the file is watched for what arrives from elsewhere (FileWatcher: the file
// and its conflict copies, merged by Reconciliation). This model owns every rule between them:
// when to save and to retry a refused save, what a merge removed and when it may go to the
// Trash, the start-up merge, the missing file, a file that cannot be read, the last save at
// quit. What is to be said is one enum (SyncNotice) told to the renderer the app gives (the
// window's toasts and questions), which answers through this model's methods; a notice that
// must be heard waits for a window, the way the meeting's events go to its effects
// (MeetingEvent, MeetingEffect). Nothing unsaved is lost quietly: an unreadable file stops the
// saving until the user chooses, and quitting merges what arrived, then writes what is pending
// or says it could not.
import FoundationEssentials
import Platform

/// Saves the scrums, merges what arrives, and says what the user must know.
@MainActor public final class ScrumSync {
  private let store: ScrumStore
  private let state: AppState
  private let transcripts: TranscriptStore
  private let now: () -> Date
  /// Says the notices (the app's window); it owns this model.
  private weak var renderer: (any SyncRenderer)?
  private var autoSave: AutoSave?
  private var watcher: FileWatcher?
  /// Run once what was left while the app was closed is merged.
  private var firstMerged: @MainActor () -> Void = {}
  /// Notices that must be heard, waiting for a window.
  private var waiting: [SyncNotice] = []
  /// What merges removed that no window has shown and the user let go of yet.
  private let pending: PendingRemovals
  /// What the toasts on screen say was removed, by toast, and those whose Undo was pressed.
  private var onScreen: [UUID: MergeRemovals] = [:]
  private var undone: Set<UUID> = []
  /// Whether what was left while the app was closed is merged (what is pending is then
  /// counted against what the app holds).
  private var merged = false

  /// Saves `state`'s scrums through `store` (transcripts kept apart by `transcripts`), saying
  /// what happens through `renderer`.
  public init(
    store: ScrumStore, state: AppState, transcripts: TranscriptStore, now: @escaping () -> Date,
    renderer: any SyncRenderer
  ) {
    self.store = store
    self.state = state
    self.transcripts = transcripts
    self.now = now
    self.renderer = renderer
    pending = PendingRemovals(folder: store.directory)
  }

  /// The scrums and meetings merges removed that are still pending: their recordings stay.
  public var pendingRemovals: [DailyScrum] { pending.scrums }

  /// Saves every change from now on, and merges changes made to the file elsewhere; says what
  /// reading the file at start found (a merge with this computer's version, the file missing,
  /// what a merge at start removed); `firstMerged` runs once what was left while the app was
  /// closed is merged.
  public func start(firstMerged: @escaping @MainActor () -> Void = {}) {
    self.firstMerged = firstMerged
    autoSave = AutoSave(store: store, state: state) { [weak self] error in
      warn(error.description)  // in the journal too: the toast goes, and there may be no window
      self?.say(.toast(error.description))
    }
    watcher = FileWatcher(store: store, state: state, transcripts: transcripts, now: now) { [weak self] event in
      self?.heard(event)
    }
    if let merge = store.takeStartMerge() { mergedAtStart(merge) }
    if let shown = store.takeMissingAtStart() { missingAtStart(shown) }
    if let removals = store.takeRemovedWhileClosed() { removed(removals) }
  }

  /// What the watcher found, and what follows from it.
  private func heard(_ event: FileWatcher.Event) {
    switch event {
    case .conflict(let conflict):
      say(.toast(conflict.message))
    case .unreadable(let error):
      warn(error.description)
      say(.unreadable(error, atStart: false))
    case .needsSave:
      autoSave?.saveSoon()
    case .mergedCopy:
      say(.toast(tr("Merged changes made on another computer")))
    case .looked:
      autoSave?.retryRefused()
    case .removed(let removals):
      removed(removals)
    case .firstCheck:
      firstMerged()
      merged = true
      showPendingRemovals()
    case .unreadableCopy(let message):
      warn(message)
      say(.toast(message))
    }
  }

  /// Says `notice` if a window shows; one that must be heard (`waits`) otherwise waits for one.
  private func say(_ notice: SyncNotice, waits: Bool = false) {
    guard renderer?.render(notice) != true, waits else { return }
    waiting.append(notice)
  }

  /// A window shows: what waited for one is said.
  public func windowShown() {
    let notices = waiting
    waiting = []
    for notice in notices { say(notice, waits: true) }
    showPendingRemovals()
  }

  /// A merge removed scrums or meetings (or the file read at start no longer held them): they
  /// are kept privately until a window has shown them, with Undo; where they cannot be kept,
  /// they stay.
  private func removed(_ removals: MergeRemovals) {
    guard pending.keep(removals) else {
      warn(tr("What a merge removed cannot be kept in %@, so it stays", pending.path))
      state.scrums.value = store.restoring(removals, into: state.scrums.value)
      autoSave?.saveSoon()
      return
    }
    showPendingRemovals()
  }

  /// Says what merges removed that no toast on screen says yet.
  private func showPendingRemovals() {
    guard merged else { return }
    pending.letGoOfReturned(in: state.scrums.value)
    let removals = pending.removals(from: state.scrums.value, except: Array(onScreen.values))
    guard !removals.isEmpty else { return }
    let toast = UUID()
    guard renderer?.render(.removed(removals, toast: toast)) == true else { return }
    onScreen[toast] = removals
  }

  /// Undo on the toast of what a merge removed: it is back, and saved.
  public func undo(_ toast: UUID) {
    guard let removals = onScreen[toast] else { return }
    undone.insert(toast)
    state.scrums.value = store.restoring(removals, into: state.scrums.value)
    autoSave?.saveSoon()
  }

  /// The toast of what a merge removed went: unless undone, what went goes to the Trash as a
  /// scrums file (GNOME Files lists and restores it, and Import Scrums… reads it).
  public func toastGone(_ toast: UUID) {
    guard let removals = onScreen.removeValue(forKey: toast) else { return }
    if undone.remove(toast) == nil {
      // Translators: the name of the file in the Trash holding what a merge removed; %@ is the time.
      trash(removals.asScrums, named: tr("Scrums removed by a merge %@", fileTime))
    }
    pending.letGo(removals)
  }

  /// Now, as the name of a file in the Trash says it (local time, no colon).
  private var fileTime: String { Texts.format(now(), "%Y-%m-%d %H.%M.%S", timeZone: nil) }

  /// Puts `scrums` in the Trash as a scrums file called `name`; where it cannot, says where
  /// it is kept.
  private func trash(_ scrums: [DailyScrum], named name: String) {
    let file = store.directory + "/" + name + ".scrums.json"  // the app's own file type
    do throws(StoreError) {
      try AtomicFile.write(ScrumFile.encode(scrums), to: file)
      if !Path.trash(file) { warn(tr("What the merge removed is kept in %@", file)) }
    } catch {
      warn(error.description)
    }
  }

  /// The scrums could not be read at start: asked about once a window shows.
  public func loadFailed(_ error: StoreError) {
    warn(error.description)
    say(.unreadable(error, atStart: true), waits: true)
  }

  /// The file read at start lacked what this computer last held, and was merged with it: the
  /// merge is saved, and said once a window shows.
  private func mergedAtStart(_ merge: StartMerge) {
    autoSave?.saveSoon()
    state.fileAsItWas.offer(merge)
    say(.mergedAtStart(merge), waits: true)
  }

  /// "Use the File as It Is": the file read at start replaces the merge, and is saved.
  public func useFileAsItWas(_ merge: StartMerge) {
    state.fileAsItWas.use(merge, attaching: transcripts.attach)
    autoSave?.saveSoon()
  }

  /// The scrums file was gone at start, and `shown`, this computer's last version, is shown in
  /// its place: said once a window shows. Nothing is written until the user edits or chooses.
  private func missingAtStart(_ shown: [DailyScrum]) {
    say(.missingAtStart(shown), waits: true)
  }

  /// Start Empty: the version shown goes to the Trash as a scrums file, and the list empties.
  public func startEmpty(_ version: [DailyScrum]) {
    // Translators: the name of the file in the Trash holding the scrums shown when the file
    // was missing, once the user started empty; %@ is the time.
    trash(version, named: tr("Scrums shown when the file was missing %@", fileTime))
    state.scrums.value = []
    autoSave?.saveSoon()
  }

  /// Start Fresh (`atStart`) or Keep Mine: moves the unreadable file aside, keeping it, then
  /// starts saving (at start) or saves the scrums shown; returns the name it was kept as.
  public func moveUnreadableAside(atStart: Bool) throws(StoreError) -> String? {
    let aside = try store.moveUnreadableAside()
    if atStart { start() } else { autoSave?.saveSoon() }
    return aside
  }

  /// Whether something is not on disk yet: a save waiting, or the last one failed.
  public var hasUnsavedChanges: Bool { autoSave?.hasUnsavedChanges == true }

  /// Stops saving for good (the user chose to quit without saving).
  public func stopSaving() { autoSave?.stop() }

  /// Writes what is pending now; nil once it is on disk, or the reason it is not. A file
  /// changed elsewhere a moment ago (its merge not in yet) is merged here first, then written.
  public func flush() -> StoreError? {
    let error = autoSave?.flush()
    guard case .changedElsewhere? = error else { return error }
    watcher?.mergeNow()
    return autoSave?.flush()
  }

  /// Merges what arrived and is not merged yet (the file, conflict copies), then writes what
  /// is pending as the app ends; a failure is said on stderr, since no window is left to say
  /// it in.
  public func flushAtQuit() {
    watcher?.mergeNow()
    guard let error = flush() else { return }
    warn("your last changes could not be saved: \(error)")
  }
}
