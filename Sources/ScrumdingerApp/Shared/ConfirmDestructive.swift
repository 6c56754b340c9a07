import GtkShim
import ScrumdingerCore

/// Asks `heading` over `parent`, with Cancel (what Enter and Escape choose) and a destructive
/// `action` ("Delete"); `confirmed` runs only when that is chosen. The one shape of every
/// "Delete …?" question.
@MainActor func confirmDestructive(
  over parent: Widget, heading: String, body: String, action: String = tr("Delete"),
  confirmed: @escaping @MainActor () -> Void
) {
  let dialog = MessageDialog(parent: parent, heading: heading, body: body)
  dialog.addResponse("cancel", label: tr("Cancel"))
  dialog.addResponse("delete", label: action, appearance: .destructive)
  dialog.setDefaults(enter: "cancel", escape: "cancel")
  dialog.present { response in
    if response == "delete" { confirmed() }
  }
}
