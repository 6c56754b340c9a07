// Saving the scrums, and what happens when it cannot be done. Once the scrums are read, every
// change is saved (AutoSave) and the file is watched for changes made elsewhere (FileWatcher).
// An unreadable file stops saving until the user picks Start Fresh (the file moved aside,
// kept) or Quit; one that becomes unreadable while the app runs keeps the scrums shown and
// saves nothing over it until Keep Mine. Nothing unsaved is lost quietly: closing the window
// with a failed save asks first, and quitting writes what is pending or says it could not.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// Saves the scrums, and asks about a file that cannot be read or written.
@MainActor final class Saving {
  private let store: ScrumStore
  private let state: AppState
  private let transcripts: TranscriptStore
  private let now: () -> Date
  /// Quit of "Your Scrums Could Not Be Read" quits it.
  private let application: Application
  /// The window on show, if any: toasts and questions go there.
  private weak var shown: (any WindowSurface)?
  private var autoSave: AutoSave?
  private var fileWatcher: FileWatcher?
  /// The file could not be read while no window was open: asked about when one opens.
  private var unreadable: StoreError?
  /// The file read at start was merged with this computer's version while no window was
  /// open: said when one opens.
  private var startMerge: StartMerge?
  /// The file was gone at start, and this computer's last version was shown, while no window
  /// was open: said when one opens.
  private var missingVersion: [DailyScrum]?
  /// Dismisses the toast of a merge at start once the file as it was is taken from the menu.
  private var fileTaken: ObservationToken?
  /// What merges removed that no window has shown and the user let go of yet.
  private let pending: PendingRemovals
  /// What the toasts on screen say was removed, by toast.
  private var onScreen: [UUID: MergeRemovals] = [:]
  /// Whether what was left while the app was closed is merged (what is pending is then
  /// counted against what the app holds).
  private var merged = false

  /// Saves `state`'s scrums through `store` (transcripts kept apart by `transcripts`).
  init(
    store: ScrumStore, state: AppState, transcripts: TranscriptStore, now: @escaping () -> Date,
    application: Application
  ) {
    self.store = store
    self.state = state
    self.transcripts = transcripts
    self.now = now
    self.application = application
    pending = PendingRemovals(folder: store.directory)
  }

  /// The scrums and meetings merges removed that are still pending: their recordings stay.
  var pendingRemovals: [DailyScrum] { pending.scrums }

  /// Saves every change from now on, and merges changes made to the file elsewhere;
  /// `firstMerged` runs once what was left while the app was closed is merged.
  func start(firstMerged: @escaping @MainActor () -> Void = {}) {
    autoSave = AutoSave(store: store, state: state) { [weak self] error in
      warn(error.description)  // in the journal too: the toast goes, and there may be no window
      self?.shown?.toast(error.description)
    }
    let watcher = FileWatcher(store: store, state: state, transcripts: transcripts, now: now)
    watcher.onConflict = { [weak self] conflict in self?.shown?.toast(conflict.message) }
    watcher.onNeedsSave = { [weak self] in self?.autoSave?.saveSoon() }
    watcher.onMergedCopy = { [weak self] in self?.shown?.toast(tr("Merged changes made on another computer")) }
    watcher.onLooked = { [weak self] in self?.autoSave?.retryRefused() }
    watcher.onRemoved = { [weak self] removals in self?.removed(removals) }
    watcher.onFirstCheck = { [weak self] in
      firstMerged()
      self?.merged = true
      self?.showPendingRemovals()
    }
    watcher.onUnreadableCopy = { [weak self] message in
      warn(message)
      self?.shown?.toast(message)
    }
    watcher.onUnreadable = { [weak self] error in
      warn(error.description)
      guard let self, let window = self.shown else { return }
      self.ask(
        error, in: window, heading: tr("Your Scrums File Was Changed and Cannot Be Read"),
        explanation: tr(
          "The scrums shown here are kept, and nothing is saved over that file. Keep Mine moves it aside, keeping it, and saves the scrums shown here."
        ),
        stay: tr("Not Now"), move: (tr("Keep Mine"), .suggested), onStay: {}
      ) { [weak self] in self?.autoSave?.saveSoon() }
    }
    fileWatcher = watcher
  }

