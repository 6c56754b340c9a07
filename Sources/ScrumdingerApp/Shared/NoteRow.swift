// A meeting's note is edited the same way wherever it is listed (the notes panel during the
// meeting, a past meeting's record): one row type, so the two lists cannot drift apart.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// A note as an editable row: who and when as its title (and its accessible name), the text,
/// Enter to keep a change, and a Remove button.
@MainActor final class NoteRow {
  /// The note's id.
  let id: UUID
  /// The row, to add to a list or group.
  let row: EntryRow
  /// The Remove button at the row's end.
  let remove: Button

  /// A row for `note`, with `title` after who and when (a second version's warning, say);
  /// `onEdit` gets the text kept (empty when removed), then `onRemoved` runs after a removal.
  init(
    _ note: MeetingNote, title extra: String? = nil, onEdit: @escaping @MainActor (String) -> Void,
    onRemoved: @escaping @MainActor () -> Void
  ) {
    id = note.id
    var title = "\(Texts.shown(note.speaker)) · \(Texts.minutesAndSeconds(note.atSeconds))"
    if let extra { title += " · " + extra }
    row = EntryRow(title: title)
    row.text = note.text
    remove = Button(iconName: "edit-delete-symbolic", accessibleName: tr("Remove note"))
    remove.setFlat()
    remove.align(vertical: .center)
    row.addSuffix(remove)
    row.onEntryActivated { [weak row] in
      guard let row else { return }
      onEdit(row.text)
    }
    remove.onClicked {
      onEdit("")
      onRemoved()
    }
  }
}
