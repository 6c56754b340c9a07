/* Live captions: what is said, shown while it is said. A thread of scrumdinger-transcribe's
 * own beside the meeting's 30-second windows, with the same loaded model (a whisper_state of
 * its own, so a window being heard never holds a caption back) and one CPU thread at the
 * helper's idle priority. It follows whisper.cpp's streaming example: every step (1.5 s of new
 * audio) it decodes the current line's audio, from where the line began to the newest sample,
 * greedily and with no prompt (the line's earlier words as the prompt made whisper leave out
 * the phrase after them, and gave worse words overall). The words three decodes in a row agree
 * on are final and never change (with two, whisper's guess at a word just begun, from a second
 * of audio after it, was often made final; the changing words are on screen at once all the
 * same), or two where more than 14 words follow it (heard with seconds of speech after it:
 * early in a line whisper may hear a word otherwise from one decode to the next, so three in a
 * row seldom agreed and the word was taken back and shown again for seconds); the rest is said
 * as changing words. A word is a run between spaces, or a character of a script written
 * without them (Chinese, Japanese, Thai: `split`). The line ends, all its words final, once the
 * speaker pauses, or at 12 s, at the silence before its last stretch of speech (a cut is where
 * whisper hears worst: at 8 s there were more of them, past 12 s a line's decodes began to say
 * earlier phrases again). Figures: docs/performance.md. Silero's voice activity
 * detection (whisper.cpp's own) decides what is speech: silence and noise are never decoded,
 * so never give whisper's inventions ("Thank you."); whisper's notes ("[BLANK_AUDIO]",
 * "(beep)") are dropped as in the transcript. A change of turn (a line "turn MS" on standard
 * input) ends the line. Each step says how far it heard ("to"), so the app can tell a machine
 * that falls behind. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <whisper.h>

#include "captions.h"

enum {
  RATE = 16000,
  STEP = RATE * 3 / 2,   /* a step for each 1.5 s of new audio (a step a second cost 68 % of a core) */
  LONGEST = 12 * RATE,   /* a line this long is final as it stands */
  PAUSE = RATE,          /* a second without speech after the last words ends the line */
  KEEP = RATE * 3 / 10,  /* of a silence dropped, what is kept before the next words */
  SHORTEST = RATE / 5,   /* under 0.2 s: nothing whisper can hear */
  LOADING = 3 * RATE,    /* how much of the meeting the helper may miss while it loads the model */
  AGREE = 3,             /* decodes in a row that must say a word near the audio's end for it to be final */
  HEARD = 14,            /* words after it in the decode: a word this far back, two decodes are enough */
  WORDS = 256,           /* a decode's words, at most */
};

struct sw_captions {
  struct whisper_context *ctx;
  struct whisper_state *state;
  struct whisper_vad_context *vad;
  int fd;
  sw_say_fn say;
  pthread_t thread;
  pthread_mutex_t lock;
  int64_t turn; /* a change of turn not yet taken, in samples (-1: none) */
  bool stop;
  int64_t line; /* where the line under way began, in samples */
  int64_t heard; /* how far the last step decoded */
  int agreed;        /* the line's words that are final */
  int said[AGREE - 1];              /* the changing words each earlier decode gave, newest first */
  char last[AGREE - 1][WORDS][48]; /* those words, lined up after the line's final ones */
  char words[2048];   /* the line's final words */
};

/* Whether `text` is whisper's note on what is not speech: "[BLANK_AUDIO]", "(beep)". */
static bool is_note(const char *text) {
  while (*text == ' ') text++;
  size_t length = strlen(text);
  while (length > 0 && text[length - 1] == ' ') length--;
  return length == 0 || (length >= 2 && ((text[0] == '[' && text[length - 1] == ']') ||
                                         (text[0] == '(' && text[length - 1] == ')')));
}

int sw_utf8_length(const unsigned char *c) {
  if (c[0] < 0x80) return 1;
  int length = c[0] >= 0xC2 && c[0] <= 0xDF ? 2 : c[0] >= 0xE0 && c[0] <= 0xEF ? 3 : c[0] >= 0xF0 && c[0] <= 0xF4 ? 4 : 0;
  for (int i = 1; i < length; i++) {
    if ((c[i] & 0xC0) != 0x80) return 0; /* also where the text ends within the character */
  }
  /* No overlong form, no surrogate, nothing past U+10FFFF. */
  if ((c[0] == 0xE0 && c[1] < 0xA0) || (c[0] == 0xED && c[1] >= 0xA0) || (c[0] == 0xF0 && c[1] < 0x90) ||
      (c[0] == 0xF4 && c[1] >= 0x90))
    return 0;
  return length;
}

