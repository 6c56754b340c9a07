import CGLib
import FoundationEssentials

/// Replacing a file whole or not at all: GLib writes a temporary file beside it, flushes it
/// to disk and renames it over the old one, so a crash leaves the old or the new bytes.
public enum AtomicFile {
  /// Writes `data` to `path` (mode 0600 unless `mode` says) in its existing folder, flushed to
  /// disk before the rename unless not `durable`; the error says why it could not, in words a
  /// user knows.
  public static func write(_ data: Data, to path: String, mode: Int32 = 0o600, durable: Bool = true) throws(StoreError) {
    var gerror: UnsafeMutablePointer<GError>?
    let flags = GFileSetContentsFlags(
      G_FILE_SET_CONTENTS_CONSISTENT.rawValue | (durable ? G_FILE_SET_CONTENTS_DURABLE.rawValue : 0))
    let ok = data.withUnsafeBytes { bytes in
      g_file_set_contents_full(
        path, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), gssize(bytes.count), flags, mode, &gerror)
    }
    if ok == 0 {
      let message = gerror.map(ScrumStore.describe) ?? "unknown error"
      g_clear_error(&gerror)
      throw .writeFailed(path: path, message: message)
    }
  }
}
