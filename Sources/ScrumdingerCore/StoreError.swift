/// Why a scrums file could not be read.
public enum UnreadableReason: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes are not JSON (a truncated or damaged file, or some other file).
  case notJSON
  /// JSON, but not the shape of a scrums file; `at` names the place, e.g. `scrums[0].theme`.
  case unexpectedContent(at: String, detail: String)
  /// Written by a newer Scrumdinger, whose format this version does not know.
  case futureVersion(Int)
  /// Well-formed, but a value is out of range.
  case invalidValue(String)
  /// The file exists but could not be opened.
  case cannotOpen(String)

  public var description: String {
    switch self {
    case .notJSON: "it is not valid JSON (it may be truncated or damaged)"
    case .unexpectedContent(let at, let detail): "unexpected content at \(at): \(detail)"
    case .futureVersion(let v): "it was written by a newer Scrumdinger (format version \(v))"
    case .invalidValue(let what): what
    case .cannotOpen(let why): "it cannot be opened: \(why)"
    }
  }
}

/// What can go wrong loading or saving the user's scrums. Every case names the file.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file exists but cannot be read. It is kept as it is, and saving is refused until
  /// the user chooses to move it aside.
  case unreadable(path: String, reason: UnreadableReason)
  /// A save was refused because an unreadable file stands at `path`.
  case saveRefused(path: String)
  /// Writing failed; the previous file is untouched.
  case writeFailed(path: String, message: String)
  /// Moving the unreadable file aside failed; it is still where it was.
  case moveAsideFailed(path: String, message: String)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "Could not read “\(path)”: \(reason)."
    case .saveRefused(let path):
      "Not saving: “\(path)” could not be read, and it is kept until you choose to start fresh."
    case .writeFailed(let path, let message):
      "Could not save “\(path)”: \(message). The previous file is unchanged."
    case .moveAsideFailed(let path, let message):
      "Could not move “\(path)” aside: \(message)."
    }
  }
}
