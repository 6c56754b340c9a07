/* scrumdinger-transcribe: speech to text in a process of its own, so that a model file
 * whisper.cpp cannot parse (its loader is not hardened against malformed input) takes down
 * this process, never the app, and the recogniser's memory leaves with it. The app starts it
 * with GSubprocess and reads its standard output line by line on its main loop.
 *
 *   Each form may begin with "--language CODE" (Whisper's code, "en" unless given): what is
 *   heard, never detected, never translated; a model that hears English only refuses others.
 *   scrumdinger-transcribe --languages             Whisper's language codes, one a line
 *   scrumdinger-transcribe MODEL SAMPLES THREADS [CUTS [FROM]]
 *       SAMPLES: raw 16 kHz mono 32-bit floats; CUTS: where the turns changed, in milliseconds
 *       from the start, comma-separated: a segment across one is recognised again in pieces;
 *       FROM: where to begin, in milliseconds (what came before was heard during the meeting)
 *   scrumdinger-transcribe --probe MODEL           loads the model and lets it go
 *   scrumdinger-transcribe --live MODEL SAMPLES [VAD]
 *       a meeting's windows while it runs: SAMPLES grows as the meeting is recorded; each line
 *       on standard input, "FROM TO SEAM [THREADS]" (milliseconds; TO -1: to the end of the
 *       file, now complete; SEAM 1: cut by the window's length, not at a change of turn, and
 *       with TO -1 cut there when the rest is longer than 30 s; THREADS: 1 unless given, at
 *       most 4), is one window, recognised once the file holds it (waiting up to 10 s), then
 *       answered with its segments and {"done":RESUME}: where the next window begins (-1
 *       after the last). It runs at idle priority, CPU and disk; the end of its input ends it.
 *       With VAD (Silero's voice activity model), live captions as well, from a thread of
 *       their own (captions.c): {"caption":"…","final":true|false,"to":MS} lines as the file
 *       grows, and a line "turn MS" on standard input says where a turn changed.
 *
 * Standard output, one JSON object a line: {"progress":40}, {"start":0,"end":7600,"text":"…"}
 * for each segment, {"error":"…"} when it cannot. Exit status: 0 done; 2 a problem said in
 * an error line; 3 the model could not be loaded; 5 it ran out of memory, loading the model
 * or later (the model may be fine: the app does not set it aside). SIGTERM stops it. After the meeting it runs at
 * nice 10, as the in-process recogniser's thread did; during one, at idle priority. Built by prepare.sh with bridge.c, beside libwhisper. */
#define _GNU_SOURCE /* SCHED_IDLE */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "captions.h"

int sw_transcribe(const char *model, const float *pcm, int count, const int *cuts, int cut_count, int threads,
                  void (*progress)(int, void *), bool (*abort)(void *),
                  void (*segment)(int64_t, int64_t, const char *, void *), void *user, char *error, size_t error_size);
int sw_probe(const char *model, char *error, size_t error_size);
struct sw_live;
struct sw_live *sw_live_open(const char *model, char *error, size_t error_size);
int sw_live_window(struct sw_live *live, const float *pcm, int count, int64_t from_ms, bool seam, int threads,
                   void (*segment)(int64_t, int64_t, const char *, void *), void *user, int64_t *resume_ms);
void sw_live_close(struct sw_live *live);
struct whisper_context *sw_live_context(struct sw_live *live);
bool sw_hears_language(struct whisper_context *ctx);
int whisper_lang_id(const char *lang);
int whisper_lang_max_id(void);
const char *whisper_lang_str(int id);

/* Writes `text` as a JSON string: whole UTF-8 characters, bytes that are none left out (a
 * segment Whisper ended within a character, a code given on the command line). */
static void json_string(const char *text) {
  putchar('"');
  for (const unsigned char *c = (const unsigned char *)text; *c;) {
    int length = sw_utf8_length(c);
    if (length == 0) {
      c++;
      continue;
    }
    if (*c == '"' || *c == '\\') printf("\\%c", *c);
    else if (*c < 0x20) printf("\\u%04x", *c);
    else fwrite(c, 1, (size_t)length, stdout);
    c += length;
  }
  putchar('"');
}

