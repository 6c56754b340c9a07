// The store owns one file and one rule: never lose the user's data. Saves go through GLib's
// g_file_set_contents_full (temp file, fsync, rename), so a crash leaves the old or the new
// file, never half of one; the staging files a killed save left behind (names only the app
// makes) are cleared at the next start. A file that cannot be read blocks every save until
// the user explicitly moves it aside; nothing is ever deleted. A symbolic link (data kept in
// a synced folder) is followed, and stays a link; a second link, in the synced folder, came
// from another computer and is not. Each save states its lineage: the saves it holds per
// computer and which save last changed each part (`Lineage`, `Stamps`), so a merge proves
// what was deleted without a version kept from before, however long two computers were
// apart. The version this computer last read at start or wrote is kept beside the file
// (`merge-base.json`), so a file that did not grow from it (restored from a backup, replaced
// by a sync tool without a conflict copy) is merged with it rather than taken whole.
// A version that arrives while the app runs is named by nothing here until it is merged
// (`accept`), and a save of scrums captured before a merge is refused, so no save can name a
// version as an ancestor without its contents. One instance writes at a time
// (`DataFolderLock`). What the store leans on has a file of its own: the link policy and the
// capped read (`ScrumFileAccess`), the known versions and the kept base (`MergeBases`), this
// computer's name (`ComputerName`), the clean-up of killed saves (`LeftoverTempFiles`).
import FoundationEssentials
import Platform

/// Loads and saves the user's scrums in `<data dir>/io.github.scrumdinger.Scrumdinger/scrums.json`.
public final class ScrumStore: @unchecked Sendable {
  /// The folder holding the scrums file.
  public let directory: String
  /// Our file (possibly a symbolic link to the real one).
  public var path: String { directory + "/scrums.json" }
  /// Apple Scrumdinger's file, read when ours does not exist yet.
  public var legacyPath: String { directory + "/scrums.data" }
  /// The version of the file this computer last read or wrote, kept privately across
  /// restarts: the base a merge after a restart can prove (`Lineage`).
  public var keptBasePath: String { keptBase.path }
  private let keptBase: KeptBase
  private let writeLock: DataFolderLock

  private let lock = Locked(())
  private var unreadablePath: String?
  /// The keys of the file itself that this version does not know, kept for the next save.
  private var fileUnknown = UnknownFields()
  /// The scrums as the file was when this store last read or wrote it, and its bytes: how
  /// our own save is told from a change made elsewhere.
  private var lastKnown: (scrums: [DailyScrum], bytes: Data, stamp: FileStamp?)? {
    didSet { knownGeneration += 1 }
  }
  /// Counts the changes of `lastKnown`: an arrival read under one count is stale under another.
  private var knownGeneration = 0
  /// The versions a merge may use as its base, and what the app holds grew from.
  private var bases = MergeBases()
  /// Set when the file read at start did not grow from the version kept on disk, and was
  /// merged with it: what the file held as it was, and what the merge kept of ours.
  private var mergedAtStart: StartMerge?
  /// What the version kept on disk held that the file read at start no longer does, grown
  /// from it or merged with it over a proven base: removed on another computer while the app
  /// was closed.
  private var removedWhileClosed: MergeRemovals?
  /// This computer's last version, shown at start because the file was gone.
  private var missingAtStart: [DailyScrum]?
  /// Held while the file is written, or read to see whether it changed elsewhere.
  private let io = Locked(())

  /// A store in `directory` (created on the first save).
  public init(directory: String) {
    self.directory = directory
    keptBase = KeptBase(path: directory + "/merge-base.json")
    writeLock = DataFolderLock(path: directory + "/scrums.json.lock")
  }

  /// The user's data folder per the XDG rules (`$XDG_DATA_HOME`, else `~/.local/share`),
  /// as GLib reads it, plus the app id.
  public static var defaultDirectory: String {
    Files.userDataFolder + "/" + appID
  }

  /// Whether saving is refused because a file could not be read.
  public var isBlocked: Bool { lock.withLock { _ in unreadablePath != nil } }

  /// Whether another instance owns the folder, so this one never saves.
  public var isReadOnly: Bool { writeLock.isReadOnly }

  // MARK: One writer

  /// Takes the folder's write lock for this store's lifetime; false (and read-only from now
  /// on) when another instance holds it. Clears temp files our interrupted saves left, once
  /// the lock is ours.
  @discardableResult
  public func claimWriting() -> Bool {
    writeLock.claim { removeLeftoverTempFiles() }
  }

