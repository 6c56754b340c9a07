// Files that another program or a sync tool can place where the app reads (the scrums file and
// its conflict copies, the kept merge base, what the live transcript kept beside a recording)
// are input from elsewhere: a link may lead anywhere, a pipe blocks the reader for ever, a
// device or a /proc file never ends, and a file may grow while it is read. So such a file is
// opened without following a link and without blocking, and judged by `fstat` on the
// descriptor it was opened as (never `lstat` and then open by path, which leaves a gap for a
// swap), and read up to a cap.
import FoundationEssentials
import Glibc

/// Why a file could not be read as a regular file.
public enum RegularFileProblem: Error, Equatable, Sendable {
  /// A symbolic link stands there: never followed.
  case isLink
  /// A folder stands there.
  case isFolder
  /// Something other than a regular file (a pipe, a device, a socket, a kernel file).
  case notRegular
  /// Larger than `limit`; the size seen (past the limit).
  case tooLarge(Int)
  /// Not ours to read.
  case permissionDenied
  /// Nothing there.
  case notFound
  /// It could not be opened or read: the system's words.
  case failed(String)
}

extension Files {
  /// The bytes of the regular file at `path`, at most `limit` of them: a link is not followed,
  /// a pipe or device is never read from (nor waited on), and a file that grows past the limit
  /// as it is read is refused.
  public static func readRegular(_ path: String, limit: Int) throws(RegularFileProblem) -> Data {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
    guard descriptor >= 0 else {
      switch errno {
      case ELOOP: throw .isLink
      case EACCES, EPERM: throw .permissionDenied
      case ENOENT, ENOTDIR: throw .notFound
      default: throw .failed(String(cString: strerror(errno)))
      }
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .failed(String(cString: strerror(errno))) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .isFolder
    default: throw .notRegular
    }
    guard Int(info.st_size) <= limit else { throw .tooLarge(Int(info.st_size)) }
    // A kernel file (/proc, /sys) says it is empty and never ends.
    if isKernelFile(descriptor) { throw .notRegular }
    // Up to one byte past the cap, whatever the size said: the file may grow meanwhile.
    var data = Data(count: Int(info.st_size) + 1)
    var filled = 0
    while true {
      if filled == data.count {
        guard data.count <= limit else { throw .tooLarge(filled) }
        data.count = min(data.count * 2, limit + 1)
      }
      let count = data.withUnsafeMutableBytes { raw in read(descriptor, raw.baseAddress! + filled, raw.count - filled) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw .failed(String(cString: strerror(errno))) }
      if count == 0 { break }
      filled += count
    }
    data.count = filled
    return data
  }

  /// The text of the regular file at `path` (`readRegular`'s rules and `limit`; bytes that are
  /// not UTF-8 read as U+FFFD); nil when it cannot be read so.
  public static func regularText(of path: String, limit: Int) -> String? {
    (try? readRegular(path, limit: limit)).map { String(decoding: $0, as: UTF8.self) }
  }
}
