// Start-up allocates and frees a good deal (CSS parsing; GTK 4.8 loads the icon theme twice,
// once in a worker thread) and the C library keeps the freed pages; each thread that
// allocates also gets its own arena. Our threads other than the main one (GDBus, GLib's
// worker pool, the saver) allocate little, so they share the main arena, and start-up's
// freed pages are handed back once the list is up. Measured by `make bench` (memory row):
// 0.7 MiB for each of the two.
import CAdwaita

/// The process's memory, as the C library manages it.
public enum Memory {
  /// Makes every thread allocate from one arena (call first thing, before threads start).
  public static func shareOneArena() {
    _ = mallopt(M_ARENA_MAX, 1)
  }

  /// Returns the pages that freed allocations left to the system (glibc's malloc_trim).
  public static func releaseFreedPages() {
    _ = malloc_trim(0)
  }
}