/* Appends `text` to `out` (of `size` bytes) as a JSON string's content: whole characters,
 * bytes that are none left out (sw_utf8_length). */
static void json_append(char *out, size_t size, const char *text) {
  size_t at = strlen(out);
  for (const unsigned char *c = (const unsigned char *)text; *c;) {
    int length = sw_utf8_length(c);
    if (length == 0) {
      c++;
      continue;
    }
    if (at + (size_t)length + 8 >= size) break;
    if (*c == '"' || *c == '\\') {
      at += (size_t)snprintf(out + at, size - at, "\\%c", *c);
    } else if (*c < 0x20) {
      at += (size_t)snprintf(out + at, size - at, "\\u%04x", *c);
    } else {
      memcpy(out + at, c, (size_t)length);
      at += (size_t)length;
    }
    c += length;
  }
  out[at] = '\0';
}

/* Says `text` (final or changing) heard up to sample `to`. */
static void say(struct sw_captions *captions, const char *text, bool final, int64_t to) {
  char line[4096] = "{\"caption\":\"";
  json_append(line, sizeof line - 64, text);
  size_t at = strlen(line);
  snprintf(line + at, sizeof line - at, "\",\"final\":%s,\"to\":%lld}\n", final ? "true" : "false",
           (long long)(to * 1000 / RATE));
  captions->say(line);
}

/* Samples [from, to) of the growing file; NULL when they cannot be read. */
static float *samples(struct sw_captions *captions, int64_t from, int64_t to) {
  float *pcm = malloc((size_t)(to - from) * sizeof *pcm);
  if (!pcm) return NULL;
  if (pread(captions->fd, pcm, (size_t)(to - from) * sizeof *pcm, (off_t)(from * 4)) != (ssize_t)((to - from) * 4)) {
    free(pcm);
    return NULL;
  }
  return pcm;
}

/* The speech in `pcm` as Silero hears it: how many stretches, where the first begins and the
 * last ends, and the silence before the last (the middle of it), in samples. */
struct speech {
  int stretches;
  int64_t first, last_ends, before_last;
};

static struct speech speech_in(struct sw_captions *captions, const float *pcm, int count) {
  struct whisper_vad_params params = whisper_vad_default_params();
  struct whisper_vad_segments *found = whisper_vad_segments_from_samples(captions->vad, params, pcm, count);
  struct speech heard = {found ? whisper_vad_segments_n_segments(found) : 0, 0, 0, 0};
  int n = heard.stretches;
  if (n > 0) { /* centiseconds */
    heard.first = (int64_t)(whisper_vad_segments_get_segment_t0(found, 0) * RATE / 100);
    heard.last_ends = (int64_t)(whisper_vad_segments_get_segment_t1(found, n - 1) * RATE / 100);
  }
  if (n > 1) {
    heard.before_last = (int64_t)((whisper_vad_segments_get_segment_t1(found, n - 2) +
                                   whisper_vad_segments_get_segment_t0(found, n - 1)) * RATE / 200);
  }
  if (found) whisper_vad_free_segments(found);
  return heard;
}

