import FoundationEssentials
// When two computers change the synced scrums file while apart, the sync tool keeps one
// version and leaves the other beside it under a name of its own. Those copies are found here
// by name and read as what they are, input from another computer: only a regular file under
// the reader's cap is opened (never a link, a pipe or a device). Once merged (`Reconciliation`,
// over the base the store proves) a copy moves into the data folder's `merged-conflicts`:
// never deleted, and never left where nobody looks; after 30 days there it goes to the Trash. The file watcher in the app decides when
// to look.
import Platform

/// The conflict copies sync tools leave beside the scrums file.
public enum ConflictCopies {
  /// One conflict copy found, read or not.
  public struct Copy: Sendable {
    /// Where it is.
    public var path: String
    /// Its scrums and the lineage it states, or why they cannot be read.
    public var contents: Result<(scrums: [DailyScrum], lineage: Lineage), UnreadableReason>
    /// When it was last written (the edit's time, for a field both sides changed).
    public var written: Date
    /// What tells this copy from a later one at the same path (a copy refused once is not
    /// read again until it changes).
    public var mark: Mark
  }

  /// A file's identity and version as `lstat` gives them (the link itself, never its target).
  public struct Mark: Hashable, Sendable {
    var inode: UInt, size: Int, seconds: Int, nanoseconds: Int
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

  /// How many bytes of copies one pass reads at most: a pass's copies are decoded and held at
  /// once, so a folder of large copies is merged a few at a time.
  public static let bytesPerPass = 512 << 20
  /// How many copies one pass reads at most: a folder of thousands is merged a hundred at a
  /// time, and what each pass gave is shown before the next is read.
  public static let copiesPerPass = 100

  /// The conflict copies of `file` in its folder, read (off the main thread: it reads them
  /// whole) as files that arrived from elsewhere (`ScrumStore.readArrived`: no link, pipe,
  /// device or oversized file is opened), but those `refused` before and unchanged since:
  /// newest first, up to `bytesPerPass` and `copiesPerPass` of them (the rest once these are
  /// merged and moved).
  public static func read(besides file: String, skipping refused: [String: Mark] = [:]) -> [Copy] {
    let folder = Files.folder(of: file)
    let fileName = Files.name(of: file)
    let found = Files.names(in: folder).filter { isCopy($0, of: fileName) }.compactMap {
      name -> (path: String, stamp: FileStamp, mark: Mark)? in
      let path = folder + "/" + name
      guard let stamp = Files.stamp(of: path, followingLinks: false) else { return nil }
      let mark = Mark(inode: stamp.inode, size: stamp.size, seconds: stamp.seconds, nanoseconds: stamp.nanoseconds)
      return refused[path] == mark ? nil : (path, stamp, mark)
    }
    var budget = bytesPerPass
    var copies: [Copy] = []
    // Newest first: file times compared as they are (seconds, then nanoseconds), whatever their size.
    let newestFirst = found.sorted {
      ($0.mark.seconds, $0.mark.nanoseconds, $1.path) > ($1.mark.seconds, $1.mark.nanoseconds, $0.path)
    }
    for (path, stamp, mark) in newestFirst.prefix(copiesPerPass) {
      // One too large to read costs nothing: it is refused unread.
      if mark.size <= ScrumFile.maximumSize {
        guard mark.size <= budget || copies.isEmpty else { break }
        budget -= mark.size
      }
      copies.append(
        Copy(
          path: path, contents: Result { () throws(UnreadableReason) in try ScrumStore.readArrived(path) },
          written: stamp.modified, mark: mark))
    }
    return copies
  }

  /// How long a merged copy is kept in `merged-conflicts` before it goes to the Trash.
  public static let keptFor: TimeInterval = 30 * 86_400

  /// Moves the merged copies kept in `folder` longer than `keptFor` before `now` to the Trash
  /// (a regular file the app named alone: no link, no folder); returns how many went.
  @discardableResult
  public static func pruneKept(in folder: String, now: Date = Date()) -> Int {
    var trashed = 0
    for name in Files.names(in: folder) {
      let path = folder + "/" + name
      guard Files.kind(at: path) == .regular, let stamp = Files.stamp(of: path, followingLinks: false),
        now.timeIntervalSince(stamp.modified) > keptFor, Files.trash(path) == nil
      else { continue }
      trashed += 1
    }
    return trashed
  }

  /// Moves the merged copy at `path` into `folder` (created 0700), under its own name or, if
  /// that is taken, a numbered one; returns where it went, or nil if it could not be moved.
  public static func keep(_ path: String, in folder: String) -> String? {
    guard Files.makeFolder(folder) else { return nil }
    let name = Files.name(of: path)
    var target = folder + "/" + name
    var attempt = 1
    while Files.kind(at: target) != nil {
      attempt += 1
      target = folder + "/" + name + "-\(attempt)"
    }
    do throws(FileProblem) {
      try Files.rename(path, to: target)
      Files.touch(target)  // when it was kept, for `pruneKept`
      return target
    } catch {
      guard error.kind == .otherFileSystem else { return nil }
    }
    // Another file system (a synced folder on another disk): copy, then remove; never left
    // in both places (it would be merged again).
    guard let data = try? Files.readRegular(path, limit: ScrumFile.maximumSize),
      (try? AtomicFile.write(data, to: target)) != nil
    else { return nil }
    guard Files.remove(path) else {
      Files.remove(target)
      return nil
    }
    return target
  }
}
