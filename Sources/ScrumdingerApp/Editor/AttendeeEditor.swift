// "Attendees": the editor's list of people, in speaking order. Each attendee's row is built
// once and kept by the attendee's id: adding builds one row, renaming retitles one, moving
// takes one out and puts it back one place on, removing drops one; the rows live in a
// LongList, which restyles one page of rows per edit and draws only those near the view.
// So an edit costs the same with 400 attendees as with 4, and the buttons look up their
// attendee's place when pressed rather than remembering it. Each row is one Tab stop whose
// keys do what its buttons do (the buttons are for the mouse); Enter, F2 or a click renames
// in place. The rules (blank names refused, trimmed) stay in ScrumDraft.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// The editor's attendees group (public for the benchmark, which times one add).
@MainActor public final class AttendeeEditor {
  /// The group to put on a page.
  public let group = PreferencesGroup(title: tr("Attendees"))
  /// "New Attendee": Enter adds the name typed.
  public let newAttendeeRow = EntryRow(title: tr("New Attendee"))
  let addButton = Button(iconName: "list-add-symbolic", accessibleName: tr("Add attendee"))

  /// The controls of one attendee row.
  struct AttendeeRow {
    let row: ActionRow
    let moveUp: Button
    let moveDown: Button
    let remove: Button
  }

  /// The rows in speaking order.
  var rows: [AttendeeRow] { draft().attendees.compactMap { rowsByID[$0.id] } }

  private var rowsByID: [UUID: AttendeeRow] = [:]
  /// Two lists, so the rows changing never re-parents the entry being typed in.
  private let list = LongList(named: tr("Attendees"))
  private let noAttendeesRow = ActionRow(title: tr("No attendees yet"))
  /// The attendee being renamed, and the entry standing in their row's place.
  private var renaming: (id: UUID, entry: EntryRow)?
  /// The entry of the rename in progress, if any.
  var renamingEntry: EntryRow? { renaming?.entry }
  private let draft: () -> ScrumDraft
  private let change: ((inout ScrumDraft) -> Void) -> Void
  private let newID: () -> UUID

  /// Shows the attendees of the draft `draft` reads; `change` edits that draft; new attendees
  /// get ids from `newID`.
  public init(
    draft: @escaping () -> ScrumDraft, change: @escaping ((inout ScrumDraft) -> Void) -> Void,
    newID: @escaping () -> UUID
  ) {
    self.draft = draft
    self.change = change
    self.newID = newID
    addButton.setFlat()
    addButton.align(vertical: .center)
    newAttendeeRow.addSuffix(addButton)
    let newList = ListBox(named: tr("New Attendee"))
    newList.append(newAttendeeRow)
    let lists = Box(vertical: true, spacing: 12)
    lists.append(list)
    lists.append(newList)
    group.add(lists)
    for attendee in draft().attendees { list.append(makeRow(attendee).row) }
    if rowsByID.isEmpty { list.append(noAttendeesRow) }
    updateMoveButtons()
    newAttendeeRow.onChanged { [weak self] in self?.updateAddButton() }
    newAttendeeRow.onEntryActivated { [weak self] in self?.add() }
    addButton.onClicked { [weak self] in self?.add() }
    updateAddButton()
  }

  /// Adds the name typed in New Attendee, if any; returns whether one was added.
  @discardableResult
  func addTypedName() -> Bool {
    let id = newID()
    var added = false
    change { added = $0.addAttendee(named: newAttendeeRow.text, id: id) }
    guard added, let attendee = draft().attendees.last else { return false }
    newAttendeeRow.text = ""
    if rowsByID.isEmpty { list.remove(noAttendeesRow) }
    list.append(makeRow(attendee).row)
    updateMoveButtons()
    return true
  }

  /// Ends a rename in progress, keeping the new name (unless blank) or not.
  func finishRenaming(keep: Bool) {
    guard let (id, entry) = renaming, let index = index(of: id), let attendee = rowsByID[id] else { return }
    renaming = nil
    if keep {
      change { $0.renameAttendee(at: index, to: entry.text) }
      retitle(attendee, as: draft().attendees[index].name)
    }
    list.remove(entry)
    list.insert(attendee.row, at: index)
    _ = attendee.row.grabFocus()
  }

  /// Turns attendee `index`'s row into an entry holding their name: Enter keeps the new
  /// name, Escape the old one.
  func startRenaming(_ index: Int) {
    let attendees = draft().attendees
    guard renaming == nil, attendees.indices.contains(index), let attendee = rowsByID[attendees[index].id] else {
      return
    }
    let entry = EntryRow(title: tr("Name of %@", Texts.shown(attendees[index].name)))
    entry.text = attendees[index].name
    entry.onEntryActivated { [weak self] in self?.finishRenaming(keep: true) }
    entry.onKey("Escape") { [weak self] in
      self?.finishRenaming(keep: false)
      return true
    }
    renaming = (attendees[index].id, entry)
    list.remove(attendee.row)
    list.insert(entry, at: index)
    entry.focusAtEnd()
  }

