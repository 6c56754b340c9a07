// Files and folders as GLib handles them (paths are plain strings, as GLib and the C library
// take them): the core's store, recordings, transcripts and sync read and write through
// here, and make no GLib call of their own.
import CGLib
import FoundationEssentials
import Glibc

/// Why a file operation failed: what kind of failure, and GLib's own words.
public struct FileProblem: Error, Sendable {
  /// The failures a user is told of in their own words.
  public enum Kind: Sendable {
    case diskFull, permissionDenied, isFolder, readOnlyDisk, folderMissing, notFound
    /// A file stands where a folder is needed.
    case fileInTheWay
    /// A rename across file systems, which cannot be.
    case otherFileSystem
    case other
  }

  public let kind: Kind
  /// GLib's words.
  public let message: String

  init(_ error: UnsafeMutablePointer<GError>) {
    message = String(cString: error.pointee.message)
    if error.pointee.domain == g_file_error_quark() {
      kind =
        switch GFileError(rawValue: UInt32(error.pointee.code)) {
        case G_FILE_ERROR_NOSPC: .diskFull
        case G_FILE_ERROR_ACCES, G_FILE_ERROR_PERM: .permissionDenied
        case G_FILE_ERROR_ISDIR: .isFolder
        case G_FILE_ERROR_ROFS: .readOnlyDisk
        case G_FILE_ERROR_NOENT, G_FILE_ERROR_NOTDIR: .folderMissing
        default: .other
        }
    } else if error.pointee.domain == g_io_error_quark(), error.pointee.code == G_IO_ERROR_NOT_FOUND.rawValue {
      kind = .notFound
    } else {
      kind = .other
    }
  }
}

/// Files and folders, through GLib.
public enum Files {
  /// The folder holding `path`: "/a/b" for "/a/b/c", "." for a bare name.
  public static func folder(of path: String) -> String {
    taking(g_path_get_dirname(path))
  }

  /// The last part of `path`: "c" for "/a/b/c".
  public static func name(of path: String) -> String {
    taking(g_path_get_basename(path))
  }

  /// `path` made absolute and without "." or ".." parts (no link is followed).
  public static func canonical(_ path: String) -> String {
    taking(g_canonicalize_filename(path, nil))
  }

  /// The user's data folder ($XDG_DATA_HOME, ~/.local/share by default).
  public static var userDataFolder: String { String(cString: g_get_user_data_dir()) }

  /// The system's data folders, in the order to look in (XDG_DATA_DIRS, as GLib reads it).
  public static var systemDataFolders: [String] {
    guard var folder = g_get_system_data_dirs() else { return [] }
    var folders: [String] = []
    while let text = folder.pointee {
      folders.append(String(cString: text))
      folder += 1
    }
    return folders
  }

  /// The user's settings folder ($XDG_CONFIG_HOME, ~/.config by default).
  public static var userConfigFolder: String { String(cString: g_get_user_config_dir()) }

  /// Makes the folder `path` (its owner's alone) and the folders above it that are missing;
  /// false if it cannot.
  @discardableResult public static func makeFolder(_ path: String) -> Bool { g_mkdir_with_parents(path, 0o700) == 0 }

  /// The names in the folder `path` (not "." or ".."), in no order; empty when it cannot be
  /// read.
  public static func names(in folder: String) -> [String] {
    guard let dir = g_dir_open(folder, 0, nil) else { return [] }
    defer { g_dir_close(dir) }
    var names: [String] = []
    while let entry = g_dir_read_name(dir) { names.append(String(cString: entry)) }
    return names
  }

  /// Where the symbolic link at `path` points, as written in it (relative or not); nil when
  /// no link stands there.
  public static func linkDestination(of path: String) -> String? {
    guard let destination = g_file_read_link(path, nil) else { return nil }
    return taking(destination)
  }

