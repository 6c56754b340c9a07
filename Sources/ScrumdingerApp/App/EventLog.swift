import Glibc
import ScrumdingerCore

/// Appends one line per ding to a file, for measuring ding latency (tests, benchmarks).
@MainActor final class EventLog {
  private let descriptor: Int32
  private let clock = GLibMonotonicClock()

  /// Opens (creating) `path` for appending; nil without a path or if it cannot be opened.
  init?(path: String?) {
    guard let path else { return nil }
    descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    if descriptor < 0 { return nil }
  }

  isolated deinit { close(descriptor) }

  /// Writes "ding due=<µs> rang=<µs>".
  func record(due: Duration) {
    let line = "ding due=\(Self.micros(due)) rang=\(Self.micros(clock.now))\n"
    _ = line.withCString { write(descriptor, $0, strlen($0)) }
  }

  private static func micros(_ d: Duration) -> Int64 {
    d.components.seconds * 1_000_000 + d.components.attoseconds / 1_000_000_000_000
  }
}