static void say_error(const char *reason) {
  flockfile(stdout);
  printf("{\"error\":");
  json_string(reason);
  printf("}\n");
  fflush(stdout);
  funlockfile(stdout);
}

static void on_progress(int percent, void *user) {
  (void)user;
  printf("{\"progress\":%d}\n", percent);
  fflush(stdout);
}

static bool never(void *user) {
  (void)user;
  return false;
}

/* Whether a segment was written: a crash before one is the model's loading. */
static volatile sig_atomic_t spoke = 0;

/* Where the samples recognised begin in the recording, in milliseconds (FROM). */
static int64_t offset_ms = 0;

static void on_segment(int64_t start, int64_t end, const char *text, void *user) {
  spoke = 1;
  (void)user;
  flockfile(stdout); /* a whole line, never within a caption's */
  printf("{\"start\":%lld,\"end\":%lld,\"text\":", (long long)(start + offset_ms), (long long)(end + offset_ms));
  json_string(text ? text : "");
  printf("}\n");
  fflush(stdout);
  funlockfile(stdout);
}

/* A caption's line, whole (captions.c writes from a thread of its own). */
static void say_line(const char *line) {
  flockfile(stdout);
  fputs(line, stdout);
  fflush(stdout);
  funlockfile(stdout);
}

/* An allocation that fails while the model loads ends in abort() (whisper.cpp's loader throws
 * std::bad_alloc, which nothing catches): a want of memory, not a bad model, so it exits 5.
 * Any other abort stays an abort. */
static void on_abort(int sig) {
  if (!spoke && errno == ENOMEM) _exit(5);
  signal(sig, SIG_DFL);
  raise(sig);
}

/* Whether the file at `model` starts as a whisper.cpp model does: the magic "ggml", then its
 * hyperparameters within the ranges of the models there are (n_vocab, n_audio_ctx,
 * n_audio_state, n_audio_head, n_audio_layer, n_text_ctx, n_text_state, n_text_head,
 * n_text_layer, n_mels, ftype). Random bytes behind the magic would make the loader ask for
 * absurd amounts of memory, which must not pass for the computer's want of memory. */
static bool sane_header(const char *model) {
  static const int32_t most[11] = {100000, 4096, 8192, 128, 128, 4096, 8192, 128, 128, 512, 1000 * 16 + 99};
  FILE *file = fopen(model, "rb");
  if (!file) return false;
  uint32_t magic = 0;
  int32_t hparams[11];
  bool read = fread(&magic, 4, 1, file) == 1 && fread(hparams, 4, 11, file) == 11;
  fclose(file);
  if (!read || magic != 0x67676d6c) return false;
  for (int i = 0; i < 11; i++) {
    if (hparams[i] < (i == 10 ? 0 : 1) || hparams[i] > most[i]) return false;
  }
  return true;
}

/* The samples file at `path`, opened to read only if it is a regular file: a link is not
 * followed and a pipe not waited on (opened without blocking, judged by fstat on what was
 * opened); NULL otherwise. */
static FILE *open_samples(const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  struct stat info;
  if (fd < 0) return NULL;
  if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    close(fd);
    return NULL;
  }
  FILE *file = fdopen(fd, "rb");
  if (!file) close(fd);
  return file;
}

/* Idle priority for CPU and disk: the meeting under way never waits for its transcript. */
static void idle_priority(void) {
  struct sched_param none = {0};
  if (sched_setscheduler(0, SCHED_IDLE, &none) != 0) setpriority(PRIO_PROCESS, 0, 19);
  syscall(SYS_ioprio_set, 1 /* IOPRIO_WHO_PROCESS */, 0, 3 << 13 /* IOPRIO_CLASS_IDLE */);
}

/* Samples [from, to) of the growing file `fd` (to -1: to its end, at most `most` of them),
 * waiting up to 10 s for the recording to reach `to`; how many were read into *pcm
 * (malloc'd), or -1. */
