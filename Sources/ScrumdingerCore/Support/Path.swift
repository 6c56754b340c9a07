// Paths are plain strings, as GLib and the C library take them; GLib takes them apart (through
// the platform layer's `Files`), so no Foundation path type is needed for it.
import FoundationEssentials
import Platform

/// Taking file paths apart.
public enum Path {
  /// Where a file that cannot be read is kept, beside it: `<path>.unreadable-<UTC timestamp>`.
  public static func unreadableAside(_ path: String, now: Date) -> String {
    path + ".unreadable-" + Texts.format(now, "%Y%m%dT%H%M%SZ", timeZone: "UTC")
  }

  /// Moves the file at `path` to the desktop's Trash (GIO's, which GNOME Files lists and
  /// restores from); false, and the file left where it is, when it cannot be trashed. What
  /// the app removes on its own goes there, never unlinked.
  @discardableResult
  public static func trash(_ path: String) -> Bool {
    guard let problem = Files.trash(path) else { return true }
    if problem.kind != .notFound {
      warn(tr("%@ could not be moved to the Trash and was left where it is: %@", path, problem.message))
    }
    return false
  }
}
