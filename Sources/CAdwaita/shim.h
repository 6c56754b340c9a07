// C helpers for what Swift cannot import of GTK and libadwaita: variadic functions and
// function-like macros. Kept tiny; the Swift side (GtkShim) wraps everything else. GLib's and
// GIO's own helpers are CGLib's (the platform layer's).
#include <adwaita.h>

/// Sets a widget's own description, kept on it so an announcement can give way to it again.
static inline void shim_accessible_set_description(GtkAccessible *accessible, const char *text) {
  g_object_set_data_full(G_OBJECT(accessible), "shim-description", g_strdup(text), g_free);
  gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/// Puts an announcement in a widget's description, its own kept (see Announcer).
static inline void shim_accessible_announce_on(GtkWidget *widget, const char *text) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/// Gives a widget's description back after an announcement: its own (set above), else its
/// tooltip's (GTK's own description for it), else none.
static inline void shim_accessible_restore_description(GtkWidget *widget) {
  const char *own = g_object_get_data(G_OBJECT(widget), "shim-description");
  if (!own) own = gtk_widget_get_tooltip_text(widget);
  if (own) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, own, -1);
  } else {
    gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  }
}

static inline void shim_accessible_set_value_text(GtkAccessible *accessible, const char *text) {
  gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text, -1);
}

/// Hides a widget from assistive technologies (decoration whose meaning is said elsewhere).
static inline void shim_accessible_hide(GtkAccessible *accessible) {
  gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
}

/// A box that assistive technologies see as `role` (a label, an alert) rather than a group.
static inline GtkWidget *shim_box_new_with_role(GtkOrientation orientation, GtkAccessibleRole role) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_BOX, "orientation", orientation, "accessible-role", role, NULL));
}

/// Names `accessible` after `label` (its text, read whenever the name is asked for).
static inline void shim_accessible_labelled_by(GtkAccessible *accessible, GtkAccessible *label) {
  gtk_accessible_update_relation(accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
}

/// Tells assistive technologies that the name of `accessible`, given by a labelled-by
/// relation to `label`, changed (GTK 4.8 says nothing when the label's text changes, nor when
/// a relation is set): names it `name` directly for a moment, then by the relation again.
/// Both changes send the same name, so a client caching names reads it right either way.
static inline void shim_accessible_renotify_name(GtkAccessible *accessible, GtkAccessible *label, const char *name) {
  gtk_accessible_reset_relation(accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_accessible_update_relation(accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL);
}

/// A drawing area that assistive technologies see as an image (GTK's default role is a
/// generic widget, which has no name to read).
static inline GtkWidget *shim_drawing_area_new_image(void) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_IMG, NULL));
}

/// Emits "clicked" now (gtk_widget_activate clicks only after a press animation).
static inline void shim_button_emit_clicked(GtkButton *button) {
  g_signal_emit_by_name(button, "clicked");
}

/// Sets the accessible name, dropping any labelled-by relation that would override it.
static inline void shim_accessible_set_name(GtkAccessible *accessible, const char *label) {
  gtk_accessible_reset_relation(accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}


/// The string property `name` ("accelerator", "title") of a GtkShortcutsShortcut (newly
/// allocated; g_free it).
static inline char *shim_shortcuts_shortcut_string(GtkWidget *shortcut, const char *name) {
  char *value = NULL;
  g_object_get(shortcut, name, &value, NULL);
  return value;
}

/// A label that assistive technologies treat as an alert: they announce its text when it
/// appears (GTK 4.8 has no announcement call of its own).
static inline GtkWidget *shim_label_new_alert(void) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_LABEL, "accessible-role", GTK_ACCESSIBLE_ROLE_ALERT, NULL));
}

/// A search entry showing `placeholder` while empty (GTK 4.8 has no setter for it).
static inline GtkWidget *shim_search_entry_new(const char *placeholder) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_SEARCH_ENTRY, "placeholder-text", placeholder, NULL));
}
/// Emits a signal without arguments by name (g_signal_emit_by_name is variadic).
static inline void shim_emit(gpointer instance, const char *signal) {
  g_signal_emit_by_name(instance, signal);
}

