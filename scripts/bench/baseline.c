/* The floor any app on this stack pays: a libadwaita application with one empty window. */
#include <adwaita.h>

static void activate(GtkApplication *app, gpointer data) {
  (void)data;
  GtkWidget *window = adw_application_window_new(app);
  gtk_window_set_title(GTK_WINDOW(window), "Baseline");
  gtk_window_set_default_size(GTK_WINDOW(window), 720, 760);
  gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
  AdwApplication *app = adw_application_new("io.github.scrumdinger.Baseline", G_APPLICATION_NON_UNIQUE);
  g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
  int status = g_application_run(G_APPLICATION(app), argc, argv);
  g_object_unref(app);
  return status;
}
