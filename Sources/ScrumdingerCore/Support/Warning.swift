// What the app cannot show in its window (no display yet, a missing resource, a save that
// failed at quit) goes to standard error, where a launcher's journal keeps it.
import Glibc

/// Writes "scrumdinger: MESSAGE" on standard error.
public func warn(_ message: String) {
  let line = "scrumdinger: \(message)\n"
  _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
}
