#include <glib.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <libintl.h>
#include <locale.h>
#include <sys/vfs.h>
