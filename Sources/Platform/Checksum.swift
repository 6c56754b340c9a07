import CGLib
import FoundationEssentials
import Glibc

/// SHA-256 digests, GLib's, in lowercase hexadecimal.
public enum Checksum {
  /// The SHA-256 of `bytes`.
  public static func sha256(of bytes: Data) -> String {
    bytes.withUnsafeBytes { raw in
      guard
        let sum = g_compute_checksum_for_data(
          G_CHECKSUM_SHA256, raw.baseAddress?.assumingMemoryBound(to: guchar.self), gsize(raw.count))
      else { return String(repeating: "0", count: 64) }
      defer { g_free(sum) }
      return String(cString: sum)
    }
  }

  /// The SHA-256 of the file at `path`, read a megabyte at a time; nil when it cannot be read.
  public static func sha256(ofFile path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { return nil }
    defer { g_checksum_free(checksum) }
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 20)
    defer { buffer.deallocate() }
    while true {
      let count = fread(buffer, 1, 1 << 20, file)
      if count > 0 { g_checksum_update(checksum, buffer, gssize(count)) }
      if count < 1 << 20 { break }
    }
    guard ferror(file) == 0, let hex = g_checksum_get_string(checksum) else { return nil }
    return String(cString: hex)
  }
}
