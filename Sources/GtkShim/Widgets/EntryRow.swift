import CAdwaita
import Platform

/// libadwaita's list row holding a text entry, its title shown as the placeholder.
@MainActor public final class EntryRow: Widget {
  private var attached: [Widget] = []

  /// An entry row titled `title` (also its accessible name).
  public init(title: String) {
    super.init(adw_entry_row_new())
    adw_preferences_row_set_title(cast(raw), title)
    setAccessibleLabel(title)
  }

  private var editable: OpaquePointer { cast(raw) }

  /// The text typed.
  public var text: String {
    get { string(gtk_editable_get_text(editable)) }
    set { gtk_editable_set_text(editable, newValue) }
  }

  /// Calls `action` after each edit.
  public func onChanged(_ action: @escaping @MainActor () -> Void) {
    connect(raw, "changed", for: self, perform: action)
  }

  /// Calls `action` when Enter is pressed in the entry.
  public func onEntryActivated(_ action: @escaping @MainActor () -> Void) {
    connect(raw, "entry-activated", for: self, perform: action)
  }

  /// Acts as Enter pressed in the entry does.
  public func activate() { shim_emit(raw, "entry-activated") }

  /// Puts the text cursor at the end and keyboard focus in the entry.
  public func focusAtEnd() {
    gtk_widget_grab_focus(widget)
    gtk_editable_set_position(editable, -1)
  }

  /// Adds `widget` after the entry.
  public func addSuffix(_ widget: Widget) {
    attached.append(widget)
    adw_entry_row_add_suffix(cast(raw), widget.widget)
  }
}