  /// `path` with every link in it followed, absolute: where it really is; nil when nothing is
  /// there.
  public static func resolved(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Whether anything is at `path`.
  public static func exists(_ path: String) -> Bool { g_file_test(path, G_FILE_TEST_EXISTS) != 0 }

  /// Whether a regular file is at `path` (through links).
  public static func isRegularFile(_ path: String) -> Bool { g_file_test(path, G_FILE_TEST_IS_REGULAR) != 0 }

  /// The text of the file at `path` (bytes that are not UTF-8 read as U+FFFD); nil when it
  /// cannot be read.
  public static func text(of path: String) -> String? {
    var contents: UnsafeMutablePointer<gchar>?
    guard g_file_get_contents(path, &contents, nil, nil) != 0, let contents else { return nil }
    defer { g_free(contents) }
    return String(cString: contents)
  }

  /// The bytes of the file at `path`; nil when it cannot be read.
  public static func contents(of path: String) -> Data? {
    var contents: UnsafeMutablePointer<gchar>?
    var length: gsize = 0
    guard g_file_get_contents(path, &contents, &length, nil) != 0, let contents else { return nil }
    defer { g_free(contents) }
    return Data(bytes: contents, count: Int(length))
  }

  /// Moves the file at `path` to `destination`, never over a file already there (what is
  /// kept aside stays kept); false when it cannot.
  @discardableResult public static func move(_ path: String, to destination: String) -> Bool {
    guard !exists(destination) else { return false }
    do { try rename(path, to: destination) } catch { return false }
    return true
  }

  /// Writes `text` to the file at `path` (replacing it whole, its owner's alone, not flushed
  /// to disk); false when it cannot.
  @discardableResult public static func write(_ text: String, to path: String) -> Bool {
    (try? replace(path, with: Data(text.utf8), mode: 0o600, durable: false)) != nil
  }

  /// What a save names the file it writes before it takes the place of `name`: a name that
  /// starts with a dot and says whose it is, so that no file of a user's can bear it (GLib's
  /// own temporary files, `NAME.XXXXXX`, can: `scrums.json.backup`).
  public static func stagingName(of name: String) -> String { "." + name + stagingMark }

  /// What every staging name (and the temporary file GLib writes for it) holds.
  public static let stagingMark = ".scrumdinger-save"

  /// Replaces the file at `path` with `data`, whole or not at all: GLib writes a temporary
  /// file beside it, flushes it to disk (unless not `durable`) and renames it to the staging
  /// name (`stagingName`), which is then renamed over the old file, so a crash leaves the old
  /// or the new bytes, and at most files only the app names. The file gets `mode`.
  public static func replace(_ path: String, with data: Data, mode: Int32, durable: Bool) throws(FileProblem) {
    let staging = folder(of: path) + "/" + stagingName(of: name(of: path))
    var error: UnsafeMutablePointer<GError>?
    let flags = GFileSetContentsFlags(
      G_FILE_SET_CONTENTS_CONSISTENT.rawValue | (durable ? G_FILE_SET_CONTENTS_DURABLE.rawValue : 0))
    let ok = data.withUnsafeBytes { bytes in
      g_file_set_contents_full(
        staging, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), gssize(bytes.count), flags, mode, &error)
    }
    if ok == 0, let error {
      defer { g_error_free(error) }
      throw FileProblem(error)
    }
    try rename(staging, to: path)
  }

  /// Whether the open file `descriptor` is a kernel's (/proc, /sys): it says it is empty and
  /// never ends.
  public static func isKernelFile(_ descriptor: Int32) -> Bool {
    var system = statfs()
    return fstatfs(descriptor, &system) == 0 && [0x9fa0, 0x6265_6572].contains(Int(system.f_type))
  }

  /// Removes the file at `path`; false when it cannot (or there is none).
  @discardableResult public static func remove(_ path: String) -> Bool { g_unlink(path) == 0 }

  /// Removes the file at `path` on a worker thread, then runs `then`: unlinking a large file
  /// once written out to disk (a meeting's samples) stalls the thread that does it.
  @MainActor public static func removeOffMainLoop(_ path: String, then: @escaping @MainActor () -> Void = {}) {
    WorkerThreads.run({ remove(path) }, then: { _ in then() })
  }

  /// Moves the file at `path` to the desktop's Trash (GIO's, which GNOME Files lists and
  /// restores from); nil, or why it could not (the file is then left where it is).
  public static func trash(_ path: String) -> FileProblem? {
    let file = g_file_new_for_path(path)
    defer { g_object_unref(UnsafeMutableRawPointer(file)) }
    var error: UnsafeMutablePointer<GError>?
    guard g_file_trash(file, nil, &error) == 0, let error else { return nil }
    defer { g_error_free(error) }
    return FileProblem(error)
  }

  private static func taking(_ text: UnsafeMutablePointer<gchar>?) -> String {
    guard let text else { return "" }
    defer { g_free(text) }
    return String(cString: text)
  }
}