static int read_window(int fd, int64_t from, int64_t to, int64_t most, float **pcm) {
  struct stat info;
  for (int waited = 0;; waited++) {
    if (fstat(fd, &info) != 0) return -1;
    if (to < 0 || info.st_size >= to * 4 || waited == 100) break;
    nanosleep(&(struct timespec){0, 100000000}, NULL);
  }
  int64_t have = info.st_size / 4, end = to < 0 || to > have ? have : to;
  if (to < 0 && end > from + most) end = from + most;
  int count = end > from ? (int)(end - from) : 0;
  *pcm = malloc((size_t)count * 4 + 4);
  if (!*pcm) _exit(5); /* a want of memory: see on_abort */
  if (count > 0 && pread(fd, *pcm, (size_t)count * 4, from * 4) != (ssize_t)count * 4) return -1;
  return count;
}

/* What whisper hears at once: 30 s of samples. */
#define WINDOW (30 * 16000)

static int live(const char *model, const char *samples, const char *vad) {
  idle_priority();
  char reason[512] = "";
  struct sw_live *live = sw_live_open(model, reason, sizeof reason);
  if (!live) {
    say_error(reason);
    return 3;
  }
  if (!sw_hears_language(sw_live_context(live))) {
    snprintf(reason, sizeof reason, "the speech model hears English only, not \"%s\"", sw_language);
    say_error(reason);
    return 2;
  }
  FILE *file = open_samples(samples);
  if (!file) {
    say_error("the meeting's audio could not be read");
    return 2;
  }
  struct sw_captions *captions = NULL;
  if (vad && !(captions = sw_captions_start(sw_live_context(live), vad, fileno(file), say_line, reason, sizeof reason))) {
    say_error(reason);
    return 2;
  }
  char line[128];
  long long from, to;
  int seam, threads;
  while (fgets(line, sizeof line, stdin)) {
    if (captions && sscanf(line, "turn %lld", &from) == 1 && from >= 0) {
      sw_captions_turn(captions, from);
      continue;
    }
    int fields = sscanf(line, "%lld %lld %d %d", &from, &to, &seam, &threads);
    if (fields < 3 || from < 0) continue;
    if (fields < 4 || threads < 1) threads = 1;
    if (threads > 4) threads = 4;
    float *pcm = NULL;
    /* The rest of a complete recording (TO -1) is heard as the windows before it were, 30 s at
     * a time where it is longer (the helper had fallen behind): a window cut by its length,
     * answered with where the next begins, which the app then asks for. In one run of
     * whisper's own, a segment ended at 30 s lost the words after it (as a window did before
     * resume_after), so the transcript changed with how far behind the helper was. */
    bool rest = to < 0;
    int count = read_window(fileno(file), from * 16, rest ? -1 : to * 16, seam == 1 ? WINDOW + 1 : INT32_MAX, &pcm);
    if (rest && seam == 1 && count > WINDOW) {
      count = WINDOW;
      to = from + WINDOW / 16;
      rest = false;
    }
    /* Audio not in the file after the wait is not skipped: the next window asks for it again. */
    int64_t resume = rest || count >= (to - from) * 16 ? to : from + count / 16;
    if (count < 0) {
      free(pcm);
      say_error("the meeting's audio could not be read");
      return 2;
    }
    if (count >= 16000 / 5) { /* under 0.2 s: nothing whisper can hear */
      int64_t heard = resume;
      int status = sw_live_window(live, pcm, count, from, seam == 1 && !rest, threads, on_segment, NULL, &heard);
      if (!rest && heard < resume) resume = heard; /* a word across the seam: the next window has it */
      if (status != 0) {
        free(pcm);
        snprintf(reason, sizeof reason, "whisper could not transcribe the recording (status %d)", status);
        say_error(reason);
        return 2;
      }
    }
    free(pcm);
    char done[64];
    snprintf(done, sizeof done, "{\"done\":%lld}\n", rest ? -1LL : (long long)resume);
    say_line(done);
  }
  if (captions) sw_captions_stop(captions);
  fclose(file);
  sw_live_close(live);
  return 0;
}

