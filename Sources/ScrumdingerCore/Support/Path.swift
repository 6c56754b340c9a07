// Paths are plain strings, as GLib and the C library take them; GLib takes them apart (through
// the platform layer's `Files`), so no Foundation path type is needed for it.
import FoundationEssentials
import Glibc
import Platform

/// Taking file paths apart.
public enum Path {
  /// The size in bytes of the file at `path` (through links), 0 when there is none.
  public static func size(of path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
  }

  /// When the file at `path` was last changed, in nanoseconds since 1970; 0 when there is none.
  public static func modified(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec) : 0
  }

  /// Where a file that cannot be read is kept, beside it: `<path>.unreadable-<UTC timestamp>`.
  public static func unreadableAside(_ path: String, now: Date) -> String {
    path + ".unreadable-" + Texts.format(now, "%Y%m%dT%H%M%SZ", timeZone: "UTC")
  }

  /// Makes the folder `path` its owner's alone, if it exists: folders made by an earlier
  /// version, or by hand, took the umask. Group and other lose their bits; nothing is ever
  /// added, so a folder the user made read-only (0555 → 0500) stays read-only.
  public static func makePrivate(folder path: String) {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
    let mode = info.st_mode & 0o7777
    guard mode & 0o077 != 0 else { return }
    _ = chmod(path, mode & ~0o077)
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

  /// Adds `text` at the end of the file at `path` (made readable by this user alone if it is
  /// new); false when it cannot. One write, no sync: a line that a crash may cost.
  @discardableResult public static func append(_ text: String, toPrivate path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    return write(descriptor, bytes, bytes.count) == bytes.count
  }

  /// Creates the file `path` empty, or empties it, readable by its owner alone (0600), for a
  /// writer that keeps an existing file's mode (GStreamer's filesink, an appending download)
  /// and would otherwise take the umask; false if it cannot.
  @discardableResult
  public static func createPrivate(file path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return fchmod(descriptor, 0o600) == 0
  }
}
