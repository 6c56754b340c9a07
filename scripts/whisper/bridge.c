/* The calls scrumdinger-transcribe (transcribe.c) makes over whisper.cpp's C API (whisper.h):
 * transcribe, probe a model. Built into it by scripts/whisper/prepare.sh, next to libwhisper,
 * with an RPATH of $ORIGIN; the app itself never loads whisper.cpp. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <whisper.h>

typedef void (*sw_progress_fn)(int percent, void *user);
typedef bool (*sw_abort_fn)(void *user);
typedef void (*sw_segment_fn)(int64_t start_ms, int64_t end_ms, const char *text, void *user);

struct sw_callbacks {
  sw_progress_fn progress;
  sw_abort_fn abort;
  void *user;
  int done;   /* samples before the stretch under way */
  int total;  /* samples in all */
  int length; /* samples in the stretch under way */
};

static void on_progress(struct whisper_context *ctx, struct whisper_state *state, int percent, void *data) {
  (void)ctx;
  (void)state;
  struct sw_callbacks *callbacks = data;
  if (!callbacks->progress) return;
  int64_t reached = callbacks->done + (int64_t)callbacks->length * percent / 100;
  callbacks->progress((int)(reached * 100 / callbacks->total), callbacks->user);
}

static bool on_abort(void *data) {
  struct sw_callbacks *callbacks = data;
  return callbacks->abort && callbacks->abort(callbacks->user);
}

static void quiet(enum ggml_log_level level, const char *text, void *user) {
  (void)level;
  (void)text;
  (void)user;
}

/* Whether `text` is whisper's note on what is not speech, not words: " [BLANK_AUDIO]" (what a
 * turn without a word gives, now that each turn is recognised on its own), " [MUSIC]". */
static bool is_annotation(const char *text) {
  while (*text == ' ') text++;
  size_t length = strlen(text);
  while (length > 0 && text[length - 1] == ' ') length--;
  return length >= 2 && text[0] == '[' && text[length - 1] == ']';
}

/* The model at `model`, loaded for the CPU; NULL with a reason in `error`. */
static struct whisper_context *load(const char *model, char *error, size_t error_size) {
  whisper_log_set(quiet, NULL);
  struct whisper_context_params context_params = whisper_context_default_params();
  context_params.use_gpu = false;
  struct whisper_context *ctx = whisper_init_from_file_with_params(model, context_params);
  if (!ctx) snprintf(error, error_size, "the speech model %s could not be loaded", model);
  return ctx;
}

/* Transcribes `count` samples of 16 kHz mono `pcm` with the model at `model`, in English,
 * greedily, on `threads` threads, in stretches: the `cut_count` sample positions in `cuts`
 * (increasing; each a change of speaker) split the audio, and each stretch is recognised on
 * its own, so no segment runs across a change of turn (whisper's segments are units of
 * decoding: given the whole recording, one ran from a speaker's last words into the next
 * speaker's, and tiny.en's word timestamps were seconds off around the pause, measured).
 * Each segment goes to `segment` (times in milliseconds from the recording's start, within
 * its stretch); `progress` hears the whole's progress. Returns 0, 1 when aborted, -1 with a
 * reason in `error`, or -2 (and a reason) when the model cannot be loaded. */
int sw_transcribe(const char *model, const float *pcm, int count, const int *cuts, int cut_count, int threads,
                  sw_progress_fn progress, sw_abort_fn abort, sw_segment_fn segment, void *user, char *error,
                  size_t error_size) {
  struct whisper_context *ctx = load(model, error, error_size);
  if (!ctx) return -2;
  struct sw_callbacks callbacks = {progress, abort, user, 0, count > 0 ? count : 1, 0};
  struct whisper_full_params params = whisper_full_default_params(WHISPER_SAMPLING_GREEDY);
  params.n_threads = threads;
  params.language = "en";
  params.translate = false;
  params.no_context = true;
  params.n_max_text_ctx = 0; /* greedy decoding looped on long files without it (measured) */
  params.print_progress = false;
  params.print_realtime = false;
  params.print_timestamps = false;
  params.print_special = false;
  params.suppress_blank = true;
  params.progress_callback = on_progress;
  params.progress_callback_user_data = &callbacks;
  params.abort_callback = on_abort;
  params.abort_callback_user_data = &callbacks;
  for (int stretch = 0, start = 0; stretch <= cut_count && start < count; stretch++) {
    int end = stretch < cut_count && cuts[stretch] < count ? cuts[stretch] : count;
    if (end - start < 16000 / 5) { /* under 0.2 s: nothing whisper can hear (it refuses under 0.1 s) */
      start = end > start ? end : start;
      continue;
    }
    callbacks.done = start;
    callbacks.length = end - start;
    int status = whisper_full(ctx, params, pcm + start, end - start);
    if (status != 0) {
      bool aborted = abort && abort(user);
      if (!aborted) snprintf(error, error_size, "whisper could not transcribe the recording (status %d)", status);
      whisper_free(ctx);
      return aborted ? 1 : -1;
    }
    int64_t from = (int64_t)start * 1000 / 16000, to = (int64_t)end * 1000 / 16000;
    for (int i = 0; i < whisper_full_n_segments(ctx); i++) {
      if (is_annotation(whisper_full_get_segment_text(ctx, i))) continue;
      int64_t t0 = from + whisper_full_get_segment_t0(ctx, i) * 10, t1 = from + whisper_full_get_segment_t1(ctx, i) * 10;
      segment(t0 < to ? t0 : to, t1 < to ? t1 : to, whisper_full_get_segment_text(ctx, i), user);
    }
    start = end;
  }
  if (progress) progress(100, user);
  whisper_free(ctx);
  return 0;
}

/* Loads the model at `model` and lets it go: 0 if whisper.cpp can read it, else -1 with a
 * reason in `error`. */
int sw_probe(const char *model, char *error, size_t error_size) {
  struct whisper_context *ctx = load(model, error, error_size);
  if (!ctx) return -1;
  whisper_free(ctx);
  return 0;
}
