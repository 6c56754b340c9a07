import Platform

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
  /// A folder stands where the file should be.
  case isFolder
  /// Something other than a plain file stands there (a pipe, a device).
  case notRegularFile
  /// A symbolic link to a file that does not exist.
  case danglingLink(target: String)
  /// A symbolic link where a file that arrived from elsewhere should be: never followed.
  case isLink
  /// Larger than any scrums file is (`ScrumFile.maximumSize`); its size in bytes.
  case tooLarge(Int)
  /// Not ours to read.
  case permissionDenied
  /// Nested deeper than any scrums file is.
  case nestedTooDeeply(Int)

  public var description: String {
    switch self {
    case .notJSON: tr("it is not valid JSON (it may be truncated or damaged)")
    case .unexpectedContent(let at, let detail): tr("unexpected content at %@: %@", at, detail)
    case .futureVersion(let v): tr("it was written by a newer Scrumdinger (format version %d)", v)
    case .invalidValue(let what): what
    case .cannotOpen(let why): tr("it cannot be opened: %@", why)
    case .isFolder: tr("it is a folder, not a file")
    case .notRegularFile: tr("it is not a regular file")
    case .danglingLink(let target): tr("it is a link to “%@”, which does not exist", target)
    case .isLink: tr("it is a symbolic link, which is never followed")
    case .tooLarge(let size):
      tr("it is larger (%@) than any scrums file is (%@)", Texts.bytes(size), Texts.bytes(ScrumFile.maximumSize))
    case .permissionDenied: tr("permission denied")
    case .nestedTooDeeply(let limit): tr("it is nested more than %d levels deep", limit)
    }
  }
}

extension UnreadableReason {
  /// Why a file read as a regular file (`Files.readRegular`) could not be, in the user's words.
  public init(_ problem: RegularFileProblem) {
    switch problem {
    case .isLink: self = .isLink
    case .isFolder: self = .isFolder
    case .notRegular: self = .notRegularFile
    case .tooLarge(let size): self = .tooLarge(size)
    case .permissionDenied: self = .permissionDenied
    case .notFound: self = .cannotOpen(FileProblem.notFound.message)
    case .failed(let message): self = .cannotOpen(message)
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
  /// Another Scrumdinger owns the data folder: this one only reads.
  case readOnly(path: String)
  /// The file was changed elsewhere since we read it: it is merged first, then saved.
  case changedElsewhere(path: String)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      tr("Could not read “%@”: %@.", path, reason.description)
    case .saveRefused(let path):
      tr("Not saving: “%@” could not be read, and it is kept until you choose what to do with it.", path)
    case .writeFailed(let path, let message):
      tr("Could not save “%@”: %@. The previous file is unchanged.", path, message)
    case .moveAsideFailed(let path, let message):
      tr("Could not move “%@” aside: %@.", path, message)
    case .readOnly(let path):
      tr("Not saving: another Scrumdinger is using “%@”.", path)
    case .changedElsewhere(let path):
      tr("Not saving yet: “%@” was changed elsewhere, and is merged first.", path)
    }
  }
}

extension FileProblem {
  /// The failure in words a user knows (the system's own where none are ours).
  var inUsersWords: String {
    switch kind {
    case .diskFull: tr("the disk is full")
    case .permissionDenied: tr("permission denied")
    case .isFolder: tr("it is a folder, not a file")
    case .readOnlyDisk: tr("the disk is read-only")
    case .folderMissing: tr("its folder does not exist")
    case .fileInTheWay: tr("a file stands where its folder should be")
    case .notFound, .otherFileSystem, .other: message
    }
  }
}
