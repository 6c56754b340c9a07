// Start-up allocates and frees a good deal (CSS parsing; GTK 4.8 loads the icon theme twice,
// once in a worker thread) and the C library keeps the freed pages. Handing them back once
// the first window is up and the scrums are loaded keeps the running app's memory at what it
// uses (measured by `make bench`: about 0.7 MiB).
import CAdwaita

/// The process's memory, as the C library manages it.
public enum Memory {
  /// Returns the pages that freed allocations left to the system (glibc's malloc_trim).
  public static func releaseFreedPages() {
    _ = malloc_trim(0)
  }
}
