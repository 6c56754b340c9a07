/* GStreamer is opened when the first sound is loaded (GModule), not linked: the list of
 * scrums on screen needs no sound, and loading GStreamer with the libraries it pulls in
 * (libdw, libelf, libunwind, libbz2) cost start-up time and memory before the first frame.
 * So no GStreamer header is read either: the player handles its objects by pointer, hears
 * the bus through GObject signals ("message::eos"), and needs four states of GstState,
 * whose values are fixed for all of GStreamer 1.x. */
#include <glib-object.h>
#include <gmodule.h>

typedef struct _GstElement GstElement;
typedef struct _GstBus GstBus;
typedef struct _GstMessage GstMessage;
typedef struct _GstEvent GstEvent;
typedef struct _GstClock GstClock;

/** GstState's values (gst/gstelement.h). */
typedef enum {
  SHIM_GST_STATE_NULL = 1,
  SHIM_GST_STATE_READY = 2,
  SHIM_GST_STATE_PAUSED = 3,
  SHIM_GST_STATE_PLAYING = 4,
} ShimGstState;

/** GstFormat's time value (gst/gstformat.h). */
#define SHIM_GST_FORMAT_TIME 3
#define SHIM_GST_SEEK_FLUSH_ACCURATE 3 /* GST_SEEK_FLAG_FLUSH | GST_SEEK_FLAG_ACCURATE */

/** The GStreamer functions the sound player and the recorder call, once opened. */
typedef struct {
  gboolean (*init_check)(int *argc, char ***argv, GError **error);
  GstElement *(*element_factory_make)(const gchar *factory, const gchar *name);
  gpointer (*object_ref_sink)(gpointer object);
  void (*object_unref)(gpointer object);
  gchar *(*filename_to_uri)(const gchar *filename, GError **error);
  void (*util_set_object_arg)(GObject *object, const gchar *name, const gchar *value);
  GstBus *(*element_get_bus)(GstElement *element);
  void (*bus_add_signal_watch)(GstBus *bus);
  void (*bus_remove_signal_watch)(GstBus *bus);
  int (*element_set_state)(GstElement *element, ShimGstState state);
  void (*message_parse_error)(GstMessage *message, GError **error, gchar **debug);
  void (*message_parse_warning)(GstMessage *message, GError **error, gchar **debug);
  GstElement *(*parse_launch)(const gchar *description, GError **error);
  GstElement *(*bin_get_by_name)(GstElement *bin, const gchar *name);
  gboolean (*element_send_event)(GstElement *element, GstEvent *event);
  GstEvent *(*event_new_eos)(void);
  gboolean (*element_query_position)(GstElement *element, int format, gint64 *position);
  gboolean (*element_query_duration)(GstElement *element, int format, gint64 *duration);
  GstClock *(*element_get_clock)(GstElement *element);
  guint64 (*clock_get_time)(GstClock *clock);
  guint64 (*element_get_base_time)(GstElement *element);
  guint64 (*element_get_start_time)(GstElement *element);
  gboolean (*element_seek_simple)(GstElement *element, int format, int flags, gint64 position);
} ShimGst;

/** GStreamer, opened and initialised on the first call; NULL (and `*why` says why, owned
 * here) when it cannot be. */
static inline const ShimGst *shim_gst(const gchar **why) {
  static ShimGst gst;
  static int state; /* 0 not tried, 1 ready, -1 failed */
  static gchar *failure;
  if (state == 0) {
    GModule *module = g_module_open("libgstreamer-1.0.so.0", G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
    gboolean found = module != NULL;
#define SHIM_GST_SYMBOL(field, name) found = found && g_module_symbol(module, name, (gpointer *)&gst.field)
    SHIM_GST_SYMBOL(init_check, "gst_init_check");
    SHIM_GST_SYMBOL(element_factory_make, "gst_element_factory_make");
    SHIM_GST_SYMBOL(object_ref_sink, "gst_object_ref_sink");
    SHIM_GST_SYMBOL(object_unref, "gst_object_unref");
    SHIM_GST_SYMBOL(filename_to_uri, "gst_filename_to_uri");
    SHIM_GST_SYMBOL(util_set_object_arg, "gst_util_set_object_arg");
    SHIM_GST_SYMBOL(element_get_bus, "gst_element_get_bus");
    SHIM_GST_SYMBOL(bus_add_signal_watch, "gst_bus_add_signal_watch");
    SHIM_GST_SYMBOL(bus_remove_signal_watch, "gst_bus_remove_signal_watch");
    SHIM_GST_SYMBOL(element_set_state, "gst_element_set_state");
    SHIM_GST_SYMBOL(message_parse_error, "gst_message_parse_error");
    SHIM_GST_SYMBOL(message_parse_warning, "gst_message_parse_warning");
    SHIM_GST_SYMBOL(parse_launch, "gst_parse_launch");
    SHIM_GST_SYMBOL(bin_get_by_name, "gst_bin_get_by_name");
    SHIM_GST_SYMBOL(element_send_event, "gst_element_send_event");
    SHIM_GST_SYMBOL(event_new_eos, "gst_event_new_eos");
    SHIM_GST_SYMBOL(element_query_position, "gst_element_query_position");
    SHIM_GST_SYMBOL(element_query_duration, "gst_element_query_duration");
    SHIM_GST_SYMBOL(element_get_clock, "gst_element_get_clock");
    SHIM_GST_SYMBOL(clock_get_time, "gst_clock_get_time");
    SHIM_GST_SYMBOL(element_get_base_time, "gst_element_get_base_time");
    SHIM_GST_SYMBOL(element_get_start_time, "gst_element_get_start_time");
    SHIM_GST_SYMBOL(element_seek_simple, "gst_element_seek_simple");
#undef SHIM_GST_SYMBOL
    GError *error = NULL;
    if (!found) {
      failure = g_strdup(g_module_error());
    } else if (!gst.init_check(NULL, NULL, &error)) {
      failure = g_strdup(error ? error->message : "GStreamer could not start");
      g_clear_error(&error);
    }
    state = failure ? -1 : 1;
  }
  if (why) *why = failure;
  return state == 1 ? &gst : NULL;
}
