import FoundationEssentials
import Platform

/// Replacing a file whole or not at all: GLib writes a temporary file beside it, flushes it
/// to disk and renames it over the old one, so a crash leaves the old or the new bytes.
public enum AtomicFile {
  /// Writes `data` to `path` (mode 0600 unless `mode` says) in its existing folder, flushed to
  /// disk before the rename unless not `durable`; the error says why it could not, in words a
  /// user knows.
  public static func write(_ data: Data, to path: String, mode: Int32 = 0o600, durable: Bool = true) throws(StoreError)
  {
    do throws(FileProblem) {
      try Files.replace(path, with: data, mode: mode, durable: durable)
    } catch {
      throw .writeFailed(path: path, message: error.inUsersWords)
    }
  }
}