  /// Deletes the staging files a killed save left (`Files.stagingName`, a name only the app
  /// makes): beside the scrums file (in the synced folder, where a link points), in the data
  /// folder and the transcripts'; nothing else. Returns how many.
  @discardableResult
  public func removeLeftoverTempFiles() -> Int {
    LeftoverTempFiles.remove(of: syncedFile, andJSONIn: [directory, directory + "/transcripts"])
  }

  // MARK: Loading

  /// Reads the scrums. No file → an empty list, or, where this computer kept its last version
  /// (the file was deleted or moved while the app was closed), that version, said once
  /// (`takeMissingAtStart`). If only Apple's `scrums.data` is there, it is read (and left in
  /// place; the next save writes `scrums.json`). Duplicate ids get fresh ones (`notes` says
  /// which), so every card opens its own scrum.
  public func load(notes: ((String) -> Void)? = nil) throws(StoreError) -> [DailyScrum] {
    let candidate = [path, legacyPath].first { Files.kind(at: $0) != nil }
    guard let file = candidate else {
      guard case .other(let scrums, let lineage) = keptVersion(against: Data()) else { return [] }
      let kept = (scrums: scrums, lineage: lineage)
      lock.withLock { _ in
        unreadablePath = nil
        guard !kept.scrums.isEmpty else { return }
        bases.held = kept.lineage
        nameComputer()
        bases.remember(kept.scrums, kept.lineage, replacingParts: true)
        missingAtStart = kept.scrums
      }
      return kept.scrums
    }
    do {
      // The stamp before the bytes: a file replaced between the two is read again, never
      // taken as known.
      let stamp = Files.stamp(of: file)
      let data = try ScrumFileAccess.bytes(of: file)
      var contents = try ScrumFile.contents(of: data)
      for note in ScrumFile.freshenDuplicateIDs(&contents.scrums) { notes?(note) }
      let lineage = Lineage(of: contents.unknown, bytes: data)
      let told = keptVersion(against: data)
      var kept: (scrums: [DailyScrum], lineage: Lineage)?
      if case .other(let scrums, let lineage) = told { kept = (scrums, lineage) }
      let grown = kept.map { lineage.descends(from: $0.lineage) } ?? true
      lock.withLock { _ in
        unreadablePath = nil
        fileUnknown = contents.unknown
        lastKnown = (contents.scrums, data, stamp)
        bases.held = lineage
        nameComputer()
        if let kept { bases.remember(kept.scrums, kept.lineage, replacingParts: true) }
        if grown { bases.remember(contents.scrums, lineage, replacingParts: true) }
      }
      guard let kept, !grown else {
        if let kept {
          let removals = MergeRemovals(before: kept.scrums, after: contents.scrums)
          if !removals.isEmpty { lock.withLock { _ in removedWhileClosed = removals } }
        }
        if case .same = told {} else { keepAsBase(data) }
        return contents.scrums
      }
      return mergeAtStart(
        kept: kept, file: contents.scrums, lineage: lineage, written: stamp?.modified)
    } catch {
      lock.withLock { _ in unreadablePath = file }
      throw StoreError.unreadable(path: file, reason: error)
    }
  }

  /// The file read at start did not grow from `kept`, this computer's last version: both are
  /// merged (what only this computer held is kept; a deletion is carried over only where the
  /// file provably grew from a version that had the entry), and what the file held is kept for
  /// "Use the File as It Is". The kept base stays until the merge is saved.
  private func mergeAtStart(
    kept: (scrums: [DailyScrum], lineage: Lineage), file: [DailyScrum], lineage: Lineage, written: Date?
  ) -> [DailyScrum] {
    lock.withLock { _ in bases.held = kept.lineage }
    let base = io.withLock { _ in provenBase(for: file, lineage: lineage) }
    // Lineage orders the two where it can: a file this computer's version grew from (a
    // restored older copy) is the older side whatever its time says.
    let keptIsNewer = kept.lineage.descends(from: lineage)
    let outcome = ScrumMerge.merge(
      base: base, ours: kept.scrums, theirs: file, oursEdited: [:],
      theirsWritten: keptIsNewer ? .distantPast : (written ?? .distantFuture))
    // What the merge proved deleted elsewhere (a computer that deleted it knowingly, in a
    // version this one's last save did not see) is said as what a merge removes, with Undo:
    // never shown here since, it would otherwise go without a word, its recording with it.
    let removals = MergeRemovals(before: kept.scrums, after: outcome.scrums)
    if !removals.isEmpty { lock.withLock { _ in removedWhileClosed = removals } }
    guard outcome.scrums != file else { return file }
    lock.withLock { _ in
      mergedAtStart = StartMerge(fileAsIs: file, merged: outcome.scrums)
    }
    return outcome.scrums
  }

