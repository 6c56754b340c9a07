// The editor is a sheet over the window, one at a time: New Scrum and Edit open it, New Scrum
// brings an open one forward (or says why not), and what it confirms is the model's to apply.
// Whatever needs the window back from an open editor (a reminder's Start Meeting) asks first
// when the editor has changes.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// Opening the editor over the main window, and leaving it.
@MainActor package final class Editing {
  /// The open editor sheet, if any (it keeps itself alive while open).
  package private(set) weak var sheet: EditorSheet?
  /// "Start the meeting of …?" over an editor with changes, while it is asked.
  private(set) var leaveQuestion: MessageDialog?
  private let window: ApplicationWindow
  private let model: AppModel
  private let time: LocalTime
  private let toast: @MainActor (String) -> Void
  /// Runs after a scrum is saved from the editor (its id, whether it is new).
  var onSaved: (@MainActor (UUID, _ isNew: Bool) -> Void)?

  /// Editors over `window` for `model`'s scrums; `toast` says what went wrong.
  init(window: ApplicationWindow, model: AppModel, time: LocalTime, toast: @escaping @MainActor (String) -> Void) {
    self.window = window
    self.model = model
    self.time = time
    self.toast = toast
  }

  /// New Scrum from anywhere: opens the editor, brings the open one forward, or says why not.
  func newScrum() {
    switch model.list.requestNewScrum(editorOpen: sheet != nil) {
    case .openEditor(let draft): open(draft)
    case .presentOpenEditor: sheet?.raise()
    case .refused(let reason): toast(reason)
    }
  }

  /// Opens the editor on `draft`.
  func open(_ draft: ScrumDraft) {
    let sheet = EditorSheet(
      parent: window, draft: draft, newID: model.dependencies.uuid, twelveHour: time.twelveHour,
      unheard: { [speech = model.dependencies.speech] in speech.unavailableReason(for: $0) }
    ) { [weak self] confirmed in
      guard let self else { return }
      do throws(StoreError) {
        try self.model.list.apply(confirmed)
      } catch {
        self.toast(
          tr(
            "Whether this computer records “%@” could not be saved: %@", Texts.shown(confirmed.title), error.description
          ))
      }
      self.onSaved?(confirmed.id, draft.isNew)
    }
    self.sheet = sheet
    sheet.present()
  }

  /// Closes the open editor, if any, then runs `then`; an editor with changes first asks
  /// "Start the meeting of `title`?", and `then` runs only if they are discarded.
  func leave(toStart title: String, then: @escaping @MainActor () -> Void) {
    guard let sheet, sheet.hasChanges else {
      sheet?.window.close()
      return then()
    }
    let dialog = MessageDialog(
      parent: sheet.window, heading: tr("Start the meeting of “%@”?", Texts.shown(title)),
      body: tr("The changes in the editor are not saved yet."))
    dialog.addResponse("keep", label: tr("Keep Editing"))
    dialog.addResponse("discard", label: tr("Discard Changes and Start"), appearance: .destructive)
    dialog.setDefaults(enter: "keep", escape: "keep")
    leaveQuestion = dialog
    dialog.present { [weak self, weak sheet] response in
      self?.leaveQuestion = nil
      guard response == "discard" else { return }
      sheet?.window.close()
      then()
    }
  }
}
