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
  /// `onDismissed` runs when it goes, however it goes. Returns the toast, to dismiss early.
  @discardableResult
  public func show(_ title: String, button: String? = nil, timeout: Int = 5,
                   action: (@MainActor () -> Void)? = nil, onDismissed: (@MainActor () -> Void)? = nil) -> Toast {
    let toast = adw_toast_new(title)!
    adw_toast_set_timeout(toast, guint(timeout))
    if let button, let action {
      adw_toast_set_button_label(toast, button)
      connect(UnsafeMutableRawPointer(toast), "button-clicked", perform: action)
    }
    if let onDismissed { connect(UnsafeMutableRawPointer(toast), "dismissed", perform: onDismissed) }
    let handle = Toast(toast)
    adw_toast_overlay_add_toast(cast(raw), toast)  // takes ownership; builds the toast widget
    // Name the toast's own controls, and nothing of the pages under it.
    var next = gtk_widget_get_first_child(widget)
    while let current = next {
      if current != child.widget { nameStockControls(under: current) }
      next = gtk_widget_get_next_sibling(current)
    }
    return handle
  }
}

/// A toast on show, which can be dismissed before its time.
@MainActor public final class Toast {
  private let toast: OpaquePointer

  init(_ toast: OpaquePointer) {
    self.toast = toast
    g_object_ref(UnsafeMutableRawPointer(toast))
  }

  isolated deinit { g_object_unref(UnsafeMutableRawPointer(toast)) }

  /// Takes the toast away now.
  public func dismiss() { adw_toast_dismiss(toast) }
}
