#include <gst/gst.h>

static inline GstClockTime shim_gst_second(void) { return GST_SECOND; }
