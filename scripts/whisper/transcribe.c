/* scrumdinger-transcribe: speech to text in a process of its own, so that a model file
 * whisper.cpp cannot parse (its loader is not hardened against malformed input) takes down
 * this process, never the app, and the recogniser's memory leaves with it. The app starts it
 * with GSubprocess and reads its standard output line by line on its main loop.
 *
 *   scrumdinger-transcribe MODEL SAMPLES THREADS [CUTS]
 *       SAMPLES: raw 16 kHz mono 32-bit floats; CUTS: where the turns changed, in milliseconds
 *       from the start, comma-separated: a segment across one is recognised again in pieces
 *   scrumdinger-transcribe --probe MODEL           loads the model and lets it go
 *
 * Standard output, one JSON object a line: {"progress":40}, {"start":0,"end":7600,"text":"…"}
 * for each segment, {"error":"…"} when it cannot. Exit status: 0 done; 2 a problem said in
 * an error line; 3 the model could not be loaded. SIGTERM stops it. It runs at nice 10, as
 * the in-process recogniser's thread did. Built by prepare.sh with bridge.c, beside libwhisper. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

int sw_transcribe(const char *model, const float *pcm, int count, const int *cuts, int cut_count, int threads,
                  void (*progress)(int, void *), bool (*abort)(void *),
                  void (*segment)(int64_t, int64_t, const char *, void *), void *user, char *error, size_t error_size);
int sw_probe(const char *model, char *error, size_t error_size);

/* Writes `text` as a JSON string. */
static void json_string(const char *text) {
  putchar('"');
  for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
    if (*c == '"' || *c == '\\') printf("\\%c", *c);
    else if (*c < 0x20) printf("\\u%04x", *c);
    else putchar(*c);
  }
  putchar('"');
}

static void say_error(const char *reason) {
  printf("{\"error\":");
  json_string(reason);
  printf("}\n");
  fflush(stdout);
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

static void on_segment(int64_t start, int64_t end, const char *text, void *user) {
  (void)user;
  printf("{\"start\":%lld,\"end\":%lld,\"text\":", (long long)start, (long long)end);
  json_string(text ? text : "");
  printf("}\n");
  fflush(stdout);
}

int main(int argc, char **argv) {
  setpriority(PRIO_PROCESS, 0, 10);
  setenv("GGML_NO_BACKTRACE", "1", 1); /* a failed assertion aborts at once, without a debugger's backtrace */
  char reason[512] = "";
  if (argc == 3 && strcmp(argv[1], "--probe") == 0) {
    if (sw_probe(argv[2], reason, sizeof reason) != 0) {
      say_error(reason);
      return 3;
    }
    return 0;
  }
  if (argc != 4 && argc != 5) {
    fprintf(stderr, "usage: %s MODEL SAMPLES THREADS [CUTS] | --probe MODEL\n", argv[0]);
    return 2;
  }
  FILE *file = fopen(argv[2], "rb");
  if (!file) {
    say_error("the decoded audio could not be read");
    return 2;
  }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  rewind(file);
  float *pcm = size > 0 ? malloc((size_t)size) : NULL;
  if (size <= 0 || !pcm || fread(pcm, 1, (size_t)size, file) != (size_t)size) {
    fclose(file);
    say_error("the decoded audio could not be read");
    return 2;
  }
  fclose(file);
  int threads = atoi(argv[3]) > 0 ? atoi(argv[3]) : 1;
  /* The cuts as sample positions: increasing, each within the audio (others are left out). */
  int cuts[1024], cut_count = 0;
  for (char *next = argc == 5 ? argv[4] : NULL; next && *next && cut_count < 1024;) {
    char *end;
    long milliseconds = strtol(next, &end, 10);
    long sample = milliseconds * 16;
    if (end != next && sample > (cut_count ? cuts[cut_count - 1] : 0) && sample < size / 4) cuts[cut_count++] = (int)sample;
    next = *end == ',' ? end + 1 : NULL;
  }
  int status = sw_transcribe(argv[1], pcm, (int)(size / 4), cuts, cut_count, threads, on_progress, never, on_segment,
                             NULL, reason, sizeof reason);
  free(pcm);
  if (status != 0) {
    say_error(reason);
    return status == -2 ? 3 : 2;
  }
  return 0;
}