  /// What the file read at start, grown from this computer's last version, no longer held of
  /// it (removed on another computer while the app was closed), once: to be seen, with Undo,
  /// like what a merge removes.
  public func takeRemovedWhileClosed() -> MergeRemovals? {
    lock.withLock { _ in
      defer { removedWhileClosed = nil }
      return removedWhileClosed
    }
  }

  /// `scrums` with what a merge removed put back (an Undo, or a removal that cannot wait for
  /// one): saved as made anew here, so that every computer's merge keeps it.
  public func restoring(_ removals: MergeRemovals, into scrums: [DailyScrum]) -> [DailyScrum] {
    lock.withLock { _ in bases.forget(removals.removedPartIDs) }
    return removals.restored(into: scrums)
  }

  /// This computer's last version, shown at start in place of a scrums file that was gone,
  /// once: nil when the file was there (or never was).
  public func takeMissingAtStart() -> [DailyScrum]? {
    lock.withLock { _ in
      defer { missingAtStart = nil }
      return missingAtStart
    }
  }

  /// What a merge at start kept that the file did not hold, once: nil when the file was taken
  /// as it was.
  public func takeStartMerge() -> StartMerge? {
    lock.withLock { _ in
      defer { mergedAtStart = nil }
      return mergedAtStart
    }
  }

  /// Reads one scrums file of either format.
  public static func read(_ file: String) throws(UnreadableReason) -> [DailyScrum] {
    try contents(of: file).scrums
  }

  /// Reads one scrums file of either format, with the file's own unknown keys.
  static func contents(of file: String) throws(UnreadableReason) -> ScrumFile.Contents {
    try ScrumFile.contents(of: ScrumFileAccess.bytes(of: file))
  }

  /// Reads a version of the scrums file that arrived from elsewhere (a sync tool's conflict
  /// copy), with the lineage it states. Only a regular file no larger than `maximumSize` is
  /// read (no link, pipe, device or /proc file), as the descriptor it was opened as says.
  public static func readArrived(_ file: String) throws(UnreadableReason) -> (scrums: [DailyScrum], lineage: Lineage) {
    try ScrumFileAccess.version(in: ScrumFileAccess.regularBytes(of: file))
  }

  /// The version kept on disk from the last run, told against `data` (read once, at start:
  /// a version the file may have grown from while the app was closed, or not).
  private func keptVersion(against data: Data) -> KeptBase.Version {
    guard lock.withLock({ _ in bases.held == nil }) else { return .none }
    return keptBase.version(against: data)
  }

  /// Names this computer in the versions' saves, once, under `lock` (a copy that does not own
  /// the folder, which only reads, keeps no name).
  private func nameComputer() {
    guard bases.computer.isEmpty else { return }
    bases.name(ComputerName.of(folder: directory, writable: !isReadOnly))
  }

  /// Keeps `data` (the file as read at start, or just written) as the base: not by a copy
  /// that does not own the folder, which only reads.
  private func keepAsBase(_ data: Data) {
    if !isReadOnly { keptBase.keep(data) }
  }

  // MARK: Saving

  /// How many versions from elsewhere what the app holds has merged: read with the scrums a
  /// save is to write, on the thread that merges (`save(_:holding:)`). While merges made off
  /// the main loop are not shown yet, -1, which no save holds.
  public var mergesMade: Int { lock.withLock { _ in mergesUnshown ? -1 : bases.mergesHeld } }

  /// Whether versions are being merged off the main loop whose result the app does not show
  /// yet: the store counts them as merged already, so a save of what is shown meanwhile would
  /// name versions its scrums lack. Saves are refused then (as changed elsewhere, and made
  /// again after the look that shows the merge).
  private var mergesUnshown = false

  /// Says that merges are being made off the main loop and not shown yet (true), or that
  /// what is shown holds them now (false).
  public func holdSaves(whileMerging merging: Bool) {
    lock.withLock { _ in mergesUnshown = merging }
  }