/* A word as compared between two decodes: its letters and digits, lower case. */
static void plain(const char *word, char *out, size_t size) {
  size_t at = 0;
  for (const char *c = word; *c && at + 1 < size; c++) {
    if ((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9')) out[at++] = *c;
    else if (*c >= 'A' && *c <= 'Z') out[at++] = (char)(*c - 'A' + 'a');
    else if ((unsigned char)*c >= 0x80) out[at++] = *c;
  }
  out[at] = '\0';
}

static bool same_word(const char *a, const char *b) {
  char x[64], y[64];
  plain(a, x, sizeof x);
  plain(b, y, sizeof y);
  return strcmp(x, y) == 0;
}

/* Each character of a script written without spaces is a word of its own here, so its words
 * become final one by one as English words do, and none is ever split. */
bool sw_spaceless(const unsigned char *c, int length) {
  uint32_t code = c[0];
  if (length == 4) {
    code = (uint32_t)(c[0] & 0x07) << 18 | (uint32_t)(c[1] & 0x3F) << 12 | (uint32_t)(c[2] & 0x3F) << 6 | (c[3] & 0x3F);
  } else if (length == 3) {
    code = (uint32_t)(c[0] & 0x0F) << 12 | (uint32_t)(c[1] & 0x3F) << 6 | (c[2] & 0x3F);
  } else if (length == 2) {
    code = (uint32_t)(c[0] & 0x1F) << 6 | (c[1] & 0x3F);
  }
  return (code >= 0x0E00 && code <= 0x0FFF) || (code >= 0x1000 && code <= 0x109F) || (code >= 0x1780 && code <= 0x17FF) ||
         (code >= 0x2E80 && code <= 0x2FDF) || (code >= 0x3000 && code <= 0x31FF) || (code >= 0x3400 && code <= 0x4DBF) ||
         (code >= 0x4E00 && code <= 0x9FFF) || (code >= 0xF900 && code <= 0xFAFF) || (code >= 0xFE30 && code <= 0xFE4F) ||
         (code >= 0xFF01 && code <= 0xFF0F) || (code >= 0xFF1A && code <= 0xFF20) || (code >= 0xFF3B && code <= 0xFF40) ||
         (code >= 0xFF5B && code <= 0xFF9F) || (code >= 0x20000 && code <= 0x3FFFF);
}

/* Splits `text` into `words`, copied into `store` (of `size` bytes) each ending in a NUL: runs
 * between spaces, each character of a script written without them a word of its own. Bytes
 * that are no whole character are left out: Whisper's tokens are bytes, and a decode cut at
 * its most tokens, or a model unsure of what it hears (espeak-ng's French, with base), can say
 * part of one. How many. */
static int split(const char *text, char *store, size_t size, char **words, int most) {
  int n = 0;
  size_t at = 0;
  bool open = false;
  for (const unsigned char *c = (const unsigned char *)text; *c && n < most && at + 6 < size;) {
    int length = sw_utf8_length(c);
    if (length == 0) {
      c++;
      continue;
    }
    bool alone = sw_spaceless(c, length);
    if (*c == ' ' || alone) {
      if (open) store[at++] = '\0';
      open = false;
    }
    if (*c == ' ') {
      c++;
      continue;
    }
    if (!open) words[n++] = store + at;
    memcpy(store + at, c, (size_t)length);
    at += (size_t)length;
    c += length;
    open = !alone;
    if (alone) store[at++] = '\0';
  }
  if (open) store[at++] = '\0';
  return n;
}

/* Appends `word` to `into` (of `size` bytes) as it is written: after a space, unless it or
 * the text before is of a script written without spaces. */
static void append_word(char *into, size_t size, const char *word) {
  size_t have = strlen(into);
  bool joined = sw_spaceless((const unsigned char *)word, sw_utf8_length((const unsigned char *)word));
  for (size_t back = have; back > 0 && !joined; back--) {
    const unsigned char *last = (const unsigned char *)into + back - 1;
    if ((*last & 0xC0) != 0x80) { /* the first byte of the last character */
      joined = sw_spaceless(last, sw_utf8_length(last));
      break;
    }
  }
  if (!joined) strncat(into, " ", size - strlen(into) - 1);
  strncat(into, word, size - strlen(into) - 1);
}

/* How many of the `n` words to keep where a decode ran into a loop (whisper says a phrase
 * again and again over the end of short audio: "Ask what you can do. Ask what you can do."):
 * up to the end of the phrase's first saying. */
static int unlooped(char **words, int n) {
  for (int i = 0; i < n; i++) {
    for (int m = 1; m <= 12 && i + 2 * m <= n; m++) {
      int same = 0;
      while (same < m && same_word(words[i + same], words[i + m + same])) same++;
      if (same == m && (m > 1 || (i + 3 < n && same_word(words[i], words[i + 3])))) return i + m;
    }
  }
  return n;
}

/* Whisper's words for `count` samples of `pcm` (whisper's notes left out) into `text`. */
static bool decode(struct sw_captions *captions, const float *pcm, int count, char *text, size_t size) {
  struct whisper_full_params params = whisper_full_default_params(WHISPER_SAMPLING_GREEDY);
  params.n_threads = 1;
  params.language = sw_language;
  params.no_context = true;
  params.n_max_text_ctx = 64;
  params.print_progress = params.print_realtime = params.print_timestamps = params.print_special = false;
  params.suppress_blank = true;
  params.suppress_nst = true;
  params.temperature_inc = 0; /* no second decode at a higher temperature: a caption is a draft */
  params.max_tokens = 16 + 8 * count / RATE; /* more than anyone says; a loop stops there */
  /* Whisper's encoder takes 30 s whatever the audio: told how long the audio is, it costs what
   * the audio does (the stream example's -ac). With 1.3 s to spare: with less, or 5 s, tiny.en
   * said phrases again and again over the end (JFK's sample, measured). */
  params.audio_ctx = count / (RATE / 50) + 64;
  if (params.audio_ctx >= 1500) params.audio_ctx = 0;
  if (whisper_full_with_state(captions->ctx, captions->state, params, pcm, count) != 0) return false;
  text[0] = '\0';
  for (int i = 0; i < whisper_full_n_segments_from_state(captions->state); i++) {
    const char *piece = whisper_full_get_segment_text_from_state(captions->state, i);
    if (!is_note(piece)) strncat(text, piece, size - strlen(text) - 1);
  }
  return true;
}

/* Where the words after the line's final ones begin in a new decode of the line: just after
 * the decode's saying of the final words' last ones (up to three) nearest their count, since
 * whisper may hear the line's start a little differently each time (a word more or less), or
 * at their count where it does not say them. */
static int after_final(struct sw_captions *captions, char **words, int n) {
  char copy[sizeof captions->words + WORDS], *final[WORDS];
  int f = split(captions->words, copy, sizeof copy, final, WORDS), near = captions->agreed < n ? captions->agreed : n;
  for (int m = f < 3 ? f : 3; m >= 1; m--) {
    int best = -1;
    for (int at = m; at <= n; at++) {
      int same = 0;
      while (same < m && same_word(words[at - m + same], final[f - m + same])) same++;
      if (same == m && (best < 0 || abs(at - captions->agreed) < abs(best - captions->agreed))) best = at;
    }
    if (best >= 0 && abs(best - captions->agreed) <= 3) return best;
  }
  return near;
}

/* Whether the `decodes` earlier decodes said `word` as their `at`-th changing word. */
static bool said_before(struct sw_captions *captions, const char *word, int at, int decodes) {
  for (int k = 0; k < decodes; k++) {
    if (at >= captions->said[k] || !same_word(word, captions->last[k][at])) return false;
  }
  return true;
}

/* A new line: nothing of it final, no changing words to agree with. */
static void forget_changing(struct sw_captions *captions) {
  captions->agreed = 0;
  memset(captions->said, 0, sizeof captions->said);
}

/* One step over the line's audio up to sample `to` (`ending`: the turn ends there). The words
 * AGREE decodes in a row agree on (two, more than HEARD words back), after the line's final
 * words, are final; the rest still
 * change. The line ends (all its words final) where the speaker pauses, at the turn's end, or
 * once it is LONGEST: then at the silence before its last stretch of speech, so that no word
 * is cut in two (the last stretch begins the next line), or where it is if it has no silence. */
static void step(struct sw_captions *captions, int64_t to, bool ending) {
  int64_t from = captions->line;
  captions->heard = to;
  int count = (int)(to - from);
  float *pcm = count >= SHORTEST ? samples(captions, from, to) : NULL;
  struct speech heard = pcm ? speech_in(captions, pcm, count) : (struct speech){0};
  if (heard.stretches == 0) {
    if (count > PAUSE) captions->line = to - KEEP; /* nothing said: the silence is let go */
    forget_changing(captions);
    say(captions, "", ending, to);
    free(pcm);
    return;
  }
  bool paused = ending || count - heard.last_ends >= PAUSE, whole = paused || count >= LONGEST;
  int64_t skip = heard.first > KEEP ? heard.first - KEEP : 0; /* the silence before the words */
  int64_t ends = count;
  if (!paused && whole && heard.stretches > 1 && heard.before_last - skip >= SHORTEST) ends = heard.before_last;
  char text[2048], store[2048 + WORDS], *words[WORDS];
  int64_t through = ends;
  if (ends < count) {
    /* Cut there, the line's audio is followed by a second of silence, as a pause leaves it:
     * whisper hears the words before the cut better so (the bench's 3 minutes: WER 25.9 %
     * without, 20.8 % and 19.4 % with, in two runs). */
    float *padded = realloc(pcm, (size_t)(ends + PAUSE) * sizeof *pcm);
    if (!padded) _exit(5); /* a want of memory */
    pcm = padded;
    memset(pcm + ends, 0, (size_t)PAUSE * sizeof *pcm);
    through = ends + PAUSE;
  }
  bool decoded = decode(captions, pcm + skip, (int)(through - skip), text, sizeof text);
  free(pcm);
  if (!decoded) return;
  int n = split(text, store, sizeof store, words, WORDS);
  n = unlooped(words, n);
  /* Final: after the words already final, those the earlier decodes said there too, in order,
   * or all of them at the line's end. */
  int start = after_final(captions, words, n), agreed = start;
  if (whole) agreed = n;
  while (agreed < n && said_before(captions, words[agreed], agreed - start, n - agreed > HEARD ? 1 : AGREE - 1)) {
    agreed++;
  }
  char done[2048] = "", changing[2048] = "";
  for (int i = start; i < n; i++) {
    append_word(i < agreed ? done : changing, sizeof done, words[i]);
  }
  if (done[0]) {
    say(captions, done, true, to);
    size_t have = strlen(captions->words), add = strlen(done);
    if (have + add < sizeof captions->words) memcpy(captions->words + have, done, add + 1);
  }
  if (whole) {
    captions->words[0] = '\0';
    captions->line = from + ends;
    forget_changing(captions);
    if (!done[0]) say(captions, "", true, to);
    return;
  }
  int newly = agreed - start;
  captions->agreed += newly;
  /* Each earlier decode moves back one, less the words just made final. */
  for (int k = AGREE - 2; k >= 1; k--) {
    captions->said[k] = captions->said[k - 1] > newly ? captions->said[k - 1] - newly : 0;
    memcpy(captions->last[k], captions->last[k - 1] + newly, (size_t)captions->said[k] * sizeof captions->last[k][0]);
  }
  captions->said[0] = n - agreed;
  for (int i = 0; i < captions->said[0]; i++) snprintf(captions->last[0][i], sizeof captions->last[0][i], "%s", words[agreed + i]);
  say(captions, changing, false, to);
}

static void *run(void *data) {
  struct sw_captions *captions = data;
  for (;;) {
    nanosleep(&(struct timespec){0, 100000000}, NULL);
    pthread_mutex_lock(&captions->lock);
    bool stop = captions->stop;
    int64_t turn = captions->turn;
    captions->turn = -1;
    pthread_mutex_unlock(&captions->lock);
    if (stop) return NULL;
    struct stat info;
    if (fstat(captions->fd, &info) != 0) return NULL;
    int64_t end = info.st_size / 4;
    if (turn >= 0) {
      if (turn > captions->line) step(captions, turn < end ? turn : end, true);
      captions->line = turn > captions->line ? turn : captions->line;
      captions->words[0] = '\0';
    } else if (end - captions->heard >= STEP) {
      step(captions, end, false);
    }
  }
}

struct sw_captions *sw_captions_start(struct whisper_context *ctx, const char *vad_model, int fd, sw_say_fn say_line,
                                      char *error, size_t error_size) {
  struct whisper_vad_context_params vad_params = whisper_vad_default_context_params();
  vad_params.n_threads = 1;
  vad_params.use_gpu = false;
  struct whisper_vad_context *vad = whisper_vad_init_from_file_with_params(vad_model, vad_params);
  if (!vad) {
    snprintf(error, error_size, "the voice activity model %s could not be loaded", vad_model);
    return NULL;
  }
  struct whisper_state *state = whisper_init_state(ctx);
  struct sw_captions *captions = calloc(1, sizeof *captions);
  if (!state || !captions) _exit(5); /* a want of memory */
  *captions = (struct sw_captions){.ctx = ctx, .state = state, .vad = vad, .fd = fd, .say = say_line, .turn = -1};
  struct stat info;
  /* From what was said while the model loaded on: the meeting's first words too. */
  int64_t size = fstat(fd, &info) == 0 ? info.st_size / 4 : 0;
  captions->line = captions->heard = size > LOADING ? size - LOADING : 0;
  pthread_mutex_init(&captions->lock, NULL);
  if (pthread_create(&captions->thread, NULL, run, captions) != 0) _exit(5);
  return captions;
}

void sw_captions_turn(struct sw_captions *captions, int64_t at_ms) {
  pthread_mutex_lock(&captions->lock);
  captions->turn = at_ms * RATE / 1000;
  pthread_mutex_unlock(&captions->lock);
}

void sw_captions_stop(struct sw_captions *captions) {
  pthread_mutex_lock(&captions->lock);
  captions->stop = true;
  pthread_mutex_unlock(&captions->lock);
  pthread_join(captions->thread, NULL);
  whisper_free_state(captions->state);
  whisper_vad_free(captions->vad);
  pthread_mutex_destroy(&captions->lock);
  free(captions);
}