int main(int argc, char **argv) {
  signal(SIGABRT, on_abort);
  if (argc == 2 && strcmp(argv[1], "--languages") == 0) {
    for (int id = 0; id <= whisper_lang_max_id(); id++) printf("%s\n", whisper_lang_str(id));
    return 0;
  }
  /* The language first, checked against whisper's own list: a code from a synced file that
   * whisper does not know never reaches it (whisper would fall back to detection). */
  if (argc >= 3 && strcmp(argv[1], "--language") == 0) {
    int id = whisper_lang_id(argv[2]); /* which also takes a name ("german"): the code alone is asked for */
    if (id < 0 || strcmp(whisper_lang_str(id), argv[2]) != 0) {
      char reason[128];
      snprintf(reason, sizeof reason, "the language \"%.40s\" is not one whisper hears", argv[2]);
      say_error(reason);
      return 2;
    }
    sw_language = argv[2];
    argc -= 2;
    argv += 2;
  }
  bool probe = argc == 3 && strcmp(argv[1], "--probe") == 0, live_mode = (argc == 4 || argc == 5) && strcmp(argv[1], "--live") == 0;
  const char *model = probe || live_mode ? argv[2] : argc > 1 ? argv[1] : NULL;
  if (model && argc >= 3 && argc <= 6 && !sane_header(model)) {
    char reason[600];
    snprintf(reason, sizeof reason, "the speech model %s is not a whisper.cpp model", model);
    say_error(reason);
    return 3;
  }
  setenv("GGML_NO_BACKTRACE", "1", 1); /* a failed assertion aborts at once, without a debugger's backtrace */
  if (live_mode) return live(argv[2], argv[3], argc == 5 ? argv[4] : NULL);
  setpriority(PRIO_PROCESS, 0, 10);
  char reason[512] = "";
  if (probe) {
    if (sw_probe(argv[2], reason, sizeof reason) != 0) {
      say_error(reason);
      return 3;
    }
    return 0;
  }
  if (argc < 4 || argc > 6) {
    fprintf(stderr, "usage: %s MODEL SAMPLES THREADS [CUTS [FROM]] | --probe MODEL | --live MODEL SAMPLES [VAD]\n", argv[0]);
    return 2;
  }
  FILE *file = open_samples(argv[2]);
  if (!file) {
    say_error("the decoded audio could not be read");
    return 2;
  }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  rewind(file);
  float *pcm = size > 0 ? malloc((size_t)size) : NULL;
  if (size > 0 && !pcm) _exit(5); /* a want of memory: see on_abort */
  if (size <= 0 || fread(pcm, 1, (size_t)size, file) != (size_t)size) {
    fclose(file);
    say_error("the decoded audio could not be read");
    return 2;
  }
  fclose(file);
  int threads = atoi(argv[3]) > 0 ? atoi(argv[3]) : 1;
  long first = argc == 6 && atol(argv[5]) > 0 ? atol(argv[5]) * 16 : 0;
  if (first >= size / 4) first = size / 4;
  offset_ms = first / 16;
  size -= first * 4;
  if (size / 4 < 16000 / 5) { /* what is left is under 0.2 s: nothing whisper can hear */
    free(pcm);
    on_progress(100, NULL);
    return 0;
  }
  /* The cuts as sample positions after FROM: increasing, each within the audio (others are
   * left out). */
  int cuts[1024], cut_count = 0;
  for (char *next = argc >= 5 ? argv[4] : NULL; next && *next && cut_count < 1024;) {
    char *end;
    long milliseconds = strtol(next, &end, 10);
    long sample = milliseconds * 16 - first;
    if (end != next && sample > (cut_count ? cuts[cut_count - 1] : 0) && sample < size / 4) cuts[cut_count++] = (int)sample;
    next = *end == ',' ? end + 1 : NULL;
  }
  int status = sw_transcribe(argv[1], pcm + first, (int)(size / 4), cuts, cut_count, threads, on_progress, never, on_segment,
                             NULL, reason, sizeof reason);
  free(pcm);
  if (status != 0) {
    say_error(reason);
    return status == -2 ? 3 : 2;
  }
  return 0;
}
