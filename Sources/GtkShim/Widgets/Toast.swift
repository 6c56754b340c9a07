import CAdwaita
import Platform

/// Shows toasts over its child (libadwaita's toast overlay).
@MainActor public final class ToastOverlay: Widget {
  private let child: Widget

  /// Overlays toasts on `child`.
  public init(_ child: Widget) {
    self.child = child
    super.init(adw_toast_overlay_new())
    adw_toast_overlay_set_child(cast(raw), child.widget)
  }

  /// Shows a toast with `title` (plain text, never markup); with `button`, a button that runs
  /// `action` and dismisses it; with `extraButton`, a second one beside the title (libadwaita
  /// 1.2 toasts have one button of their own). `onDismissed` runs when it goes, however it
  /// goes. Returns the toast, to dismiss early.
  @discardableResult
  public func show(
    _ title: String, button: String? = nil, timeout: Int = 5,
    action: (@MainActor () -> Void)? = nil,
    extraButton: (label: String, action: @MainActor () -> Void)? = nil,
    onDismissed: (@MainActor () -> Void)? = nil
  ) -> Toast {
    // libadwaita 1.2 reads a toast's title as Pango markup: "R&D" would blank it, and a
    // title from a file could style itself. Every title is plain text here.
    let escaped = g_markup_escape_text(title, -1)!
    let toast = adw_toast_new(escaped)!
    g_free(escaped)
    adw_toast_set_timeout(toast, guint(timeout))
    if let extraButton {
      let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
      let label = gtk_label_new(title)!
      gtk_label_set_ellipsize(cast(UnsafeMutableRawPointer(label)), PANGO_ELLIPSIZE_END)
      gtk_widget_set_hexpand(label, 1)
      gtk_box_append(cast(UnsafeMutableRawPointer(box)), label)
      let extra = gtk_button_new_with_label(extraButton.label)!
      gtk_widget_add_css_class(extra, "flat")
      gtk_widget_set_valign(extra, GTK_ALIGN_CENTER)
      let run = extraButton.action
      connect(
        UnsafeMutableRawPointer(extra), "clicked", for: self,
        perform: {
          run()
          adw_toast_dismiss(toast)
        })
      gtk_box_append(cast(UnsafeMutableRawPointer(box)), extra)
      adw_toast_set_custom_title(toast, box)
    }
    if let button, let action {
      adw_toast_set_button_label(toast, button)
      connect(UnsafeMutableRawPointer(toast), "button-clicked", for: self, perform: action)
    }
    if let onDismissed { connect(UnsafeMutableRawPointer(toast), "dismissed", for: self, perform: onDismissed) }
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
