// Standard error, written in one unbuffered call per line, so lines from threads and from a
// crash that follows are whole and in order.
import Glibc

/// Standard error.
public enum StandardError {
  /// Writes `line` (a newline added) on standard error.
  public static func write(line: String) {
    let text = line + "\n"
    _ = text.withCString { Glibc.write(STDERR_FILENO, $0, strlen($0)) }
  }
}
