import CAdwaita
import Platform

/// A bar under the header that slides in to hold a search field (Ctrl+F, or its toggle);
/// Escape in the field closes it.
@MainActor public final class SearchBar: Widget {
  private let entry: SearchEntry

  /// A bar holding `entry`.
  public init(_ entry: SearchEntry) {
    self.entry = entry
    super.init(gtk_search_bar_new())
    gtk_search_bar_set_child(cast(raw), entry.widget)
    gtk_search_bar_connect_entry(cast(raw), cast(entry.raw))
  }

  /// Whether the bar is open.
  public var isOpen: Bool {
    get { gtk_search_bar_get_search_mode(cast(raw)) != 0 }
    set { gtk_search_bar_set_search_mode(cast(raw), newValue ? 1 : 0) }
  }

  /// Keeps `toggle` pressed exactly while the bar is open, either way round.
  public func bind(_ toggle: ToggleButton) {
    g_object_bind_property(
      UnsafeMutableRawPointer(raw), "search-mode-enabled", UnsafeMutableRawPointer(toggle.raw), "active",
      GBindingFlags(rawValue: G_BINDING_BIDIRECTIONAL.rawValue | G_BINDING_SYNC_CREATE.rawValue))
  }

  /// Calls `action` when the bar opens or closes.
  public func onOpenChanged(_ action: @escaping @MainActor () -> Void) {
    connect(raw, "notify::search-mode-enabled", for: self, withArgument: { _ in action() })
  }
}
