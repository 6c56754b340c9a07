// Import Scrums… (Ctrl+O on the list) and files the desktop opens with the app (what a merge
// removed, from the Trash; a teammate's export): the file is read off the main loop as input
// from elsewhere (a regular file under the reader's cap, no link followed, no transcript
// taken), and its scrums and meetings are added, nothing taken away (ScrumImport). A file that
// another process asks the app to open is imported only once the user says so.
import FoundationEssentials
import GtkShim
import Platform
import ScrumdingerCore

/// Adds the scrums and meetings of a scrums file to the list.
@MainActor final class ScrumImporting {
  private let window: ApplicationWindow
  private let state: AppState
  private let toast: @MainActor (String) -> Void

  /// Imports into `state`'s scrums over `window`, saying what it did with `toast`.
  init(window: ApplicationWindow, state: AppState, toast: @escaping @MainActor (String) -> Void) {
    self.window = window
    self.state = state
    self.toast = toast
  }

  /// Asks for a scrums file (GTK's file chooser), then imports it.
  func choose() {
    let chooser = FileChooser(
      title: tr("Import Scrums"), acceptLabel: tr("_Import"), parent: window,
      filters: [(tr("Scrums files"), "*.json"), (tr("Scrumdinger for iOS files"), "*.data")])
    chooser.present { [weak self] path, _ in
      guard let self, let path else { return }
      importFile(path)
    }
  }

  /// Asks whether to import the file at `path` (a file the desktop asked the app to open).
  func ask(_ path: String) {
    let dialog = MessageDialog(
      parent: window, heading: tr("Import Scrums from “%@”?", Files.name(of: path)),
      body: tr("Its scrums and meetings are added to yours. Nothing of yours is changed or removed."))
    dialog.addResponse("cancel", label: tr("Cancel"))
    dialog.addResponse("import", label: tr("Import"), appearance: .suggested)
    dialog.setDefaults(enter: "import", escape: "cancel")
    dialog.present { [weak self] response in
      guard response == "import" else { return }
      self?.importFile(path)
    }
  }

  /// Reads the file at `path` off the main loop and adds what it holds; the toast says what
  /// was added, or why nothing could be.
  func importFile(_ path: String) {
    let name = Files.name(of: path)
    WorkerThreads.run({ () -> Result<[DailyScrum], UnreadableReason> in
      Result { () throws(UnreadableReason) in try ScrumStore.readArrived(path).scrums }
    }) { [weak self] read in
      guard let self else { return }
      switch read {
      case .success(let file):
        let (scrums, added) = ScrumImport.adding(file, to: state.scrums.value)
        if !added.isEmpty { state.scrums.value = scrums }
        toast(ScrumImport.summary(of: added, from: name))
      case .failure(let reason):
        toast(tr("“%@” could not be imported: %@", name, reason.description))
      }
    }
  }
}
