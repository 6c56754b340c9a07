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
    let (descriptor, size) = try openRegular(path)
    defer { close(descriptor) }
    guard size <= limit else { throw .tooLarge(size) }
    // Up to one byte past the cap, whatever the size said: the file may grow meanwhile.
    var data = Data(count: size + 1)
    var filled = 0
    while true {
      if filled == data.count {
        guard data.count <= limit else { throw .tooLarge(filled) }
        data.count = min(data.count * 2, limit + 1)
      }
      let count = try readSome(descriptor, into: &data, at: filled)
      if count == 0 { break }
      filled += count
    }
    data.count = filled
    return data
  }

  /// The first `count` bytes of the regular file at `path` (fewer if it is shorter), read by
  /// `readRegular`'s rules whatever its size: how a file says what it is.
  public static func regularPrefix(of path: String, count: Int) throws(RegularFileProblem) -> Data {
    let (descriptor, _) = try openRegular(path)
    defer { close(descriptor) }
    var data = Data(count: count)
    var filled = 0
    while filled < count {
      let read = try readSome(descriptor, into: &data, at: filled)
      if read == 0 { break }
      filled += read
    }
    data.count = filled
    return data
  }

  /// Reads what `descriptor` has next into `data` from `offset` on (an interrupted read is
  /// made again): how many bytes, 0 at the end.
  private static func readSome(_ descriptor: Int32, into data: inout Data, at offset: Int) throws(RegularFileProblem)
    -> Int
  {
    while true {
      let count = data.withUnsafeMutableBytes { raw in read(descriptor, raw.baseAddress! + offset, raw.count - offset) }
      if count >= 0 { return count }
      if errno != EINTR { throw .failed(String(cString: strerror(errno))) }
    }
  }

  /// Copies the regular file at `path` (`readRegular`'s rules) to `target`, its owner's alone
  /// (its folder made if missing): written beside it as `target.part`, flushed to disk, then
  /// renamed over it, so `target` is whole or absent.
  public static func copyRegular(_ path: String, to target: String) throws(RegularFileProblem) {
    let descriptor = try openRegular(path).descriptor
    defer { close(descriptor) }
    makeFolder(folder(of: target))
    let partial = target + ".part"
    let output = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard output >= 0 else { throw .failed(String(cString: strerror(errno))) }
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { buffer.deallocate() }
    var problem: String?
    copying: while true {
      let count = read(descriptor, buffer, 1 << 20)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        if count < 0 { problem = String(cString: strerror(errno)) }
        break
      }
      var written = 0
      while written < count {
        let wrote = Glibc.write(output, buffer + written, count - written)
        if wrote < 0, errno == EINTR { continue }
        guard wrote > 0 else {
          problem = String(cString: strerror(errno))
          break copying
        }
        written += wrote
      }
    }
    if problem == nil, fsync(output) != 0 { problem = String(cString: strerror(errno)) }
    close(output)
    if problem == nil, Glibc.rename(partial, target) != 0 { problem = String(cString: strerror(errno)) }
    if let problem {
      unlink(partial)
      throw .failed(problem)
    }
  }

  /// The file at `path` opened for reading if it is a regular file, and its size: a link is
  /// not followed, and a pipe, device or kernel file is never read from (nor waited on).
  private static func openRegular(_ path: String) throws(RegularFileProblem) -> (descriptor: Int32, size: Int) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
    guard descriptor >= 0 else {
      switch errno {
      case ELOOP: throw .isLink
      case EACCES, EPERM: throw .permissionDenied
      case ENOENT, ENOTDIR: throw .notFound
      default: throw .failed(String(cString: strerror(errno)))
      }
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let problem = String(cString: strerror(errno))
      close(descriptor)
      throw .failed(problem)
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      // A kernel file (/proc, /sys) says it is empty and never ends.
      if !isKernelFile(descriptor) { return (descriptor, Int(info.st_size)) }
      close(descriptor)
      throw .notRegular
    case S_IFDIR:
      close(descriptor)
      throw .isFolder
    default:
      close(descriptor)
      throw .notRegular
    }
  }

  /// The text of the regular file at `path` (`readRegular`'s rules and `limit`; bytes that are
  /// not UTF-8 read as U+FFFD); nil when it cannot be read so.
  public static func regularText(of path: String, limit: Int) -> String? {
    (try? readRegular(path, limit: limit)).map { String(decoding: $0, as: UTF8.self) }
  }
}
