/* The calls scrumdinger-transcribe (transcribe.c) makes over whisper.cpp's C API (whisper.h):
 * transcribe, probe a model. Built into it by scripts/whisper/prepare.sh, next to libwhisper,
 * with an RPATH of $ORIGIN; the app itself never loads whisper.cpp. */
#include <malloc.h> /* malloc_trim */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <whisper.h>

#include "captions.h"

/* The language heard (Whisper's code, checked by transcribe.c): never left to detection and
 * never translated, so a German meeting gives a German transcript. */
const char *sw_language = "en";

typedef void (*sw_progress_fn)(int percent, void *user);
typedef bool (*sw_abort_fn)(void *user);
typedef void (*sw_segment_fn)(int64_t start_ms, int64_t end_ms, const char *text, void *user);

struct sw_callbacks {
  sw_progress_fn progress;
  sw_abort_fn abort;
  void *user;
  int base, span; /* the run under way reports from base to base + span percent of the whole */
  int reported;   /* the highest said so far (progress never goes back) */
};

static void on_progress(struct whisper_context *ctx, struct whisper_state *state, int percent, void *data) {
  (void)ctx;
  (void)state;
  struct sw_callbacks *callbacks = data;
  if (!callbacks->progress) return;
  int reached = callbacks->base + callbacks->span * percent / 100;
  if (reached <= callbacks->reported) return;
  callbacks->reported = reached;
  callbacks->progress(reached, callbacks->user);
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
 * piece of a turn without a word gives), " [MUSIC]", " (beep)" (the end of a turn's ding). */
static bool is_annotation(const char *text) {
  while (*text == ' ') text++;
  size_t length = strlen(text);
  while (length > 0 && text[length - 1] == ' ') length--;
  return length >= 2 && ((text[0] == '[' && text[length - 1] == ']') || (text[0] == '(' && text[length - 1] == ')'));
}

/* The alignment heads of the model at `model` (its cross-attention heads that follow the
 * audio), which give each token's time (whisper.cpp's DTW timestamps): known by the model's
 * size and vocabulary, read from the file's header (n_vocab 51,864 for an English-only model,
 * then n_text_layer 4 for tiny, 6 for base, 12 for small, 24 for medium). None for another. */
static enum whisper_alignment_heads_preset alignment_heads(const char *model) {
  int32_t header[10] = {0}; /* the magic, then n_vocab … n_text_layer */
  FILE *file = fopen(model, "rb");
  if (!file) return WHISPER_AHEADS_NONE;
  size_t read = fread(header, sizeof header[0], 10, file);
  fclose(file);
  if (read != 10 || header[0] != 0x67676d6c) return WHISPER_AHEADS_NONE;
  bool english = header[1] == 51864;
  if (header[5] != header[9]) return WHISPER_AHEADS_NONE; /* as many audio layers as text: not large-v3-turbo */
  switch (header[9]) {
  case 4: return english ? WHISPER_AHEADS_TINY_EN : WHISPER_AHEADS_TINY;
  case 6: return english ? WHISPER_AHEADS_BASE_EN : WHISPER_AHEADS_BASE;
  case 12: return english ? WHISPER_AHEADS_SMALL_EN : WHISPER_AHEADS_SMALL;
  case 24: return english ? WHISPER_AHEADS_MEDIUM_EN : WHISPER_AHEADS_MEDIUM;
  default: return WHISPER_AHEADS_NONE;
  }
}

/* The model at `model`, loaded for the CPU, with its tokens' times where `heads` are its
 * alignment heads (WHISPER_AHEADS_NONE: without); NULL with a reason in `error`. */
static struct whisper_context *load(const char *model, enum whisper_alignment_heads_preset heads, char *error,
                                    size_t error_size) {
  whisper_log_set(quiet, NULL);
  struct whisper_context_params context_params = whisper_context_default_params();
  context_params.use_gpu = false;
  if (heads != WHISPER_AHEADS_NONE) {
    context_params.dtw_token_timestamps = true;
    context_params.dtw_aheads_preset = heads;
    context_params.flash_attn = false; /* whisper.cpp times tokens only without it */
  }
  struct whisper_context *ctx = whisper_init_from_file_with_params(model, context_params);
  if (!ctx) snprintf(error, error_size, "the speech model %s could not be loaded", model);
  return ctx;
}

/* Whether the loaded `ctx` hears the language asked for: an English-only model hears English
 * alone (asked for German, it would write English-sounding words). */
bool sw_hears_language(struct whisper_context *ctx) {
  return strcmp(sw_language, "en") == 0 || whisper_is_multilingual(ctx);
}

/* Segments, their texts copied (the next run of whisper_full frees whisper's), and where the
 * last word of each begins by its tokens' times (-1 where they are not known); `stopped`: they
 * stop at a gap in the words' times (`recognise`). */
struct segments {
  int count, capacity;
  bool stopped;
  struct { int64_t t0, t1, last_word; char *text; } *items;
};

/* Memory the helper cannot go on without: none left ends it with status 5, a want of memory
 * (never taken for a bad model), rather than a crash on a null pointer. */
static void *needed(void *memory) {
  if (!memory) _exit(5);
  return memory;
}

static void segments_free(struct segments *list) {
  for (int i = 0; i < list->count; i++) free(list->items[i].text);
  free(list->items);
  *list = (struct segments){0};
}

/* Whether token `text` begins a word: after a space, or with a character of a script written
 * without spaces (each such character a word: sw_spaceless). A token that begins within a
 * character (whisper's tokens are bytes) does not. */
static bool begins_word(const char *text) {
  const unsigned char *c = (const unsigned char *)text;
  int length = sw_utf8_length(c);
  return c[0] == ' ' || (length > 1 && sw_spaceless(c, length));
}

/* How long before a window's last word the next window begins (a second of speech to hear
 * it in); how far after that word's beginning by one window's token times the same word may
 * begin by the next one's; and how long after a word the next may begin before whisper is
 * taken to have passed over speech between (measured on people's speech: docs/performance.md). */
static const int64_t before_last_word = 1000, same_word_within = 150, gap_ms = 3000;

/* Adds a segment to `out` (times in ms from the stretch's start, `from` ms into the recording,
 * kept within it, `to`), taking `text`. */
static void add_segment(struct segments *out, int64_t from, int64_t to, int64_t t0, int64_t t1, int64_t last_word,
                        char *text) {
  if (out->count == out->capacity) {
    out->capacity = out->capacity ? out->capacity * 2 : 64;
    out->items = needed(realloc(out->items, sizeof *out->items * (size_t)out->capacity));
  }
  out->items[out->count].t0 = from + t0 < to ? from + t0 : to;
  out->items[out->count].t1 = from + t1 < to ? from + t1 : to;
  out->items[out->count].last_word = last_word >= 0 ? from + last_word : -1;
  out->items[out->count].text = text;
  out->count++;
}

/* Recognises samples [start, end) of `pcm` and adds its segments (times in milliseconds from
 * the recording's start, within the stretch; whisper's notes on what is not speech left out)
 * to `out`. By the tokens' times, where whisper.cpp gives them (DTW): the words at its start
 * that begin before `heard_to` (ms from the stretch's start; -1: none) were heard already
 * and are left out; and with `stop_at_gap`, the segments stop before a word that begins more
 * than `gap_ms` after the one before (6 s or more into the stretch): whisper passed over the
 * speech between, or it was silence, and the next window hears it (`out->stopped`). Returns
 * whisper_full's status. */
static int recognise(struct whisper_context *ctx, struct whisper_full_params params, const float *pcm, int start, int end,
                     int64_t heard_to, bool stop_at_gap, struct segments *out) {
  int status = whisper_full(ctx, params, pcm + start, end - start);
  if (status != 0) return status;
  int64_t from = (int64_t)start * 1000 / 16000, to = (int64_t)end * 1000 / 16000;
  bool dropping = heard_to >= 0;
  int64_t previous_word = -1; /* where the word before began */
  for (int i = 0; i < whisper_full_n_segments(ctx) && !out->stopped; i++) {
    const char *text = whisper_full_get_segment_text(ctx, i);
    if (is_annotation(text)) continue;
    int64_t t0 = whisper_full_get_segment_t0(ctx, i) * 10, t1 = whisper_full_get_segment_t1(ctx, i) * 10;
    int64_t last_word = -1;
    size_t kept = 0, room = strlen(text);
    char *rest = needed(calloc(1, room + 1)); /* the text of the words kept */
    bool cut = false, word_heard = false;
    for (int j = 0; j < whisper_full_n_tokens(ctx, i); j++) {
      whisper_token_data token = whisper_full_get_token_data(ctx, i, j);
      if (token.id >= whisper_token_eot(ctx)) continue; /* a timestamp or a special token */
      const char *piece = whisper_full_get_token_text(ctx, i, j);
      if (begins_word(piece) || j == 0) {
        int64_t word = token.t_dtw >= 0 ? token.t_dtw * 10 : -1;
        if (stop_at_gap && word >= 0 && previous_word >= 6000 && word - previous_word > gap_ms) {
          out->stopped = true;
          t1 = word;
          cut = true;
          break;
        }
        if (word >= 0) previous_word = word;
        word_heard = dropping && word >= 0 && word < heard_to;
        if (!word_heard) {
          dropping = false;
          last_word = word;
          if (cut && kept == 0 && word > t0) t0 = word; /* the rest begins with this word */
        }
      }
      size_t length = strlen(piece);
      if (word_heard || kept + length > room) { /* never more than the segment's text */
        cut = true;
        continue;
      }
      memcpy(rest + kept, piece, length);
      kept += length;
    }
    if (!cut) strcpy(rest, text);
    if (cut && kept == 0 && room > 0) { /* heard already, whole, or nothing before a gap */
      free(rest);
      continue;
    }
    add_segment(out, from, to, t0, t1, last_word, rest);
  }
  return 0;
}

/* Transcribes `count` samples of 16 kHz mono `pcm` with the model at `model`, in `sw_language`,
 * greedily, on `threads` threads. The recording is recognised whole (whisper hears best with
 * the speech around; recognising each turn on its own cost two points of word error rate on
 * the bench's speech, measured); then each segment that runs across one of the `cut_count`
 * sample positions in `cuts` (increasing; each a change of turn) is recognised again in
 * pieces cut there, so no segment runs across a change of turn (a segment is a unit of
 * decoding: one ran from a speaker's last words into the next speaker's; tiny.en's word
 * timestamps were seconds off around the pause, measured, so words are not split by them).
 * Each segment goes to `segment` (times in milliseconds from the recording's start);
 * `progress` hears the whole's progress. Returns 0, 1 when aborted, -1 with a reason in
 * `error`, or -2 (and a reason) when the model cannot be loaded. */
int sw_transcribe(const char *model, const float *pcm, int count, const int *cuts, int cut_count, int threads,
                  sw_progress_fn progress, sw_abort_fn abort, sw_segment_fn segment, void *user, char *error,
                  size_t error_size) {
  struct whisper_context *ctx = load(model, WHISPER_AHEADS_NONE, error, error_size);
  if (!ctx) return -2;
  if (!sw_hears_language(ctx)) {
    snprintf(error, error_size, "the speech model hears English only, not \"%s\"", sw_language);
    whisper_free(ctx);
    return -1;
  }
  struct sw_callbacks callbacks = {progress, abort, user, 0, 90, -1};
  struct whisper_full_params params = whisper_full_default_params(WHISPER_SAMPLING_GREEDY);
  params.n_threads = threads;
  params.language = sw_language;
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
  struct segments whole = {0}, piece = {0};
  int status = recognise(ctx, params, pcm, 0, count, -1, false, &whole);
  for (int i = 0; status == 0 && i < whole.count; i++) {
    int start = (int)(whole.items[i].t0 * 16), end = (int)(whole.items[i].t1 * 16);
    int first = 0;
    while (first < cut_count && cuts[first] <= start) first++;
    if (first == cut_count || cuts[first] >= end) { /* within one turn */
      segment(whole.items[i].t0, whole.items[i].t1, whole.items[i].text, user);
      continue;
    }
    callbacks.base = 90 + 10 * i / whole.count;
    callbacks.span = (10 + whole.count - 1) / whole.count;
    for (int from = start, next = first; status == 0 && from < end; next++) {
      int to = next < cut_count && cuts[next] < end ? cuts[next] : end;
      if (to - from >= 16000 / 5) { /* under 0.2 s: nothing whisper can hear (it refuses under 0.1 s) */
        status = recognise(ctx, params, pcm, from, to, -1, false, &piece);
        for (int j = 0; status == 0 && j < piece.count; j++) segment(piece.items[j].t0, piece.items[j].t1, piece.items[j].text, user);
        segments_free(&piece);
      }
      from = to;
    }
  }
  segments_free(&whole);
  if (status != 0) {
    bool aborted = abort && abort(user);
    if (!aborted) snprintf(error, error_size, "whisper could not transcribe the recording (status %d)", status);
    whisper_free(ctx);
    return aborted ? 1 : -1;
  }
  if (progress) progress(100, user);
  whisper_free(ctx);
  return 0;
}

/* Loads the model at `model` and lets it go: 0 if whisper.cpp can read it, else -1 with a
 * reason in `error`. */
int sw_probe(const char *model, char *error, size_t error_size) {
  struct whisper_context *ctx = load(model, WHISPER_AHEADS_NONE, error, error_size);
  if (!ctx) return -1;
  whisper_free(ctx);
  return 0;
}

/* A model kept loaded for a meeting's windows, recognised one at a time as they fill. */
struct sw_live {
  struct whisper_context *ctx;
  /* The same model with its tokens' times (DTW), loaded when a window needs them: only for
   * the windows at an unsure seam, since whisper.cpp times tokens only without flash
   * attention, whose sums differ in the last bits: every window heard with it would read a
   * little otherwise (a word in twenty, as well heard: docs/performance.md). Without flash
   * attention its buffers are large (the helper with tiny.en held 499 MB with it, 173 MB
   * before it was loaded), so it is let go once the next window does not need it (216 MB
   * after), and loaded again at the next such seam (0.15 s). */
  struct whisper_context *timed;
  bool untimed; /* its tokens cannot be timed: alignment heads not known, or not loaded again */
  char *model;
  char *prompt; /* the previous window's words, within a turn: whisper hears the next one as their continuation */
  int64_t heard_to; /* ms into the recording: the next window's words that begin before were heard (-1: none) */
};

/* The model at `model`, loaded for windows; NULL with a reason in `error`. */
struct sw_live *sw_live_open(const char *model, char *error, size_t error_size) {
  struct whisper_context *ctx = load(model, WHISPER_AHEADS_NONE, error, error_size);
  if (!ctx) return NULL;
  struct sw_live *live = needed(calloc(1, sizeof *live));
  live->ctx = ctx;
  live->model = needed(strdup(model));
  live->heard_to = -1;
  return live;
}

/* The model with its tokens' times, loaded if it is not; NULL for a model whose alignment
 * heads are not known (or that could not be loaded again). */
static struct whisper_context *timed_context(struct sw_live *live) {
  if (!live->timed && !live->untimed) {
    enum whisper_alignment_heads_preset heads = alignment_heads(live->model);
    char error[256];
    if (heads != WHISPER_AHEADS_NONE) live->timed = load(live->model, heads, error, sizeof error);
    live->untimed = !live->timed;
  }
  return live->timed;
}

/* Whisper goes through a long recording 30 s at a time: each pass decodes up to the last whole
 * segment it hears, and the next pass begins where that one ends. A window cut by its length
 * is one such pass: what whisper could not finish (a word across the window's end) is left to
 * the next window, which begins where the pass's last segment ends. */
static bool first_pass_only(struct whisper_context *ctx, struct whisper_state *state, void *data) {
  (void)ctx;
  (void)state;
  return (*(int *)data)++ == 0;
}

/* Whether whisper may not have heard where a pass's words end (`heard` not empty): its last
 * segment ran to the window's end, 10 s or more, or its words stopped at a gap. */
static bool unsure_end(const struct segments *heard, int64_t length_ms) {
  int64_t t0 = heard->items[heard->count - 1].t0, t1 = heard->items[heard->count - 1].t1;
  return heard->stopped || (t1 - t0 >= 10000 && t1 >= length_ms);
}

/* Where the next window begins after a pass, from its last segment (ms from the window's
 * start; the window `length_ms` long): the segment's end, unless whisper did not hear where it
 * ends. Whisper can give one segment for a whole window, ended at the window's end, whose words
 * stop before it, halfway or a few seconds short (its timestamp tokens end there too); the
 * next window, begun at the segment's end, lost the speech after them (docs/performance.md:
 * the transcript over 10 meetings). Such a window is heard again by the model with its tokens'
 * times (DTW), and taken to end where its last word begins (or, where its words jump more
 * than `gap_ms` ahead, the last before): the next window begins a second before that word,
 * hears it again with some speech before it, and drops it by time (`recognise`'s `heard_to`).
 * A model whose tokens cannot be timed takes 0.25 s a word, faster than people speak (the
 * bench's speech: 0.27 within a turn): early rather than late, since the words heard twice
 * across the seam are dropped (SeamRepeat, letter for letter) and those never heard are lost;
 * people's speech is slower, and there that rule heard dozens of words twice
 * (docs/performance.md: people's recorded speech). */
static int64_t resume_after(const struct segments *heard, int64_t length_ms) {
  int64_t t0 = heard->items[heard->count - 1].t0, t1 = heard->items[heard->count - 1].t1;
  int64_t last_word = heard->items[heard->count - 1].last_word;
  if (!unsure_end(heard, length_ms)) return t1;
  if (last_word >= 0) return last_word - before_last_word > t0 ? last_word - before_last_word : t0;
  int words = 0;
  for (const char *c = heard->items[heard->count - 1].text; *c; c++) {
    if (*c != ' ' && (c == heard->items[heard->count - 1].text || c[-1] == ' ')) words++;
  }
  int64_t spoken = t0 + words * 250;
  return spoken < t1 ? spoken : t1;
}

/* Recognises one window, `count` samples of 16 kHz mono `pcm` starting `from_ms` into the
 * recording, on `threads` threads, with the previous window's words as whisper's prompt when the
 * same turn goes on (after a change of turn they misled it: measured). Each segment
 * goes to `segment` (times from the recording's start). A window cut by its length (`seam`),
 * not by a change of turn, is one pass of whisper's (first_pass_only): `resume_ms` says where
 * the next window begins; otherwise it begins at this one's end. Returns whisper_full's status. */
int sw_live_window(struct sw_live *live, const float *pcm, int count, int64_t from_ms, bool seam, int threads,
                   sw_segment_fn segment, void *user, int64_t *resume_ms) {
  /* Beam search (5, whisper's own choice for it): window by window, greedy decoding heard
   * 0.7 points worse than the whole recording at once; five beams hear better than that. */
  struct whisper_full_params params = whisper_full_default_params(WHISPER_SAMPLING_BEAM_SEARCH);
  params.beam_search.beam_size = 5;
  params.n_threads = threads;
  params.language = sw_language;
  params.translate = false;
  params.no_context = true;   /* the context is the prompt given, nothing else */
  params.n_max_text_ctx = 224; /* the prompt's tokens: half of whisper's text context */
  params.initial_prompt = live->prompt;
  params.print_progress = false;
  params.print_realtime = false;
  params.print_timestamps = false;
  params.print_special = false;
  params.suppress_blank = true;
  int passes = 0;
  if (seam) { /* one pass of whisper's decoder, as through a long file: see first_pass_only */
    params.encoder_begin_callback = first_pass_only;
    params.encoder_begin_callback_user_data = &passes;
  }
  /* Within a turn, the words this window begins with that the previous one heard, by time:
   * heard with the timed model. */
  int64_t heard_to = live->prompt && live->heard_to > from_ms ? live->heard_to - from_ms : -1;
  struct whisper_context *ctx = heard_to >= 0 && timed_context(live) ? live->timed : live->ctx;
  struct segments heard = {0};
  int status = recognise(ctx, params, pcm, 0, count, heard_to, seam, &heard);
  int64_t length_ms = (int64_t)count * 1000 / 16000;
  *resume_ms = from_ms + length_ms;
  if (status != 0) return status;
  /* The next window begins where the pass's last word ended. A pass that found nothing to
   * stop at in its first 5 s moves on by the whole window. */
  int64_t last = heard.count > 0 ? resume_after(&heard, length_ms) : 0;
  if (seam && last < 5000 && live->prompt && live->prompt[0]) {
    /* Nothing to stop at in the first 5 s of a window cut by its length, after a prompt: whisper
     * may have gone on from the prompt's last words and stopped there ("I am blocked" → "on
     * the", one segment for the whole window: 30 s lost in meeting 1, q8_0). Heard again
     * without it; a window with no speech gives nothing again. */
    segments_free(&heard);
    params.initial_prompt = NULL;
    passes = 0;
    status = recognise(ctx, params, pcm, 0, count, heard_to, seam, &heard);
    if (status != 0) return status;
    last = heard.count > 0 ? resume_after(&heard, length_ms) : 0;
  }
  if (seam && heard.count > 0 && ctx == live->ctx && unsure_end(&heard, length_ms) && timed_context(live)) {
    /* Where its words end is not known: heard again with their times. */
    segments_free(&heard);
    passes = 0;
    status = recognise(live->timed, params, pcm, 0, count, -1, seam, &heard);
    if (status != 0) return status;
    last = heard.count > 0 ? resume_after(&heard, length_ms) : 0;
  }
  bool resumes = seam && last >= 5000, within = resumes && last < heard.items[heard.count - 1].t1;
  if (resumes) *resume_ms = from_ms + last;
  int64_t last_word = within ? heard.items[heard.count - 1].last_word : -1;
  live->heard_to = last_word >= 0 ? from_ms + last_word + same_word_within : -1;
  if (live->heard_to < 0 && live->timed) { /* the next window is heard without times */
    whisper_free(live->timed);
    live->timed = NULL;
    malloc_trim(0); /* its pages back to the system, not kept by the allocator */
  }
  /* The prompt is what was said before the next window: without the last segment when that
   * window begins within it (with it, whisper began by going on from its words, then said
   * them again: "for the login page. The new endpoint…", or made up a phrase). */
  int told = within ? heard.count - 1 : heard.count;
  size_t length = 1;
  for (int i = 0; i < heard.count; i++) length += strlen(heard.items[i].text);
  free(live->prompt);
  live->prompt = seam ? needed(calloc(1, length)) : NULL; /* a new turn is a new speaker: no prompt */
  for (int i = 0; i < heard.count; i++) {
    segment(from_ms + heard.items[i].t0, from_ms + heard.items[i].t1, heard.items[i].text, user);
    if (live->prompt && i < told) strcat(live->prompt, heard.items[i].text);
  }
  segments_free(&heard);
  return 0;
}

/* The loaded model, which the live captions share (with a state of their own). */
struct whisper_context *sw_live_context(struct sw_live *live) { return live->ctx; }

void sw_live_close(struct sw_live *live) {
  whisper_free(live->ctx);
  if (live->timed) whisper_free(live->timed);
  free(live->model);
  free(live->prompt);
  free(live);
}