  /// The sheet's scrolling view, kept scrolled to New Attendee as rows are added.
  weak var scroller: ScrolledWindow?

  private func add() {
    guard addTypedName() else { return }
    newAttendeeRow.grabFocus()
    // The new row pushed the field down: keep it in view for the next name (once laid out).
    newAttendeeRow.afterNextPaint { [weak self] in
      guard let self, let scroller = self.scroller else { return }
      scroller.scrollToShow(self.newAttendeeRow)
    }
  }

  private func updateAddButton() {
    addButton.isSensitive = ScrumDraft.isValidAttendeeName(newAttendeeRow.text)
  }

  private func index(of id: UUID) -> Int? { draft().attendees.firstIndex { $0.id == id } }

  private enum Edit { case moveUp, moveDown, remove }

  /// Builds the row of `attendee`, once.
  private func makeRow(_ attendee: Attendee) -> AttendeeRow {
    let row = ActionRow(title: "")
    row.addPrefix(Image(iconName: "avatar-default-symbolic"))
    let up = Button(iconName: "go-up-symbolic", accessibleName: "")
    let down = Button(iconName: "go-down-symbolic", accessibleName: "")
    let remove = Button(iconName: "user-trash-symbolic", accessibleName: "")
    let id = attendee.id
    for (button, edit) in [(up, Edit.moveUp), (down, .moveDown), (remove, .remove)] {
      button.setFlat()
      button.align(vertical: .center)
      button.isFocusable = false
      button.onClicked { [weak self] in self?.edit(id, edit) }
      row.addSuffix(button)
    }
    row.isFocusable = true
    row.setAccessibleDescription(tr("Enter to rename, Alt+Up or Alt+Down to move, Delete to remove"))
    row.onActivated { [weak self] in
      guard let self, let index = self.index(of: id) else { return }
      self.startRenaming(index)
    }
    for key in RowKey.rename.accelerators {
      row.onKey(key) { [weak self] in
        guard let self, let index = self.index(of: id) else { return true }
        self.startRenaming(index)
        return true
      }
    }
    for (rowKey, edit) in [(RowKey.moveEarlier, Edit.moveUp), (.moveLater, .moveDown), (.remove, .remove)] {
      for key in rowKey.accelerators {
        row.onKey(key) { [weak self] in
          self?.edit(id, edit)
          return true
        }
      }
    }
    let made = AttendeeRow(row: row, moveUp: up, moveDown: down, remove: remove)
    retitle(made, as: attendee.name)
    rowsByID[id] = made
    return made
  }

  /// Shows `name` on `attendee`'s row and in its buttons' names.
  private func retitle(_ attendee: AttendeeRow, as name: String) {
    let shown = Texts.shown(name)
    attendee.row.title = shown
    for (button, name) in [
      (attendee.moveUp, tr("Move %@ up", shown)), (attendee.moveDown, tr("Move %@ down", shown)),
      (attendee.remove, tr("Remove %@", shown)),
    ] {
      button.setAccessibleLabel(name)
      button.tooltip = name
    }
  }

  private func edit(_ id: UUID, _ edit: Edit) {
    finishRenaming(keep: true)
    guard let index = index(of: id), let attendee = rowsByID[id] else { return }
    let count = draft().attendees.count
    switch edit {
    case .moveUp, .moveDown:
      let target = index + (edit == .moveUp ? -1 : 1)
      guard (0..<count).contains(target) else { return }
      change { $0.moveAttendee(at: index, by: target - index) }
      list.remove(attendee.row)
      list.insert(attendee.row, at: target)
      updateMoveButtons(around: [index, target])
      _ = attendee.row.grabFocus()
    case .remove:
      change { $0.removeAttendee(at: index) }
      list.remove(attendee.row)
      rowsByID[id] = nil
      let attendees = draft().attendees
      if attendees.isEmpty {
        list.append(noAttendeesRow)
        newAttendeeRow.grabFocus()
        return
      }
      updateMoveButtons()
      _ = rowsByID[attendees[min(index, attendees.count - 1)].id]?.row.grabFocus()
    }
  }

  /// Lets the first attendee not move up and the last not move down: only the rows at the
  /// ends (and `around`, the two just swapped) can have changed.
  private func updateMoveButtons(around: [Int] = []) {
    let attendees = draft().attendees
    guard !attendees.isEmpty else { return }
    for index in Set([0, 1, attendees.count - 2, attendees.count - 1] + around) where attendees.indices.contains(index)
    {
      guard let attendee = rowsByID[attendees[index].id] else { continue }
      attendee.moveUp.isSensitive = index > 0
      attendee.moveDown.isSensitive = index < attendees.count - 1
    }
  }
}
