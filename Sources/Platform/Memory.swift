// Start-up allocates and frees a good deal (CSS parsing; GTK 4.8 loads the icon theme twice,
// once in a worker thread) and the C library keeps the freed pages; each thread that
// allocates also gets its own arena. Our threads other than the main one (GDBus, GLib's
// worker pool, the saver) allocate little, so they share the main arena, and start-up's
// freed pages are handed back once the list is up (what each saves: docs/performance.md,
// start-up and memory).
import CGLib

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

  /// The process's resident memory in KiB (VmRSS), after handing freed pages back unless not
  /// `releasing` (so what is counted is what the process keeps, not what the allocator caches;
  /// handing back walks the heap, too slow to do while timing the main loop).
  public static func residentKiB(releasing: Bool = true) -> Int {
    if releasing { releaseFreedPages() }
    var contents: UnsafeMutablePointer<gchar>?
    guard g_file_get_contents("/proc/self/status", &contents, nil, nil) != 0, let contents else { return 0 }
    defer { g_free(contents) }
    let line = String(cString: contents).split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  }
}
