#include <glib.h>
#include <glib/gstdio.h>
