import CAdwaita
import Platform

/// A vertical list of rows, without selection; its rows are kept in order by the caller.
@MainActor public final class ListBox: Widget {
  private var rows: [Widget] = []
  private var nearView: RowsNearView?

  /// An empty list called `name` (screen readers say it on entering the list; unnamed, Orca 43
  /// read out "GtkListBox"); `boxed` gives libadwaita's rounded card look.
  public init(named name: String, boxed: Bool = true) {
    super.init(gtk_list_box_new())
    setAccessibleLabel(name)
    gtk_list_box_set_selection_mode(list, GTK_SELECTION_NONE)
    if boxed { addCSSClass("boxed-list") }
  }

  private var list: OpaquePointer { cast(raw) }

  /// Adds a row (a `ListBoxRow`, `ActionRow` or `EntryRow`) at the end.
  public func append(_ row: Widget) {
    insert(row, at: rows.count)
  }

  /// Puts `row` at `index` (0 = first).
  public func insert(_ row: Widget, at index: Int) {
    rows.insert(row, at: index)
    gtk_list_box_insert(list, row.widget, Int32(index))
    nearView?.added(row.widget)
  }

  /// Takes `row` out of the list.
  public func remove(_ row: Widget) {
    guard let index = rows.firstIndex(where: { $0 === row }) else { return }
    rows.remove(at: index)
    nearView?.removed(row.widget)
    gtk_list_box_remove(list, row.widget)
  }

  /// Draws only the rows near the scrolling view the list is in, and the one with the focus
  /// (`RowsNearView`): a long list then costs what a screen of rows costs at each frame.
  /// Call before adding rows.
  public func drawOnlyRowsNearView() {
    nearView = RowsNearView(widget) { [weak self] in self?.rows ?? [] }
  }

  /// The rows, in order.
  public var children: [Widget] { rows }

  /// Calls `action` with the row activated (Enter on it, or a click), one of `children`.
  public func onRowActivated(_ action: @escaping @MainActor (Widget) -> Void) {
    connect(
      raw, "row-activated", for: self,
      withArgument: { [weak self] row in
        guard let self, let row = self.rows.first(where: { UnsafeMutableRawPointer($0.widget) == row }) else { return }
        action(row)
      })
  }

  /// Removes every row.
  public func removeAll() {
    for row in rows {
      nearView?.removed(row.widget)
      gtk_list_box_remove(list, row.widget)
    }
    rows.removeAll()
  }
}

/// A plain list row holding any child.
@MainActor public final class ListBoxRow: Widget {
  private let child: Widget

  /// A row showing `child`. An `activatable` row takes focus and emits row-activated; a
  /// passive one just holds its child (a button, say), which takes focus itself.
  public init(_ child: Widget, activatable: Bool = true) {
    self.child = child
    super.init(gtk_list_box_row_new())
    gtk_list_box_row_set_child(cast(raw), child.widget)
    gtk_list_box_row_set_activatable(cast(raw), activatable ? 1 : 0)
    gtk_widget_set_focusable(widget, activatable ? 1 : 0)
  }

  /// Activates the row as Enter on it does (its list's row-activated).
  public func activate() { gtk_widget_activate(widget) }
}
