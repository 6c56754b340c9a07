// "After the round": the editor's list of timed agenda items. Like the attendee rows, each
// item is one Tab stop whose keys do what its buttons do (Alt+Up/Down move it, plus and minus
// change its minutes, Delete removes it), the buttons being for the mouse. It edits the
// sheet's draft through `change`, so the rules (at most ten items, 1–30 minutes) stay in
// ScrumDraft, and it says the planned total of the whole meeting.
import GtkShim
import ScrumdingerCore

/// The editor's agenda group.
@MainActor final class AgendaEditor {
  let group = PreferencesGroup(
    title: tr("After the round"), description: tr("Timed items once everyone has spoken, such as a parking lot"))
  /// "Planned length": the speakers' time and the items' together.
  let totalRow = ActionRow(title: tr("Planned length"))
  let newItemRow = EntryRow(title: tr("New Item"))
  let addButton = Button(iconName: "list-add-symbolic", accessibleName: tr("Add item"))
  /// One item's row and its buttons (for the mouse), by what they do.
  struct ItemRow {
    let row: ActionRow
    let buttons: [Edit: Button]
  }

  /// One row per item, in order.
  private(set) var rows: [ItemRow] = []
  private let list = ListBox(named: tr("After the round"))
  private let draft: () -> ScrumDraft
  private let change: ((inout ScrumDraft) -> Void) -> Void

  /// Shows the agenda of the draft `draft` reads; `change` edits that draft.
  init(draft: @escaping () -> ScrumDraft, change: @escaping ((inout ScrumDraft) -> Void) -> Void) {
    self.draft = draft
    self.change = change
    let newList = ListBox(named: tr("New Item"))
    addButton.setFlat()
    addButton.align(vertical: .center)
    newItemRow.addSuffix(addButton)
    newList.append(newItemRow)
    let lists = Box(vertical: true, spacing: 12)
    let totals = ListBox(named: tr("Planned length"))
    totals.append(totalRow)
    lists.append(totals)
    lists.append(list)
    lists.append(newList)
    group.add(lists)
    newItemRow.onEntryActivated { [weak self] in self?.add() }
    addButton.onClicked { [weak self] in self?.add() }
    rebuild()
  }

  /// Says the planned length again (after the speakers' length changed).
  func showTotal() {
    let draft = draft()
    let items = draft.plannedMinutes - draft.lengthInMinutes
    totalRow.subtitle =
      items == 0
      ? Texts.minutes(draft.plannedMinutes)
      : tr(
        "%@: %d for the speakers, %d after the round", Texts.minutes(draft.plannedMinutes), draft.lengthInMinutes, items
      )
  }

  private func add() {
    var added = false
    change { added = $0.addItem(titled: newItemRow.text) }
    guard added else { return }
    newItemRow.text = ""
    rebuild()
    newItemRow.grabFocus()
  }

  enum Edit { case up, down, longer, shorter, remove }

  private func apply(_ edit: Edit, to index: Int) {
    change { draft in
      switch edit {
      case .up: draft.moveItem(at: index, by: -1)
      case .down: draft.moveItem(at: index, by: 1)
      case .longer: draft.setMinutes(draft.agenda[index].minutes + 1, ofItemAt: index)
      case .shorter: draft.setMinutes(draft.agenda[index].minutes - 1, ofItemAt: index)
      case .remove: draft.removeItem(at: index)
      }
    }
    rebuild(focus: edit == .up ? index - 1 : edit == .down ? index + 1 : index)
  }

  private func rebuild(focus: Int? = nil) {
    list.removeAll()
    let agenda = draft().agenda
    rows = agenda.enumerated().map { index, item in
      let title = Texts.shown(item.title)
      let row = ActionRow(title: title, subtitle: Texts.minutes(item.minutes))
      let buttons: [(String, String, Edit, Bool)] = [
        ("list-remove-symbolic", tr("Shorten %@", title), .shorter, item.minutes > AgendaItem.minutesRange.lowerBound),
        ("list-add-symbolic", tr("Lengthen %@", title), .longer, item.minutes < AgendaItem.minutesRange.upperBound),
        ("go-up-symbolic", tr("Move %@ up", title), .up, index > 0),
        ("go-down-symbolic", tr("Move %@ down", title), .down, index < agenda.count - 1),
        ("user-trash-symbolic", tr("Remove %@", title), .remove, true),
      ]
      var made: [Edit: Button] = [:]
      for (icon, name, edit, possible) in buttons {
        let button = Button(iconName: icon, accessibleName: name)
        button.setFlat()
        button.align(vertical: .center)
        button.isFocusable = false
        button.isSensitive = possible
        button.onClicked { [weak self] in self?.apply(edit, to: index) }
        row.addSuffix(button)
        made[edit] = button
      }
      row.isFocusable = true
      row.setAccessibleDescription(
        tr("Plus or minus to change its minutes, Alt+Up or Alt+Down to move, Delete to remove"))
      let keys: [(RowKey, Edit, Bool)] = [
        (.moveEarlier, .up, index > 0), (.moveLater, .down, index < agenda.count - 1), (.longer, .longer, true),
        (.shorter, .shorter, true), (.remove, .remove, true),
      ]
      for (rowKey, edit, possible) in keys {
        for key in rowKey.accelerators {
          row.onKey(key) { [weak self] in
            if possible { self?.apply(edit, to: index) }
            return true
          }
        }
      }
      list.append(row)
      return ItemRow(row: row, buttons: made)
    }
    list.isVisible = !rows.isEmpty
    newItemRow.isSensitive = agenda.count < AgendaItem.limit
    addButton.isSensitive = agenda.count < AgendaItem.limit
    showTotal()
    if let focus, !rows.isEmpty { rows[max(0, min(focus, rows.count - 1))].row.grabFocus() }
    if focus != nil, rows.isEmpty { newItemRow.grabFocus() }
  }
}
