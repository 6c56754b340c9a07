import Platform
import ScrumdingerCore

/// Appends one line per ding to a file, for measuring ding latency (the ding's end-to-end test
/// and the bench name the file in the environment; nothing is written without it).
@MainActor final class EventLog {
  private let path: String
  private let clock = GLibMonotonicClock()

  /// A log appending to `path` (made now if missing, so a reader finds it from the start);
  /// nil without a path.
  init?(path: String?) {
    guard let path else { return nil }
    self.path = path
    Files.append("", toPrivate: path)
  }

  /// Writes "ding due=<µs> rang=<µs>".
  func record(due: Duration) {
    Files.append("ding due=\(Self.micros(due)) rang=\(Self.micros(clock.now))\n", toPrivate: path)
  }

  private static func micros(_ d: Duration) -> Int64 {
    d.components.seconds * 1_000_000 + d.components.attoseconds / 1_000_000_000_000
  }
}
