import CAdwaita

/// libadwaita's centred page with an icon, title, description and an optional child.
@MainActor public final class StatusPage: Widget {
  /// Creates a status page.
  public init(title: String, description: String? = nil, iconName: String? = nil) {
    super.init(adw_status_page_new())
    adw_status_page_set_title(page, title)
    adw_status_page_set_description(page, description)
    adw_status_page_set_icon_name(page, iconName)
  }

  private var page: OpaquePointer { cast(raw) }

  /// The icon's name, if any.
  public var iconName: String? { adw_status_page_get_icon_name(page).map { String(cString: $0) } }

  /// The large text.
  public var title: String { string(adw_status_page_get_title(page)) }

  /// The widget below the description (a button, say).
  public var child: Widget? {
    didSet { adw_status_page_set_child(page, child?.widget) }
  }
}
