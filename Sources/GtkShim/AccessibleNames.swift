import CAdwaita

/// libadwaita 1.2 names the buttons it builds itself (message-dialog responses, toast
/// buttons) twice: "Cancel Cancel", their label plus a labelled-by relation to the same
/// label. This gives every labelled button under `widget` its plain label as its name.
@MainActor func nameButtonsAfterTheirLabels(_ widget: UnsafeMutablePointer<GtkWidget>) {
  let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
  if g_type_check_instance_is_a(instance, gtk_button_get_type()) != 0,
     let label = gtk_button_get_label(cast(UnsafeMutableRawPointer(widget))) {
    shim_accessible_set_name(cast(UnsafeMutableRawPointer(widget)), label)
  }
  var child = gtk_widget_get_first_child(widget)
  while let current = child {
    nameButtonsAfterTheirLabels(current)
    child = gtk_widget_get_next_sibling(current)
  }
}
