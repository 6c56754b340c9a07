// The store owns one file and one rule: never lose the user's data. Saves go through GLib's
// g_file_set_contents_full (temp file, fsync, rename), so a crash leaves the old or the new
// file, never half of one. A file that cannot be read blocks every save until the user
// explicitly moves it aside; nothing is ever deleted.
import CGLib
import Foundation

/// Loads and saves the user's scrums in `<data dir>/io.github.scrumdinger.Scrumdinger/scrums.json`.
public final class ScrumStore: @unchecked Sendable {
  /// The folder holding the scrums file.
  public let directory: String
  /// Our file.
  public var path: String { directory + "/scrums.json" }
  /// Apple Scrumdinger's file, read when ours does not exist yet.
  public var legacyPath: String { directory + "/scrums.data" }

  private let lock = NSLock()
  private var unreadablePath: String?

  /// A store in `directory` (created on the first save).
  public init(directory: String) {
    self.directory = directory
  }

  /// The user's data folder per the XDG rules (`$XDG_DATA_HOME`, else `~/.local/share`),
  /// as GLib reads it, plus the app id.
  public static var defaultDirectory: String {
    String(cString: g_get_user_data_dir()) + "/" + appID
  }

  /// Whether saving is refused because a file could not be read.
  public var isBlocked: Bool { lock.withLock { unreadablePath != nil } }

  /// Reads the scrums. No file → an empty list. If only Apple's `scrums.data` is there, it
  /// is read (and left in place; the next save writes `scrums.json`).
  public func load() throws(StoreError) -> [DailyScrum] {
    let candidate = [path, legacyPath].first { FileManager.default.fileExists(atPath: $0) }
    guard let file = candidate else {
      lock.withLock { unreadablePath = nil }
      return []
    }
    do {
      let scrums = try Self.read(file)
      lock.withLock { unreadablePath = nil }
      return scrums
    } catch {
      lock.withLock { unreadablePath = file }
      throw StoreError.unreadable(path: file, reason: error)
    }
  }

  /// Reads one scrums file of either format.
  public static func read(_ file: String) throws(UnreadableReason) -> [DailyScrum] {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: file))
    } catch {
      throw .cannotOpen(Self.plainMessage(error))
    }
    return try ScrumFile.decode(data)
  }

  /// Replaces the file atomically (mode 0600). Refused while an unreadable file stands.
  public func save(_ scrums: [DailyScrum]) throws(StoreError) {
    if let blocked = lock.withLock({ unreadablePath }) { throw .saveRefused(path: blocked) }
    let data = ScrumFile.encode(scrums)
    guard g_mkdir_with_parents(directory, 0o700) == 0 else {
      throw .writeFailed(path: path, message: String(cString: strerror(errno)))
    }
    var gerror: UnsafeMutablePointer<GError>?
    let flags = GFileSetContentsFlags(
      G_FILE_SET_CONTENTS_CONSISTENT.rawValue | G_FILE_SET_CONTENTS_DURABLE.rawValue)
    let ok = data.withUnsafeBytes { bytes in
      g_file_set_contents_full(
        path, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), gssize(bytes.count),
        flags, 0o600, &gerror)
    }
    if ok == 0 {
      let message = gerror.map { String(cString: $0.pointee.message) } ?? "unknown error"
      g_clear_error(&gerror)
      throw .writeFailed(path: path, message: message)
    }
  }

  /// Moves the unreadable file to `<name>.unreadable-<UTC timestamp>` beside it, so the user
  /// can start fresh; returns the new path. Unblocks saving.
  @discardableResult
  public func moveUnreadableAside(now: Date = Date()) throws(StoreError) -> String {
    guard let file = lock.withLock({ unreadablePath }) else {
      throw .moveAsideFailed(path: path, message: "no unreadable file is pending")
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    let base = file + ".unreadable-" + formatter.string(from: now)
    var target = base
    var attempt = 1
    while FileManager.default.fileExists(atPath: target) {
      attempt += 1
      target = base + "-\(attempt)"
    }
    do {
      try FileManager.default.moveItem(atPath: file, toPath: target)
    } catch {
      throw .moveAsideFailed(path: file, message: Self.plainMessage(error))
    }
    lock.withLock { unreadablePath = nil }
    return target
  }

  private static func plainMessage(_ error: any Error) -> String {
    if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
       posix.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(posix.code)))
    }
    return (error as NSError).localizedDescription
  }
}
