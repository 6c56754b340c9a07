// When two computers change the synced scrums file while apart, the sync tool keeps one
// version and leaves the other beside it under a name of its own. Those copies are found here
// by name, read like the file itself, and, once merged (`ScrumMerge`, over the version they
// most likely grew from), moved into the data folder's `merged-conflicts`: never deleted, and
// never left where nobody looks. The file watcher in the app decides when to look.
import CGLib
import FoundationEssentials
import Glibc

/// The conflict copies sync tools leave beside the scrums file.
public enum ConflictCopies {
  /// One conflict copy found, read or not.
  public struct Copy: Sendable {
    /// Where it is.
    public var path: String
    /// Its scrums, or why they cannot be read.
    public var contents: Result<[DailyScrum], UnreadableReason>
    /// When it was last written (the edit's time, for a field both sides changed).
    public var written: Date
  }

  /// Whether `name` is a conflict copy of the file called `fileName` ("scrums.json"):
  /// Syncthing's `scrums.sync-conflict-20261125-101500-ABCDEFG.json`, Nextcloud's
  /// `scrums (conflicted copy 2026-11-25 101500).json`, Dropbox's
  /// `scrums (Ana's conflicted copy 2026-11-25).json`.
  public static func isCopy(_ name: String, of fileName: String) -> Bool {
    let stem = fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
    guard name.hasSuffix(".json"), name != fileName else { return false }
    if name.hasPrefix(stem + ".sync-conflict-") { return true }
    return name.hasPrefix(stem + " (") && name.contains("conflicted copy")
  }

  /// The conflict copies of `file` in its folder, read (off the main thread: it reads them whole).
  public static func read(besides file: String) -> [Copy] {
    let folder = Path.folder(of: file), fileName = Path.name(of: file)
    guard let dir = g_dir_open(folder, 0, nil) else { return [] }
    var names: [String] = []
    while let entry = g_dir_read_name(dir) {
      let name = String(cString: entry)
      if isCopy(name, of: fileName) { names.append(name) }
    }
    g_dir_close(dir)
    return names.sorted().map { name in
      let path = folder + "/" + name
      var info = stat()
      let written = stat(path, &info) == 0
        ? Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9) : Date()
      return Copy(path: path, contents: Result { () throws(UnreadableReason) in try ScrumStore.read(path) }, written: written)
    }
  }

  /// Moves the merged copy at `path` into `folder` (created 0700), under its own name or, if
  /// that is taken, a numbered one; returns where it went, or nil if it could not be moved.
  public static func keep(_ path: String, in folder: String) -> String? {
    guard Path.makeFolder(folder) else { return nil }
    let name = Path.name(of: path)
    var target = folder + "/" + name
    var attempt = 1
    while access(target, F_OK) == 0 {
      attempt += 1
      target = folder + "/" + name + "-\(attempt)"
    }
    if rename(path, target) == 0 { return target }
    // Another file system (a synced folder on another disk): copy, then remove.
    guard errno == EXDEV, let data = FileManager.default.contents(atPath: path),
      (try? AtomicFile.write(data, to: target)) != nil, g_unlink(path) == 0
    else { return nil }
    return target
  }
}
