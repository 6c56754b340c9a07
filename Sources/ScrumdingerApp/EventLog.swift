import Foundation
import ScrumdingerCore

/// Appends one line per ding to a file, for measuring ding latency (tests, benchmarks).
@MainActor final class EventLog {
  private let handle: FileHandle
  private let clock = GLibMonotonicClock()

  /// Opens (creating) `path` for appending; nil without a path or if it cannot be opened.
  init?(path: String?) {
    guard let path else { return nil }
    if !FileManager.default.fileExists(atPath: path),
      !FileManager.default.createFile(atPath: path, contents: nil)
    {
      return nil
    }
    guard let handle = FileHandle(forWritingAtPath: path), (try? handle.seekToEnd()) != nil else { return nil }
    self.handle = handle
  }

  /// Writes "ding due=<µs> rang=<µs>".
  func record(due: Duration) {
    let line = "ding due=\(Self.micros(due)) rang=\(Self.micros(clock.now))\n"
    handle.write(Data(line.utf8))
  }

  private static func micros(_ d: Duration) -> Int64 {
    d.components.seconds * 1_000_000 + d.components.attoseconds / 1_000_000_000_000
  }
}
