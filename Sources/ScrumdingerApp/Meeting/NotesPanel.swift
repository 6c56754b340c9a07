// The meeting's notes, under the ring: a list of what has been noted (each line editable
// until the meeting ends, with its speaker and time above it) and an entry that adds a line
// at each Enter. It shows MeetingSession.notes and changes it only through the session, and
// it adds or removes only the rows whose notes came or went, so typing in one row is never
// interrupted. While focus is in it, the meeting's single-key shortcuts type into it.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// The notes panel of the meeting page.
@MainActor final class NotesPanel {
  /// "Notes", in the header: pressed while the panel is open.
  let button: ToggleButton
  /// The button's word, and its icon instead in a narrow window.
  private let buttonLabel = Label(tr("Notes"))
  private let buttonIcon = Image(iconName: "document-edit-symbolic")
  /// Shown or hidden by the Notes button.
  let revealer: Revealer
  /// Where a new note is typed.
  let entry = EntryRow(title: tr("Add a note"))
  /// The notes so far, one editable row each.
  let list = ListBox(named: tr("Notes"))
  private let scroller: ScrolledWindow
  private var rows: [NoteRow] = []
  private let session: MeetingSession
  private var observation: ObservationToken?
  /// Called with true when focus comes into the panel, false when it leaves.
  var onTyping: (@MainActor (Bool) -> Void)?
  /// Called when Escape is pressed inside the panel (focus goes back to the meeting).
  var onEscape: (@MainActor () -> Void)?

  init(session: MeetingSession) {
    self.session = session
    let content = Box(vertical: false)
    content.append(buttonLabel)
    content.append(buttonIcon)
    buttonIcon.isVisible = false
    button = ToggleButton(child: content, accessibleName: tr("Notes"))
    let box = Box(vertical: true, spacing: 6)
    box.setAccessibleLabel(tr("Meeting notes"))
    box.addCSSClass("notes-panel")
    list.isVisible = false
    scroller = ScrolledWindow(list)
    scroller.limitHeight(to: 132)
    let add = ListBox(named: tr("Add a note"))
    add.append(entry)
    box.append(scroller)
    box.append(add)
    revealer = Revealer(box)
    revealer.isRevealed = false
    entry.onEntryActivated { [weak self] in
      guard let self else { return }
      guard self.session.addNote(self.entry.text) != nil else { return }
      self.entry.text = ""
    }
    button.tooltip = tr("Notes (T)")
    button.onToggled { [weak self] in
      guard let self else { return }
      self.revealer.isRevealed = self.button.isActive
      if self.button.isActive {
        self.entry.focusAtEnd()
      } else if self.revealer.containsFocus {
        _ = self.button.grabFocus()  // not left in a hidden entry
      }
    }
    box.onFocusWithin { [weak self] inside in self?.onTyping?(inside) }
    box.onKey("Escape") { [weak self] in
      guard let self else { return false }
      self.onEscape?()
      return true
    }
    observation = session.notes.observe { [weak self] notes in self?.show(notes) }
  }

  /// Shows the button as an icon (in a narrow window) or as its word.
  func showIconOnly(_ iconOnly: Bool) {
    buttonIcon.isVisible = iconOnly
    buttonLabel.isVisible = !iconOnly
  }

  /// Whether the panel is open.
  var isOpen: Bool { revealer.isRevealed }

  /// Opens the panel if it is closed and puts the cursor in the entry (T), ready to type.
  func takeNote() {
    button.isActive = true
    entry.focusAtEnd()
  }

  private func show(_ notes: [MeetingNote]) {
    let ids = Set(notes.map(\.id))
    for gone in rows where !ids.contains(gone.id) { list.remove(gone.row) }
    rows.removeAll { !ids.contains($0.id) }
    for note in notes where !rows.contains(where: { $0.id == note.id }) {
      let id = note.id
      let row = NoteRow(
        note, onEdit: { [weak self] text in self?.session.editNote(id, text: text) },
        onRemoved: { [weak self] in self?.entry.focusAtEnd() })
      list.append(row.row)
      rows.append(row)
      scroller.scrollToShow(row.row)
    }
    list.isVisible = !notes.isEmpty
  }
}
