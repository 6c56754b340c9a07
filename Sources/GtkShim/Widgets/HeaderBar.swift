import CAdwaita
import Platform

/// libadwaita's header bar with a title and buttons at either end.
@MainActor public final class HeaderBar: Widget {
  private var packed: [Widget] = []
  private let titleWidget: OpaquePointer

  /// A header bar titled `title`, optionally with a subtitle.
  public init(title: String, subtitle: String = "") {
    titleWidget = OpaquePointer(adw_window_title_new(title, subtitle))
    super.init(adw_header_bar_new())
    adw_header_bar_set_title_widget(bar, cast(UnsafeMutableRawPointer(titleWidget)))
  }

  private var bar: OpaquePointer { cast(raw) }

  /// The title text.
  public var title: String {
    get { string(adw_window_title_get_title(titleWidget)) }
    set { adw_window_title_set_title(titleWidget, newValue) }
  }

  /// Whether the title is shown (a narrow window leaves the room to the buttons).
  public var showsTitle: Bool {
    get { gtk_widget_get_visible(cast(UnsafeMutableRawPointer(titleWidget))) != 0 }
    set { gtk_widget_set_visible(cast(UnsafeMutableRawPointer(titleWidget)), newValue ? 1 : 0) }
  }

  /// Adds `widget` at the start (left in left-to-right languages).
  public func packStart(_ widget: Widget) {
    packed.append(widget)
    adw_header_bar_pack_start(bar, widget.widget)
  }

  /// Adds `widget` at the end.
  public func packEnd(_ widget: Widget) {
    packed.append(widget)
    adw_header_bar_pack_end(bar, widget.widget)
  }

  /// Hides the window buttons (close, minimise): for dialogs that have their own.
  public func hideWindowButtons() {
    adw_header_bar_set_show_end_title_buttons(bar, 0)
    adw_header_bar_set_show_start_title_buttons(bar, 0)
  }
}
