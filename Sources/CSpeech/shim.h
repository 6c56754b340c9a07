/* Speech to text is whisper.cpp behind libscrumdinger-whisper (scripts/whisper/bridge.c),
 * opened with GModule when the first recording is transcribed: start-up, and machines
 * without the library, are unaffected, and no whisper.h is needed to build the app. */
#include <glib.h>
#include <gmodule.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

/** Lowers the calling thread's priority (nice 10), not the process's: the meeting and the
 * window keep theirs while speech is recognised. */
static inline void shim_lower_thread_priority(void) {
  setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 10);
}

typedef void (*ShimSpeechProgress)(int percent, void *user);
typedef bool (*ShimSpeechAbort)(void *user);
typedef void (*ShimSpeechSegment)(int64_t start_ms, int64_t end_ms, const char *text, void *user);
typedef int (*ShimSpeechTranscribe)(const char *model, const float *pcm, int count, int threads,
                                    ShimSpeechProgress progress, ShimSpeechAbort abort, ShimSpeechSegment segment,
                                    void *user, char *error, size_t error_size);

/** The bridge's one function from the library at `path` (opened once, kept); NULL with
 * `*why` saying why (owned by the caller, g_free it). */
static inline ShimSpeechTranscribe shim_speech_open(const gchar *path, gchar **why) {
  GModule *module = g_module_open(path, G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
  gpointer symbol = NULL;
  if (!module || !g_module_symbol(module, "sw_transcribe", &symbol)) {
    if (why) *why = g_strdup(g_module_error());
    return NULL;
  }
  g_module_make_resident(module);
  return (ShimSpeechTranscribe)symbol;
}
