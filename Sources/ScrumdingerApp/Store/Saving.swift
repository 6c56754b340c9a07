// Saving's face: the notices of the store and sync (ScrumSync, whose rules these are) said
// over the window, one exhaustive switch, each answered through the model. What cannot be
// said without a window waits in the model for one.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// Says what the store and sync tell, as toasts and questions over the window.
@MainActor final class Saving: SyncRenderer {
  /// Quit of "Your Scrums Could Not Be Read" quits it.
  private let application: Application
  private let state: AppState
  /// The window on show, if any: toasts and questions go there.
  private weak var shown: (any WindowSurface)?
  /// Dismisses the toast of a merge at start once the file as it was is taken from the menu.
  private var fileTaken: ObservationToken?
  /// The model whose notices these are.
  private(set) var sync: ScrumSync!

  /// Saves `state`'s scrums through `store` (transcripts kept apart by `transcripts`).
  init(
    store: ScrumStore, state: AppState, transcripts: TranscriptStore, now: @escaping () -> Date,
    application: Application
  ) {
    self.application = application
    self.state = state
    sync = ScrumSync(store: store, state: state, transcripts: transcripts, now: now, renderer: self)
  }

  /// A window shows: what the store and sync say goes there, and what waited for one is said.
  func windowShown(_ window: any WindowSurface) {
    shown = window
    sync.windowShown()
  }

  func render(_ notice: SyncNotice) -> Bool {
    guard let window = shown else { return false }
    switch notice {
    case .toast(let text):
      window.toast(text)
    case .removed(let removals, let toast):
      window.toast(
        tr("Merged changes made on another computer: %@", removals.summary), button: tr("Undo"),
        action: { [weak self] in self?.sync.undo(toast) }, onDismissed: { [weak self] in self?.sync.toastGone(toast) })
    case .mergedAtStart(let merge):
      sayMergedAtStart(merge, in: window)
    case .missingAtStart(let version):
      window.toast(
        tr("The scrums file was missing: this computer's last version is shown"), button: tr("Start Empty"),
        action: { [weak self] in self?.sync.startEmpty(version) }, onDismissed: nil)
    case .unreadable(let error, atStart: true):
      ask(
        error, in: window, heading: tr("Your Scrums Could Not Be Read"),
        explanation: tr(
          "Start Fresh moves the file aside, keeping it, and starts an empty list. Quit leaves everything as it is."),
        stay: tr("Quit"), move: (tr("Start Fresh"), .destructive), atStart: true
      ) { [weak self] in self?.application.quit() }
    case .unreadable(let error, atStart: false):
      ask(
        error, in: window, heading: tr("Your Scrums File Was Changed and Cannot Be Read"),
        explanation: tr(
          "The scrums shown here are kept, and nothing is saved over that file. Keep Mine moves it aside, keeping it, and saves the scrums shown here."
        ),
        stay: tr("Not Now"), move: (tr("Keep Mine"), .suggested), atStart: false
      ) {}
    }
    return true
  }

  /// Says what the merge at start kept, the toast staying until dismissed (the main menu
  /// offers the file too, until the next save).
  private func sayMergedAtStart(_ merge: StartMerge, in window: any WindowSurface) {
    let toast = window.toast(
      merge.summary, button: tr("Use the File as It Is"), timeout: 0,
      action: { [weak self] in self?.sync.useFileAsItWas(merge) }, onDismissed: { [weak self] in self?.fileTaken = nil }
    )
    // Taken from the main menu: the toast's question is answered.
    fileTaken = state.fileAsItWas.status.observe { if $0 == .taken { toast.dismiss() } }
  }

  /// Asks what to do with a scrums file that cannot be read: `stay` leaves it (and runs
  /// `onStay`), `move` moves it aside, keeping it (`atStart`: Start Fresh); a move that fails
  /// leaves saving blocked, and the toast says why.
  private func ask(
    _ error: StoreError, in window: any WindowSurface, heading: String, explanation: String, stay: String,
    move: (label: String, appearance: MessageDialog.Appearance), atStart: Bool,
    onStay: @escaping @MainActor () -> Void
  ) {
    let dialog = window.question(heading, body: error.description + "\n\n" + explanation)
    dialog.addResponse("stay", label: stay)
    dialog.addResponse("move", label: move.label, appearance: move.appearance)
    dialog.setDefaults(enter: nil, escape: "stay")
    dialog.present { [weak self] response in
      guard let self else { return }
      guard response == "move" else { return onStay() }
      do {
        if let aside = try self.sync.moveUnreadableAside(atStart: atStart) {
          window.toast(tr("The old file was kept as “%@”", aside))
        }
      } catch {
        window.toast(String(describing: error))
      }
    }
  }

  /// On closing `window`: if changes are not on disk, tries to write them now; if that fails,
  /// asks (and keeps the window open meanwhile: true).
  func holdClose(of window: any WindowSurface) -> Bool {
    guard sync.hasUnsavedChanges, let error = sync.flush() else { return false }
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
    dialog.present { [weak self, weak window] response in
      switch response {
      case "discard":
        self?.sync.stopSaving()
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
