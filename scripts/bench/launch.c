/* launch CMD…: starts CMD and prints "startup_ms N" when its first top-level window is
 * mapped (the X server tells us: SubstructureNotify on the root window, no polling), then
 * "rss_kib N" one second later, then ends it. Run on a private X server with no other
 * clients mapping windows. */
#include <X11/Xlib.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

static long rss_kib(pid_t pid) {
  char path[64], line[256];
  snprintf(path, sizeof path, "/proc/%d/status", pid);
  FILE *status = fopen(path, "r");
  long kib = -1;
  while (status && fgets(line, sizeof line, status))
    if (strncmp(line, "VmRSS:", 6) == 0) kib = strtol(line + 6, NULL, 10);
  if (status) fclose(status);
  return kib;
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: launch CMD...\n"); return 2; }
  Display *display = XOpenDisplay(NULL);
  if (!display) { fprintf(stderr, "launch: no display\n"); return 1; }
  Window root = DefaultRootWindow(display);
  XSelectInput(display, root, SubstructureNotifyMask);
  XSync(display, False);
  double start = now_ms();
  pid_t pid = fork();
  if (pid == 0) {
    execvp(argv[1], argv + 1);
    _exit(127);
  }
  for (;;) {
    XEvent event;
    XNextEvent(display, &event);
    if (event.type == MapNotify && event.xmap.event == root && !event.xmap.override_redirect) break;
  }
  printf("startup_ms %.1f\n", now_ms() - start);
  fflush(stdout);
  sleep(1);
  printf("rss_kib %ld\n", rss_kib(pid));
  kill(pid, SIGTERM);
  waitpid(pid, NULL, 0);
  XCloseDisplay(display);
  return 0;
}
