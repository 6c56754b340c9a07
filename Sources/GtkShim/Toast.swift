import CAdwaita

/// Shows toasts over its child (libadwaita's toast overlay).
@MainActor public final class ToastOverlay: Widget {
  private let child: Widget

  /// Overlays toasts on `child`.
  public init(_ child: Widget) {
    self.child = child
    super.init(adw_toast_overlay_new())
    adw_toast_overlay_set_child(cast(raw), child.widget)
  }

  /// Shows a toast with `title`; with `button`, a button that runs `action` and dismisses it.
  public func show(_ title: String, button: String? = nil, timeout: Int = 5,
                   action: (@MainActor () -> Void)? = nil) {
    let toast = adw_toast_new(title)!
    adw_toast_set_timeout(toast, guint(timeout))
    if let button, let action {
      adw_toast_set_button_label(toast, button)
      connect(UnsafeMutableRawPointer(toast), "button-clicked", perform: action)
    }
    adw_toast_overlay_add_toast(cast(raw), toast)  // takes ownership; builds the toast widget
    // Name the toast's own controls, and nothing of the pages under it.
    var next = gtk_widget_get_first_child(widget)
    while let current = next {
      if current != child.widget { nameStockControls(under: current) }
      next = gtk_widget_get_next_sibling(current)
    }
  }
}