  /// Replaces the file atomically (mode 0600); through a symbolic link, the file it points
  /// to, in its own folder. Refused while an unreadable file stands, or read-only; and, when
  /// `merges` (`mergesMade` as the scrums were captured) is given, refused as changed
  /// elsewhere if a version from elsewhere was merged since: the scrums do not hold it, so
  /// they must not name it as an ancestor (nor be written over it).
  public func save(_ scrums: [DailyScrum], holding merges: Int? = nil) throws(StoreError) {
    let blocked = lock.withLock { _ in
      // The unreadable file is gone: nothing is left to write over.
      if unreadablePath == path, Files.kind(at: path) == nil { unreadablePath = nil }
      return unreadablePath
    }
    if let blocked { throw .saveRefused(path: blocked) }
    if isReadOnly { throw .readOnly(path: path) }
    hashKnownParts()
    // Under `io`, which a merge takes too: no merge comes between the check and the write.
    try io.withLock { _ throws(StoreError) in
      let (lineage, unknown) = try lock.withLock { _ throws(StoreError) in
        if let merges, merges != bases.mergesHeld || mergesUnshown { throw .changedElsewhere(path: path) }
        nameComputer()
        return (bases.nextSave(of: scrums), fileUnknown)
      }
      var stated = unknown
      for field in lineage.fields { stated.set(field.key, json: field.json) }
      let data = ScrumFile.encode(scrums, unknown: stated)
      // A file no reader takes (this app's included) is never written over one it takes.
      guard data.count <= ScrumFile.maximumSize else {
        throw .writeFailed(
          path: path,
          message: tr(
            "the scrums would make a file of %@, larger than any scrums file can be (%@)", Texts.bytes(data.count),
            Texts.bytes(ScrumFile.maximumSize)))
      }
      // Changed elsewhere since we read it, or come since we found none (a sync tool brought
      // it): saving now would lose that. The file monitor's merge comes first, and saves.
      // (Through the user's link: the file where it points.)
      if let stamp = Files.stamp(of: path) {
        guard let known = lock.withLock({ _ in lastKnown }) else { throw .changedElsewhere(path: path) }
        if stamp != known.stamp, (try? ScrumFileAccess.bytes(of: path)) != known.bytes {
          throw .changedElsewhere(path: path)
        }
      }
      try write(data)
      keepAsBase(data)
      // As written: without transcripts (they stay on this computer), a known version.
      let written = scrums.withoutTranscripts
      lock.withLock { _ in
        lastKnown = (written, data, Files.stamp(of: path))
        fileUnknown = stated
        bases.held = lineage
        bases.remember(written, lineage, replacingParts: true)
      }
    }
  }

  /// The base to merge `theirs` (a version from elsewhere: the file changed under us, a sync
  /// tool's conflict copy) over what the app holds: of the versions this computer knows, the
  /// one both provably grew from and that `theirs` grew from last. Where none is proven (none
  /// kept, or neither side grew from one), the one `theirs` most likely grew from, unproven:
  /// the merge then deletes nothing. What the app holds grows from `theirs` from now on, and
  /// it is a known version.
  public func mergeBase(for theirs: [DailyScrum], lineage: Lineage) -> MergeBase {
    hashKnownParts()
    return io.withLock { _ in provenBase(for: theirs, lineage: lineage) }
  }

  /// Hashes the parts of the version read, if not yet, without holding the store's lock
  /// meanwhile: what a save or a merge needs first. Loading leaves it for after the scrums
  /// are shown (a file of a million parts takes a while); a save or a merge does it first.
  public func hashKnownParts() {
    guard let unhashed = lock.withLock({ _ in bases.unhashed }) else { return }
    let hashed = unhashed.hashed
    lock.withLock { _ in bases.hashParts(hashed) }
  }

  /// `mergeBase`, with `io` held.
  private func provenBase(for theirs: [DailyScrum], lineage: Lineage) -> MergeBase {
    lock.withLock { _ in bases.base(for: theirs, lineage: lineage) }
  }

  private func write(_ data: Data) throws(StoreError) {
    do throws(FileProblem) {
      try Files.makeFolderOrSayWhy(directory)
    } catch {
      throw .writeFailed(path: path, message: error.inUsersWords)
    }
    let target: String
    do {
      target = try ScrumFileAccess.writeTarget(of: path)
    } catch {
      throw .writeFailed(path: path, message: error.description)
    }
    try AtomicFile.write(data, to: target)
  }

  // MARK: Changes made elsewhere

  /// What `checkDisk` found.
  public enum DiskChange: Sendable {
    /// The file is as we last read or wrote it (or there is none, and never was).
    case none
    /// It was changed elsewhere: a version to merge into ours, once `accept`ed.
    case changed(Arrival)
    /// It cannot be read any more: saving stops until `moveUnreadableAside`.
    case unreadable(UnreadableReason)
    /// It was deleted: the next save writes it again.
    case gone
  }

