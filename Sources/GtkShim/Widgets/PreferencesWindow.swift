import CAdwaita
import Platform

/// libadwaita's preferences window over the main window: pages of groups, closed by Escape.
@MainActor public final class PreferencesWindow: DialogWindow {
  /// An empty preferences window over `parent`, `width` × `height` by default.
  public init(parent: Widget, title: String, width: Int, height: Int) {
    super.init(adw_preferences_window_new(), parent: parent, title: title, width: width, height: height)
    adw_preferences_window_set_search_enabled(cast(raw), 0)  // two groups: nothing to search
  }

  /// Adds a page titled `title` (with an icon, shown when there are several) holding `groups`.
  public func addPage(title: String, iconName: String, groups: [PreferencesGroup]) {
    let page = adw_preferences_page_new()!
    adw_preferences_page_set_title(cast(UnsafeMutableRawPointer(page)), title)
    adw_preferences_page_set_icon_name(cast(UnsafeMutableRawPointer(page)), iconName)
    for group in groups { adw_preferences_page_add(cast(UnsafeMutableRawPointer(page)), cast(group.raw)) }
    adw_preferences_window_add(cast(raw), cast(UnsafeMutableRawPointer(page)))
  }
}