  /// A merge removed scrums or meetings (or the file read at start no longer held them): they
  /// are kept privately until a window has shown them, with Undo; where they cannot be kept,
  /// they stay.
  func removed(_ removals: MergeRemovals) {
    guard pending.keep(removals) else {
      warn(tr("What a merge removed cannot be kept in %@, so it stays", pending.path))
      state.scrums.value = store.restoring(removals, into: state.scrums.value)
      autoSave?.saveSoon()
      return
    }
    showPendingRemovals()
  }

  /// Says what merges removed that no toast on screen says yet, with Undo while it shows.
  /// Let go of, what went goes to the Trash as a scrums file (GNOME Files lists and restores
  /// it, and Import Scrums… reads it).
  private func showPendingRemovals() {
    guard merged, let window = shown else { return }
    pending.letGoOfReturned(in: state.scrums.value)
    let removals = pending.removals(from: state.scrums.value, except: Array(onScreen.values))
    guard !removals.isEmpty else { return }
    let toast = UUID()
    onScreen[toast] = removals
    let undone = UndoMark()
    window.toast(
      tr("Merged changes made on another computer: %@", removals.summary), button: tr("Undo"),
      action: { [weak self] in
        guard let self else { return }
        undone.isSet = true
        state.scrums.value = store.restoring(removals, into: state.scrums.value)
        autoSave?.saveSoon()
      },
      onDismissed: { [weak self] in
        guard let self else { return }
        if !undone.isSet { trash(removals) }
        onScreen[toast] = nil
        pending.letGo(removals)
      })
  }

  /// Whether a toast's Undo was pressed.
  private final class UndoMark {
    var isSet = false
  }

  /// Puts what `removals` took in the Trash as a scrums file.
  private func trash(_ removals: MergeRemovals) {
    let time = Texts.format(now(), "%Y-%m-%d %H.%M.%S", timeZone: nil)
    // Translators: the name of the file in the Trash holding what a merge removed; %@ is the time.
    trash(removals.asScrums, named: tr("Scrums removed by a merge %@", time))
  }

  /// Puts `scrums` in the Trash as a scrums file called `name` (GNOME Files lists and restores
  /// it, and Import Scrums… reads it); where it cannot, says where it is kept.
  private func trash(_ scrums: [DailyScrum], named name: String) {
    let file = store.directory + "/" + name + ".scrums.json"  // the app's own file type
    do throws(StoreError) {
      try AtomicFile.write(ScrumFile.encode(scrums), to: file)
      if !Path.trash(file) { warn(tr("What the merge removed is kept in %@", file)) }
    } catch {
      warn(error.description)
    }
  }

  /// Writes what is pending now; nil once it is on disk, or the reason it is not. A file
  /// changed elsewhere a moment ago (its merge not in yet) is merged here first, then written.
  func flush() -> StoreError? {
    let error = autoSave?.flush()
    guard case .changedElsewhere? = error else { return error }
    fileWatcher?.mergeNow()
    return autoSave?.flush()
  }

  /// Merges what arrived and is not merged yet (the file, conflict copies), then writes what
  /// is pending as the app ends; a failure is said on stderr, since no window is left to say
  /// it in.
  func flushAtQuit() {
    fileWatcher?.mergeNow()
    guard let error = flush() else { return }
    warn("your last changes could not be saved: \(error)")
  }

  /// The scrums could not be read at start: asked about over the window, or once one shows.
  func loadFailed(_ error: StoreError) {
    guard let window = shown else {
      warn(error.description)
      unreadable = error
      return
    }
    askAboutUnreadableFile(error, in: window)
  }

  /// A window shows: what saving says goes there, and the question waiting for one is asked.
  func windowShown(_ window: any WindowSurface) {
    shown = window
    if let merge = startMerge { sayMergedAtStart(merge) }
    if let version = missingVersion { sayMissingAtStart(version) }
    showPendingRemovals()
    guard let error = unreadable else { return }
    unreadable = nil
    askAboutUnreadableFile(error, in: window)
  }

  /// The file read at start lacked what this computer last held, and was merged with it: the
  /// merge is saved, and the toast says what was kept, with "Use the File as It Is" for a
  /// restore that was meant (said once a window shows).
  func mergedAtStart(_ merge: StartMerge) {
    autoSave?.saveSoon()
    state.fileAsItWas.offer(merge)
    startMerge = merge
    if shown != nil { sayMergedAtStart(merge) }
  }

