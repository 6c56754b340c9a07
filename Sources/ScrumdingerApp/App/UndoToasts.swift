// A delete is undone from its toast (or Ctrl+Z while the toast is up), and a meeting just
// saved from its own toast (Undo takes it out of the history again, View opens it). Once a
// toast goes, its delete is final: the model forgets it. The window's commands follow the
// model (Undo is enabled only while there is something to undo).
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// The toasts that can undo what was just done.
@MainActor final class UndoToasts {
  private let model: AppModel
  private let toasts: ToastOverlay
  /// The toast of the last delete, while it is up.
  private var undoToast: Toast?
  /// The toast of the meeting just saved, while it is up.
  private(set) var savedMeetingToast: Toast?

  /// Toasts in `toasts` undoing `model`'s deletes.
  init(model: AppModel, toasts: ToastOverlay) {
    self.model = model
    self.toasts = toasts
  }

  /// Says what was deleted, with Undo (and Ctrl+Z) while the toast is up.
  func offer(_ deletion: Deletion) {
    undoToast?.dismiss()
    undoToast = toasts.show(
      UndoModel.message(for: deletion), button: tr("Undo"),
      action: { [weak self] in self?.model.undo.undo(deletion) },
      onDismissed: { [weak self] in self?.model.undo.forget(deletion) })  // may come at quit, the window gone
  }

  /// Ctrl+Z: undoes the last delete, and its toast goes.
  func undoLast() {
    model.undo.undoLast()  // before the toast goes: its going forgets the delete
    undoToast?.dismiss()
  }

  /// Says the meeting was saved, with View (opens it) and Undo (removes it).
  func sayMeetingSaved(_ entry: History, of scrumID: UUID) {
    savedMeetingToast = toasts.show(
      tr("Meeting saved: %@", Texts.timeOfDay(entry.date)), button: tr("Undo"),
      action: { [weak self] in  // the model's delete, without an undo of its own
        guard let self, let deletion = self.model.undo.deleteHistory(scrumID: scrumID, historyID: entry.id) else {
          return
        }
        self.model.undo.forget(deletion)
      },
      extraButton: (
        tr("View"),
        { [weak self] in
          guard let self, self.model.state.scrum(scrumID)?.history.contains(where: { $0.id == entry.id }) == true else {
            return
          }
          self.model.navigation.show(.history(scrumID: scrumID, historyID: entry.id))
        }
      ),
      onDismissed: { [weak self] in self?.savedMeetingToast = nil })
  }
}
