// Long lists (a scrum's past meetings) create widgets only for the rows in view. GTK 4.8's
// GtkListView keeps a window of 200 rows alive whatever is on screen, which made a scrum
// with 200 or 10,000 meetings open 9× slower than one with 10; so this list does the
// recycling itself: rows have one height, a spacer above and below stands in for the rows
// out of view, and scrolling re-binds the few row widgets to other items. A change is a
// splice of the ids that changed, never a rebuild.
import CAdwaita
import Platform

/// A scrolling list of same-height rows (list rows, such as `ActionRow`), each showing the
/// item with one id; only the rows in view exist as widgets.
@MainActor public final class RecyclingList<Row: AnyObject, ID: Hashable>: Widget {
  /// What a row is asked to show.
  public struct Item {
    /// The item's id.
    public let id: ID
    /// Its position in the list.
    public let position: Int
  }

  /// Shows an item in a row (set once, before the list is shown).
  public var bind: (@MainActor (Row, Item) -> Void)?
  private let makeRow: @MainActor () -> (Row, Widget)
  private let maximumHeight: Int
  private let content = Box(vertical: true)
  private let above = Box(vertical: true)
  private let below = Box(vertical: true)
  private let rowBox: ListBox
  private var rows: [(row: Row, widget: Widget)] = []
  private var count = 0
  private var idAt: (Int) -> ID = { _ in fatalError("no items") }
  private var rowHeight = 0
  private var first = 0

  /// A list at most `maximumHeight` pixels high (it scrolls beyond that), whose rows are
  /// made by `makeRow`: the row's controller and its widget.
  public init(named name: String, maximumHeight: Int, makeRow: @escaping @MainActor () -> (Row, Widget)) {
    rowBox = ListBox(named: name)
    self.makeRow = makeRow
    self.maximumHeight = maximumHeight
    super.init(gtk_scrolled_window_new())
    let scroller: OpaquePointer = cast(raw)
    gtk_scrolled_window_set_policy(scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_propagate_natural_height(scroller, 1)
    gtk_scrolled_window_set_max_content_height(scroller, Int32(maximumHeight))
    content.append(above)
    content.append(rowBox)
    content.append(below)
    // The viewport must not scroll to a focused row by itself: rows are re-bound as the list
    // scrolls, so the focus would end up on another item. Up and Down move it instead.
    let viewport = gtk_viewport_new(nil, nil)!
    gtk_viewport_set_scroll_to_focus(cast(UnsafeMutableRawPointer(viewport)), 0)
    gtk_viewport_set_child(cast(UnsafeMutableRawPointer(viewport)), content.widget)
    gtk_scrolled_window_set_child(scroller, viewport)
    onKey("Down") { [weak self] in self?.moveFocus(by: 1) ?? false }
    onKey("Up") { [weak self] in self?.moveFocus(by: -1) ?? false }
    nameScrollBars(of: scroller)
    let adjustment = UnsafeMutableRawPointer(gtk_scrolled_window_get_vadjustment(scroller)!)
    connect(adjustment, "value-changed", for: self, perform: { [weak self] in self?.layOut() })
  }

  /// The ids shown, in order (built on demand: the list itself never copies them).
  public var items: [ID] { (0..<count).map(idAt) }

  /// The rows made (about a screenful, however long the list).
  public var madeRows: [Row] { rows.prefix(visibleCount).map(\.row) }

  /// Shows `count` items, item `position` having the id `id(position)`; rows in view that
  /// still show the same item are left alone. Costs what the rows in view cost, however many
  /// items there are.
  public func show(count: Int, id: @escaping (Int) -> ID) {
    self.count = count
    idAt = id
    layOut(force: true)
  }

  /// Binds the rows in view again (what they show changed, their items did not).
  public func rebind() {
    boundIDs = []
    layOut(force: true)
  }

  /// Scrolls so the item at `position` is in view.
  public func scroll(toPosition position: Int) {
    guard rowHeight > 0, (0..<count).contains(position) else { return }
    let adjustment = gtk_scrolled_window_get_vadjustment(cast(raw))
    let top = Double(position * rowHeight)
    let page = gtk_adjustment_get_page_size(adjustment)
    let value = gtk_adjustment_get_value(adjustment)
    if top < value {
      gtk_adjustment_set_value(adjustment, top)
    } else if top + Double(rowHeight) > value + page {
      gtk_adjustment_set_value(adjustment, top + Double(rowHeight) - page)
    }
    layOut(force: true)
  }

  /// Moves keyboard focus from the focused row to the item `offset` rows away, scrolling it
  /// into view; false when there is no such item (the key then goes on, out of the list).
  package func moveFocus(by offset: Int) -> Bool {
    guard let focused = gtk_widget_get_focus_child(rowBox.widget),
      let index = rows.firstIndex(where: { $0.widget.widget == focused })
    else { return false }
    let target = first + index + offset
    guard (0..<count).contains(target) else { return false }
    scroll(toPosition: target)
    guard (first..<(first + visibleCount)).contains(target) else { return false }
    let row = rows[target - first].widget.widget
    // After a scroll by one row the focused widget itself shows the target item now.
    return row == focused || gtk_widget_child_focus(row, GTK_DIR_TAB_FORWARD) != 0
  }

  /// How many rows are bound now.
  private var visibleCount = 0
  private var boundIDs: [ID] = []

  /// Binds the rows in view (a part-shown row at each end included) and sizes the spacers
  /// for the rest.
  private func layOut(force: Bool = false) {
    if rowHeight == 0, count > 0 { measureRowHeight() }
    let height = max(rowHeight, 1)
    let adjustment = gtk_scrolled_window_get_vadjustment(cast(raw))
    let value = Int(gtk_adjustment_get_value(adjustment))
    let newFirst = max(0, min(value / height, count - 1))
    let shown = max(0, min((maximumHeight + height - 1) / height + 1, count - newFirst))
    guard force || newFirst != first || shown != visibleCount else { return }
    first = newFirst
    while rows.count < shown {
      let (row, widget) = makeRow()
      rows.append((row, widget))
      rowBox.append(widget)
    }
    for (index, entry) in rows.enumerated() { entry.widget.isVisible = index < shown }
    let wanted = (first..<(first + shown)).map(idAt)
    for index in 0..<shown where index >= boundIDs.count || boundIDs[index] != wanted[index] {
      bind?(rows[index].row, Item(id: wanted[index], position: first + index))
    }
    boundIDs = wanted
    visibleCount = shown
    above.setSizeRequest(height: first * rowHeight)
    below.setSizeRequest(height: (count - first - shown) * rowHeight)
  }

  /// Every row has the height of the first one, bound to the first item.
  private func measureRowHeight() {
    if rows.isEmpty {
      let (row, widget) = makeRow()
      rows.append((row, widget))
      rowBox.append(widget)
    }
    bind?(rows[0].row, Item(id: idAt(0), position: 0))
    boundIDs = [idAt(0)]
    var natural: Int32 = 0
    gtk_widget_measure(rows[0].widget.widget, GTK_ORIENTATION_VERTICAL, -1, nil, &natural, nil, nil)
    rowHeight = max(1, Int(natural))
  }
}
