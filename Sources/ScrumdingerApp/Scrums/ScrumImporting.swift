// Import Scrums… (Ctrl+O on the list) and files the desktop opens with the app (what a merge
// removed, from the Trash; a teammate's export): each file is read off the main loop as input
// from elsewhere (a regular file under the reader's cap, no link followed, no transcript
// taken, no key this version does not know, ids made unique the same way on every computer),
// and its scrums and meetings are added, nothing taken away (ScrumImport), as one change the
// toast's Undo takes back. What would make a file no reader takes is refused. Files that
// another process asks the app to open are imported only once the user says so: one question
// for the batch, saying what it adds, and none while one is asked.
import FoundationEssentials
import GtkShim
import Platform
import ScrumdingerCore

/// Adds the scrums and meetings of scrums files to the list.
@MainActor final class ScrumImporting {
  /// How many files one request may name.
  static let filesAtOnce = 20

  private let window: ApplicationWindow
  private let state: AppState
  private let toast: @MainActor (_ text: String, _ undo: (@MainActor () -> Void)?) -> Void
  /// Whether a question about files to import is on screen (or being prepared).
  private var asking = false

  /// Imports into `state`'s scrums over `window`, saying what it did with `toast` (with an
  /// Undo where it added something).
  init(
    window: ApplicationWindow, state: AppState,
    toast: @escaping @MainActor (_ text: String, _ undo: (@MainActor () -> Void)?) -> Void
  ) {
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
      read([path]) { [weak self] file in self?.add(file) }
    }
  }

  /// Asks once whether to import the files at `paths` (files the desktop asked the app to
  /// open), saying what they add; a request while a question is asked is not taken.
  func ask(_ paths: [String]) {
    guard !asking, !paths.isEmpty else { return }
    guard paths.count <= Self.filesAtOnce else {
      toast(tr("%d files could not be imported at once: at most %d can", paths.count, Self.filesAtOnce), nil)
      return
    }
    asking = true
    read(paths) { [weak self] file in
      guard let self else { return }
      let (_, added) = ScrumImport.adding(file.scrums, to: state.scrums.value)
      guard !added.isEmpty else {
        asking = false
        toast(ScrumImport.summary(of: added, from: file.name), nil)
        return
      }
      let heading =
        paths.count == 1
        ? tr("Import Scrums from “%@”?", file.name)
        : trn("Import Scrums from %d File?", "Import Scrums from %d Files?", paths.count, paths.count)
      let dialog = MessageDialog(parent: window, heading: heading, body: ScrumImport.question(for: added))
      dialog.addResponse("cancel", label: tr("Cancel"))
      dialog.addResponse("import", label: tr("Import"), appearance: .suggested)
      dialog.setDefaults(enter: "import", escape: "cancel")
      dialog.present { [weak self] response in
        self?.asking = false
        guard response == "import" else { return }
        self?.add(file)
      }
    }
  }

  /// The scrums of files read for an import, and what to call them.
  private struct Read: Sendable {
    var scrums: [DailyScrum]
    var name: String
  }

  /// Reads the files at `paths` off the main loop, then runs `then` with their scrums, or
  /// says why they cannot be imported (one that cannot be read; together with the list, a
  /// file larger than any reader takes).
  private func read(_ paths: [String], then: @escaping @MainActor (Read) -> Void) {
    let name = paths.count == 1 ? Files.name(of: paths[0]) : paths.map(Files.name(of:)).joined(separator: ", ")
    let current = state.scrums.value
    WorkerThreads.run({ () -> Result<Read, ImportRefusal> in
      var scrums: [DailyScrum] = []
      for path in paths {
        do throws(UnreadableReason) {
          scrums += try ScrumStore.readArrived(path).scrums
        } catch {
          return .failure(ImportRefusal(name: Files.name(of: path), reason: error.description))
        }
      }
      let file = ScrumImport.prepared(scrums)
      guard ScrumImport.fits(current.adding(file).withoutTranscripts) else {
        return .failure(
          ImportRefusal(
            name: name,
            reason: tr(
              "with it the scrums would make a file larger than any can be (%@)", Texts.bytes(ScrumFile.maximumSize))))
      }
      return .success(Read(scrums: file, name: name))
    }) { [weak self] read in
      guard let self else { return }
      switch read {
      case .success(let file): then(file)
      case .failure(let refusal):
        asking = false
        toast(tr("“%@” could not be imported: %@", refusal.name, refusal.reason), nil)
      }
    }
  }

  /// Why files could not be imported.
  private struct ImportRefusal: Error, Sendable {
    var name: String
    var reason: String
  }

  /// Adds what `file` holds to the list, as one change; the toast says what, with Undo.
  private func add(_ file: Read) {
    let (scrums, added) = ScrumImport.adding(file.scrums, to: state.scrums.value)
    guard !added.isEmpty else {
      toast(ScrumImport.summary(of: added, from: file.name), nil)
      return
    }
    state.scrums.value = scrums
    toast(ScrumImport.summary(of: added, from: file.name)) { [weak self] in
      guard let self else { return }
      state.scrums.value = ScrumImport.removing(added, from: state.scrums.value)
    }
  }
}