  /// The scrums file was gone at start, and `shown`, this computer's last version, is shown
  /// in its place: said, with Start Empty (which puts that version in the Trash as a scrums
  /// file, as what a merge removes goes). Nothing is written until the user edits or chooses.
  func missingAtStart(_ shown: [DailyScrum]) {
    missingVersion = shown
    if self.shown != nil { sayMissingAtStart(shown) }
  }

  private func sayMissingAtStart(_ version: [DailyScrum]) {
    missingVersion = nil
    self.shown?.toast(
      tr("The scrums file was missing: this computer's last version is shown"), button: tr("Start Empty"),
      action: { [weak self] in
        guard let self else { return }
        let time = Texts.format(now(), "%Y-%m-%d %H.%M.%S", timeZone: nil)
        // Translators: the name of the file in the Trash holding the scrums shown when the file
        // was missing, once the user started empty; %@ is the time.
        trash(version, named: tr("Scrums shown when the file was missing %@", time))
        state.scrums.value = []
        autoSave?.saveSoon()
      }, onDismissed: nil)
  }

  /// Says what the merge kept, the toast staying until dismissed (the main menu offers the
  /// file too, until the next save).
  private func sayMergedAtStart(_ merge: StartMerge) {
    startMerge = nil
    guard
      let toast = shown?.toast(
        merge.summary, button: tr("Use the File as It Is"), timeout: 0,
        action: { [weak self] in
          guard let self else { return }
          state.fileAsItWas.use(merge, attaching: transcripts.attach)
          autoSave?.saveSoon()
        }, onDismissed: { [weak self] in self?.fileTaken = nil })
    else { return }
    // Taken from the main menu: the toast's question is answered.
    fileTaken = state.fileAsItWas.status.observe { if $0 == .taken { toast.dismiss() } }
  }

  private func askAboutUnreadableFile(_ error: StoreError, in window: any WindowSurface) {
    ask(
      error, in: window, heading: tr("Your Scrums Could Not Be Read"),
      explanation: tr(
        "Start Fresh moves the file aside, keeping it, and starts an empty list. Quit leaves everything as it is."),
      stay: tr("Quit"), move: (tr("Start Fresh"), .destructive), onStay: { [weak self] in self?.application.quit() }
    ) { [weak self] in self?.start() }
  }

  /// Asks what to do with a scrums file that cannot be read: `stay` leaves it (and runs
  /// `onStay`), `move` moves it aside, keeping it, then runs `afterMove`; a move that fails
  /// leaves saving blocked, and the toast says why.
  private func ask(
    _ error: StoreError, in window: any WindowSurface, heading: String, explanation: String, stay: String,
    move: (label: String, appearance: MessageDialog.Appearance), onStay: @escaping @MainActor () -> Void,
    afterMove: @escaping @MainActor () -> Void
  ) {
    let dialog = window.question(heading, body: error.description + "\n\n" + explanation)
    dialog.addResponse("stay", label: stay)
    dialog.addResponse("move", label: move.label, appearance: move.appearance)
    dialog.setDefaults(enter: nil, escape: "stay")
    dialog.present { [weak self] response in
      guard let self else { return }
      guard response == "move" else { return onStay() }
      do {
        let aside = try self.store.moveUnreadableAside()
        afterMove()
        if let aside { window.toast(tr("The old file was kept as “%@”", aside)) }
      } catch {
        window.toast(String(describing: error))
      }
    }
  }

  /// On closing `window`: if changes are not on disk, tries to write them now; if that fails,
  /// asks (and keeps the window open meanwhile: true).
  func holdClose(of window: any WindowSurface) -> Bool {
    guard let autoSave, autoSave.hasUnsavedChanges, let error = autoSave.flush() else { return false }
    let reason: String
    switch error {
    case .writeFailed(_, let message): reason = message
    case .saveRefused: reason = tr("the file on disk cannot be read")
    default: reason = error.description
    }
    let dialog = window.question(
      tr("Your changes could not be saved: %@", reason),
      body: tr("Quitting now loses the changes made since the last save."))
    dialog.addResponse("cancel", label: tr("Cancel"))
    dialog.addResponse("discard", label: tr("Quit Without Saving"), appearance: .destructive)
    dialog.addResponse("retry", label: tr("Try Again"), appearance: .suggested)
    dialog.setDefaults(enter: "retry", escape: "cancel")
    dialog.present { [weak window] response in
      switch response {
      case "discard":
        autoSave.stop()
        window?.close()
      case "retry":
        window?.close()  // asks again if it still fails
      default:
        break
      }
    }
    return true
  }
}
