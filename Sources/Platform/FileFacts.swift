// What the core asks of the file system beyond a file's bytes: what stands at a path (a link
// seen as a link), a file's stamp, renames that say why they failed, a private append and a
// lock a crash never leaves stale. Here, beside GLib's file calls, so the core makes no C
// library file call of its own.
import CGLib
import FoundationEssentials
import Glibc

/// What stands at a path, a symbolic link seen as itself.
public enum FileKind: Sendable {
  case regular, folder, link, other
}

/// What tells a file's versions apart cheaply: its inode, size and modification time.
public struct FileStamp: Equatable, Sendable {
  public var inode: UInt, size: Int, seconds: Int, nanoseconds: Int

  /// When the file was last written. A file time is data a sync tool copies from any clock:
  /// one outside the years 1 to 9999 reads as the nearest of them.
  public var modified: Date {
    let (first, last) = (-62_135_596_800, 253_402_300_799)
    if seconds < first { return Date(timeIntervalSince1970: Double(first)) }
    if seconds > last { return Date(timeIntervalSince1970: Double(last) + 0.999_999_999) }
    return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
  }

  /// When the file was last written, in nanoseconds since 1970: a time past 2262 (or before
  /// 1678) that an Int cannot say reads as the last (or first) it can, never a trap.
  public var nanosecondsSince1970: Int {
    let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return seconds < 0 ? .min : .max }
    let (sum, beyond) = product.addingReportingOverflow(nanoseconds)
    return beyond ? (nanoseconds < 0 ? .min : .max) : sum
  }
}

extension FileProblem {
  /// The failure the C library reported as `code`, in the kinds a user is told of.
  public init(errno code: Int32) {
    message = String(cString: g_strerror(code))
    kind =
      switch code {
      case ENOSPC: .diskFull
      case EACCES, EPERM: .permissionDenied
      case EISDIR: .isFolder
      case EROFS: .readOnlyDisk
      case ENOENT: .notFound
      case ENOTDIR, EEXIST: .fileInTheWay
      case EXDEV: .otherFileSystem
      default: .other
      }
  }
}

extension FileProblem {
  /// Nothing is there.
  public static var notFound: FileProblem { FileProblem(errno: ENOENT) }
}

extension Files {
  /// What stands at `path` (a link is not followed); nil when nothing does, not even a
  /// dangling link.
  public static func kind(at path: String) -> FileKind? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regular
    case S_IFDIR: return .folder
    case S_IFLNK: return .link
    default: return .other
    }
  }

  /// The stamp of the file at `path` (through links, or of a link itself when not
  /// `followingLinks`); nil when there is none.
  public static func stamp(of path: String, followingLinks: Bool = true) -> FileStamp? {
    var info = stat()
    guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
    return FileStamp(
      inode: UInt(info.st_ino), size: Int(info.st_size), seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec
    )
  }

  /// The size in bytes of the file at `path` (through links), 0 when there is none.
  public static func size(of path: String) -> Int { stamp(of: path)?.size ?? 0 }

  /// When the file at `path` was last changed, in nanoseconds since 1970; 0 when there is none.
  public static func modified(_ path: String) -> Int {
    stamp(of: path)?.nanosecondsSince1970 ?? 0
  }

  /// Sets the modification time of the file at `path` (a link there is not followed) to now;
  /// false when it cannot.
  @discardableResult public static func touch(_ path: String) -> Bool {
    utimensat(AT_FDCWD, path, nil, AT_SYMLINK_NOFOLLOW) == 0  // no times: now
  }

  /// Renames `path` to `destination`, replacing a file there; why not when it cannot
  /// (`.otherFileSystem` across file systems, where a rename cannot go).
  public static func rename(_ path: String, to destination: String) throws(FileProblem) {
    guard Glibc.rename(path, destination) != 0 else { return }
    throw FileProblem(errno: errno)
  }

  /// Makes the folder `path` and those above it that are missing (its owner's alone); why not
  /// when it cannot.
  public static func makeFolderOrSayWhy(_ path: String) throws(FileProblem) {
    guard g_mkdir_with_parents(path, 0o700) != 0 else { return }
    throw FileProblem(errno: errno)
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

  /// Adds `text` at the end of the file at `path` (made readable by this user alone if it is
  /// new; a link there is not followed); false when it cannot. One write, no sync: a line that
  /// a crash may cost.
  @discardableResult public static func append(_ text: String, toPrivate path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    return Glibc.write(descriptor, bytes, bytes.count) == bytes.count
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

/// An advisory lock on a file, held until released or the process ends: the kernel drops it
/// then, so a crash never leaves it stale.
public final class FileLock: Sendable {
  /// What taking the lock came to.
  public enum Outcome: Sendable {
    /// Ours, for as long as the lock lives.
    case taken(FileLock)
    /// Another process holds it.
    case heldElsewhere
    /// The lock file could not be opened or made: why.
    case unavailable(FileProblem)
  }

  private let descriptor: Int32

  private init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { close(descriptor) }

  /// Takes the lock on `path` (made, mode 0600, when missing) without waiting.
  public static func take(_ path: String) -> Outcome {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return .unavailable(FileProblem(errno: errno)) }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return .heldElsewhere
    }
    return .taken(FileLock(descriptor: descriptor))
  }
}
