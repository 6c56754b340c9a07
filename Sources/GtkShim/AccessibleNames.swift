import CAdwaita

/// libadwaita 1.2 names the buttons it builds itself badly: message-dialog responses and
/// toast buttons twice ("Cancel Cancel", their label plus a labelled-by relation to the same
/// label), a toast's close button not at all (its GType, "GtkImage"). This gives every
/// labelled button under `widget` its plain label, and a close button the name "Close".
@MainActor func nameButtonsAfterTheirLabels(_ widget: UnsafeMutablePointer<GtkWidget>) {
  let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
  if g_type_check_instance_is_a(instance, gtk_button_get_type()) != 0 {
    let button: UnsafeMutablePointer<GtkButton> = cast(UnsafeMutableRawPointer(widget))
    if let label = gtk_button_get_label(button) {
      shim_accessible_set_name(cast(UnsafeMutableRawPointer(widget)), label)
    } else if string(gtk_button_get_icon_name(button)) == "window-close-symbolic" {
      shim_accessible_set_name(cast(UnsafeMutableRawPointer(widget)), "Close")
    }
  }
  var child = gtk_widget_get_first_child(widget)
  while let current = child {
    nameButtonsAfterTheirLabels(current)
    child = gtk_widget_get_next_sibling(current)
  }
}
