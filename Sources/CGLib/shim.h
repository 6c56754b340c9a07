// GLib and GIO for the platform layer (Sources/Platform) and, through it, the core: and the
// C helpers Swift cannot import of them (the bridge that lets libdispatch's main queue, and so
// @MainActor tasks, run inside the GLib main loop; a CLOCK_REALTIME timer).
#include <glib.h>
#include <glib/gstdio.h>
#include <glib-unix.h>
#include <gio/gio.h>
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <libintl.h>
#include <locale.h>
#include <malloc.h>
#include <sys/timerfd.h>
#include <sys/vfs.h>
#include <errno.h>
#include <unistd.h>

extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *);

static inline gboolean shim_drain_main_queue(gint fd, GIOCondition condition, gpointer data) {
  guint64 count;
  (void)condition;
  (void)data;
  (void)!read(fd, &count, sizeof count);
  _dispatch_main_queue_callback_4CF(NULL);
  return G_SOURCE_CONTINUE;
}

/// Runs libdispatch's main queue whenever it has work, from the default GLib main context.
static inline guint shim_install_main_queue_bridge(void) {
  return g_unix_fd_add(_dispatch_get_main_queue_handle_4CF(), G_IO_IN, shim_drain_main_queue, NULL);
}

/// A CLOCK_REALTIME timer (it fires at a wall-clock time even after a suspend, and is woken
/// early, reading ECANCELED, when the clock is set); -1 on failure.
static inline int shim_wall_timer_new(void) {
  return timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK | TFD_CLOEXEC);
}

/// Arms `fd` for the Unix time `seconds` (0 disarms).
static inline int shim_wall_timer_arm(int fd, gint64 seconds) {
  struct itimerspec spec = {0};
  spec.it_value.tv_sec = (time_t)seconds;
  return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &spec, NULL);
}

/// Reads `fd` once it is readable: 1 when it expired, 0 when the clock was set meanwhile.
static inline int shim_wall_timer_read(int fd) {
  guint64 expirations;
  return read(fd, &expirations, sizeof expirations) == sizeof expirations ? 1 : (errno == ECANCELED ? 0 : -1);
}

