// What the app cannot show in its window (no display yet, a missing resource, a save that
// failed at quit) goes to standard error, where a launcher's journal keeps it.
import Platform

/// Writes "scrumdinger: MESSAGE" on standard error.
public func warn(_ message: String) {
  StandardError.write(line: "scrumdinger: \(message)")
}