  /// A version of the file read from disk and not merged yet. Nothing in the store names it
  /// until the thread that merges it into what the app holds `accept`s it: until then a save
  /// finds the file changed elsewhere, and none can name it as an ancestor.
  public struct Arrival: Sendable {
    /// Its scrums (without transcripts: they stay on the computer that recorded them) and keys.
    public let contents: ScrumFile.Contents
    /// When it was written.
    public let written: Date
    fileprivate let data: Data
    fileprivate let stamp: FileStamp?
    fileprivate let lineage: Lineage
    /// `knownGeneration` when it was read: accepted only while that still holds.
    fileprivate let generation: Int
  }

  /// Looks at the file again (off the main thread: it reads the whole file), after a file
  /// monitor said it changed. Our own saves are recognised by their bytes.
  public func checkDisk() -> DiskChange {
    io.withLock { _ in
      let (known, generation) = lock.withLock { _ in (lastKnown, knownGeneration) }
      // Gone, or (through the user's link) gone where it points: the next save writes it again.
      guard let stamp = Files.stamp(of: path) else {
        lock.withLock { _ in if unreadablePath == path { unreadablePath = nil } }
        return known == nil ? .none : .gone
      }
      do throws(UnreadableReason) {
        if let known, stamp == known.stamp { return .none }
        let data = try ScrumFileAccess.bytes(of: path)
        if data == known?.bytes {
          lock.withLock { _ in if knownGeneration == generation { lastKnown?.stamp = stamp } }
          return .none
        }
        var contents = try ScrumFile.contents(of: data)
        // Transcripts stay on the computer that recorded them: one arriving in the file is
        // never taken as this computer's.
        contents.scrums = contents.scrums.withoutTranscripts
        return .changed(
          Arrival(
            contents: contents, written: stamp.modified, data: data, stamp: stamp,
            lineage: Lineage(of: contents.unknown, bytes: data), generation: generation))
      } catch {
        lock.withLock { _ in unreadablePath = path }
        return .unreadable(error)
      }
    }
  }

  /// Takes `arrival` as the file's version, as it is merged into what the app holds (on the
  /// thread that merges, with the merge): returns the base to merge it over, or nil when the
  /// file was read or written again since it was read (look again).
  public func accept(_ arrival: Arrival) -> MergeBase? {
    io.withLock { _ in
      let current = lock.withLock { _ in
        guard knownGeneration == arrival.generation else { return false }
        lastKnown = (arrival.contents.scrums, arrival.data, arrival.stamp)
        fileUnknown = arrival.contents.unknown
        if unreadablePath == path { unreadablePath = nil }  // readable again
        return true
      }
      return current ? provenBase(for: arrival.contents.scrums, lineage: arrival.lineage) : nil
    }
  }

  /// The files a monitor should watch: the scrums file, and the file a link points to.
  public var watchedPaths: [String] {
    let target = syncedFile
    return target == path ? [path] : [path, target]
  }

  /// The file itself, where a link points (in the synced folder, beside the sync tool's copies).
  public var syncedFile: String { (try? ScrumFileAccess.target(of: path)) ?? path }

  /// Where merged conflict copies are kept: `merged-conflicts` in the data folder.
  public var mergedConflictsFolder: String { directory + "/merged-conflicts" }

  /// Moves the unreadable file to `<name>.unreadable-<UTC timestamp>` beside it, so the user
  /// can start fresh, and unblocks saving; returns the new path. Behind the user's link, the
  /// file it points to moves (a link that arrived in the synced folder included), never the
  /// link: the next save still goes to the synced folder. A link that points nowhere has
  /// nothing to move (nil): the next save makes the file where it points.
  @discardableResult
  public func moveUnreadableAside(now: Date = Date()) throws(StoreError) -> String? {
    guard let file = lock.withLock({ _ in unreadablePath }) else {
      throw .moveAsideFailed(path: path, message: "no unreadable file is pending")
    }
    let unreadable = (file == path ? ScrumFileAccess.destination(of: file) : nil) ?? file
    guard Files.kind(at: unreadable) != nil else {
      lock.withLock { _ in unreadablePath = nil }
      return nil
    }
    let base = Path.unreadableAside(unreadable, now: now)
    var target = base
    var attempt = 1
    while Files.kind(at: target) != nil {
      attempt += 1
      target = base + "-\(attempt)"
    }
    do throws(FileProblem) {
      try Files.rename(unreadable, to: target)
    } catch {
      throw .moveAsideFailed(path: unreadable, message: error.inUsersWords)
    }
    lock.withLock { _ in unreadablePath = nil }
    return target
  }
}
