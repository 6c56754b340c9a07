/* The speech model's download goes through libsoup 3, opened with GModule when the user
 * asks for it (the app makes no other connection): start-up is unaffected. Speech to text
 * itself runs in a process of its own (scrumdinger-transcribe), not here. */
#include <gio/gio.h>
#include <glib.h>
#include <gmodule.h>
#include <stdbool.h>
#include <stdint.h>
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

/** The libsoup 3 functions the model download calls, once opened. */
typedef struct {
  gpointer (*session_new)(void);
  gpointer (*message_new)(const char *method, const char *uri);
  gpointer (*message_get_request_headers)(gpointer message);
  void (*message_headers_append)(gpointer headers, const char *name, const char *value);
  GInputStream *(*session_send)(gpointer session, gpointer message, GCancellable *cancellable, GError **error);
  guint (*message_get_status)(gpointer message);
  const char *(*message_get_reason_phrase)(gpointer message);
  gpointer (*message_get_response_headers)(gpointer message);
  goffset (*message_headers_get_content_length)(gpointer headers);
} ShimSoup;

/** libsoup 3, opened on the first call; NULL with `*why` (owned here) when it cannot be. */
static inline const ShimSoup *shim_soup(const gchar **why) {
  static ShimSoup soup;
  static gsize state; /* 0 not tried; 1 ready; 2 failed */
  static gchar *failure;
  if (g_once_init_enter(&state)) {
    GModule *module = g_module_open("libsoup-3.0.so.0", G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
    gboolean found = module != NULL;
#define SHIM_SOUP_SYMBOL(field, name) found = found && g_module_symbol(module, name, (gpointer *)&soup.field)
    SHIM_SOUP_SYMBOL(session_new, "soup_session_new");
    SHIM_SOUP_SYMBOL(message_new, "soup_message_new");
    SHIM_SOUP_SYMBOL(message_get_request_headers, "soup_message_get_request_headers");
    SHIM_SOUP_SYMBOL(message_headers_append, "soup_message_headers_append");
    SHIM_SOUP_SYMBOL(session_send, "soup_session_send");
    SHIM_SOUP_SYMBOL(message_get_status, "soup_message_get_status");
    SHIM_SOUP_SYMBOL(message_get_reason_phrase, "soup_message_get_reason_phrase");
    SHIM_SOUP_SYMBOL(message_get_response_headers, "soup_message_get_response_headers");
    SHIM_SOUP_SYMBOL(message_headers_get_content_length, "soup_message_headers_get_content_length");
#undef SHIM_SOUP_SYMBOL
    if (!found) failure = g_strdup(module ? g_module_error() : "libsoup 3 is not installed (libsoup-3.0-0)");
    else g_module_make_resident(module);
    g_once_init_leave(&state, failure ? 2 : 1);
  }
  if (why) *why = failure;
  return state == 1 ? &soup : NULL;
}

typedef void (*ShimFetchProgress)(gint64 received, gint64 total, void *user);

/** Appends what `url` holds from byte `offset` on to `path`, on the calling (worker) thread,
 * reporting progress about every 256 KiB (total -1 while unknown). Returns NULL when all
 * arrived, else why not (g_free it); "cancelled" once `cancellable` is. A server that ignores
 * the range starts the file over. */
static inline gchar *shim_fetch(const char *url, gint64 offset, const char *path, GCancellable *cancellable,
                                ShimFetchProgress progress, void *user) {
  const gchar *why = NULL;
  const ShimSoup *soup = shim_soup(&why);
  if (!soup) return g_strdup(why);
  gpointer session = soup->session_new();
  gpointer message = soup->message_new("GET", url);
  if (!message) {
    g_object_unref(session);
    return g_strdup_printf("%s is not a web address", url);
  }
  if (offset > 0) {
    gchar *range = g_strdup_printf("bytes=%" G_GINT64_FORMAT "-", offset);
    soup->message_headers_append(soup->message_get_request_headers(message), "Range", range);
    g_free(range);
  }
  GError *error = NULL;
  gchar *problem = NULL;
  GInputStream *body = soup->session_send(session, message, cancellable, &error);
  guint status = soup->message_get_status(message);
  FILE *file = NULL;
  if (!body) {
    problem = g_cancellable_is_cancelled(cancellable) ? g_strdup("cancelled") : g_strdup(error->message);
  } else if (status == 416 && offset > 0) {
    /* Nothing after `offset`: it had all arrived already. */
  } else if (status != 200 && status != 206) {
    problem = g_strdup_printf("the server answered %u %s", status, soup->message_get_reason_phrase(message));
  } else {
    if (status == 200) offset = 0;
    goffset length = soup->message_headers_get_content_length(soup->message_get_response_headers(message));
    gint64 total = length > 0 ? offset + length : -1;
    file = fopen(path, offset > 0 ? "ab" : "wb");
    if (!file) problem = g_strdup_printf("%s cannot be written: %s", path, g_strerror(errno));
    gint64 received = offset, reported = offset;
    guint8 buffer[65536];
    while (file && !problem) {
      gssize count = g_input_stream_read(body, buffer, sizeof buffer, cancellable, &error);
      if (count < 0) {
        problem = g_cancellable_is_cancelled(cancellable) ? g_strdup("cancelled") : g_strdup(error->message);
      } else if (count == 0) {
        if (total >= 0 && received < total) problem = g_strdup("the connection was cut");
        break;
      } else if (fwrite(buffer, 1, (size_t)count, file) != (size_t)count) {
        problem = g_strdup_printf("%s cannot be written: %s", path, g_strerror(errno));
      } else {
        received += count;
        if (received - reported >= 262144 || received == total) {
          reported = received;
          progress(received, total, user);
        }
      }
    }
  }
  if (file && (fflush(file) != 0 || fsync(fileno(file)) != 0) && !problem) {
    problem = g_strdup_printf("%s cannot be written: %s", path, g_strerror(errno));
  }
  if (file) fclose(file);
  g_clear_error(&error);
  if (body) g_object_unref(body);
  g_object_unref(message);
  g_object_unref(session);
  return problem;
}
