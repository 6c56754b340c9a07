import CAdwaita
import Platform

/// A search field: a magnifier, a clear button, and a change signal that waits for a pause
/// in typing.
@MainActor public final class SearchEntry: Widget {
  /// A search field named `accessibleName`, showing `placeholder` while empty.
  public init(placeholder: String, accessibleName: String) {
    super.init(shim_search_entry_new(placeholder))
    setAccessibleLabel(accessibleName)
  }

  /// The text typed.
  public var text: String {
    get { string(gtk_editable_get_text(cast(raw))) }
    set { gtk_editable_set_text(cast(raw), newValue) }
  }

  /// Calls `action` once typing pauses (and at once when the field is cleared).
  public func onSearchChanged(_ action: @escaping @MainActor () -> Void) {
    connect(raw, "search-changed", for: self, perform: action)
  }
}
