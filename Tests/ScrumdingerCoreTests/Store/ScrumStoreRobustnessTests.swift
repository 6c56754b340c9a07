import Foundation
import Testing

@testable import ScrumdingerCore

private func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

/// The reason `data` is refused, or nil when it loads.
private func refusal(_ data: Data) -> UnreadableReason? {
  do {
    _ = try ScrumFile.decode(data)
    return nil
  } catch {
    return error
  }
}

private let oneScrum =
  #"{"id": "6F1A3C0E-1111-4B7C-9B51-0E7B7C6B2E01", "title": "x", "attendees": [], "lengthInMinutes": 5, "theme": "sky", "history": []}"#

@Suite(.serialized) struct ScrumStoreRobustnessTests {
  @Test func stagingFilesOfKilledWritesAreClearedAndNothingElse() throws {
    let store = ScrumStore(directory: makeTemporaryDirectory())
    try store.save(sampleScrums)
    // The scrums file's (renamed or not yet), the kept base's, the journal's, a transcript's.
    let transcript = "transcripts/6F1A3C0E-1111-4B7C-9B51-0E7B7C6B2E01.json"
    let leftovers = [
      ".scrums.json.scrumdinger-save", ".scrums.json.scrumdinger-save.3VT6Y3",
      ".merge-base.json.scrumdinger-save.6954Y3",
      ".meeting-journal.json.scrumdinger-save.Q7xk2P", "transcripts/.6F1A3C0E.json.scrumdinger-save.Zz9Yy8",
    ]
    // A user's own files, GLib's temporary names among them (which a user's backup can bear).
    let kept = [
      "scrums.json.unreadable-20251121T044000Z", "scrums.json.backup", "notes.json.backup", "config.json.old123",
      "scrums.json.3VT6Y3", "merge-base.json.6954Y3", "notes.txt", ".notes.scrumdinger-save-copy",
      ".scrums.json.scrumdinger-save.toolong", transcript,
    ]
    try FileManager.default.createDirectory(
      atPath: store.directory + "/transcripts", withIntermediateDirectories: false)
    for name in leftovers + kept {
      #expect(FileManager.default.createFile(atPath: store.directory + "/" + name, contents: Data("x".utf8)))
    }
    try FileManager.default.createDirectory(
      atPath: store.directory + "/.scrums.json.scrumdinger-save.FOLDER", withIntermediateDirectories: false)
    #expect(store.claimWriting())
    let names = Set(try FileManager.default.subpathsOfDirectory(atPath: store.directory))
    let ours = ["scrums.json", "scrums.json.lock", "merge-base.json", "sync-computer", "transcripts"]
    #expect(names == Set(kept + ours + [".scrums.json.scrumdinger-save.FOLDER"]))
    #expect(try store.load() == sampleScrums)
  }

  /// `touch -d 2300-01-01` on the scrums file, a conflict copy and the kept base (a computer
  /// with a wrong clock, or a crafted file in the synced folder): the app starts, the copy is
  /// read with its time, and the file is seen as it is.
  @Test func filesFromAfter2262AreReadAtStart() throws {
    let store = ScrumStore(directory: makeTemporaryDirectory())
    try store.save(sampleScrums)
    let copy = store.directory + "/scrums.sync-conflict-20261126-101500-ABCDEFG.json"
    #expect(FileManager.default.createFile(atPath: copy, contents: ScrumFile.encode(Array(sampleScrums.prefix(1)))))
    for file in [store.path, copy, store.keptBasePath] {
      var times = [timespec(tv_sec: 10_413_792_000, tv_nsec: 0), timespec(tv_sec: 10_413_792_000, tv_nsec: 0)]
      #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
    }
    let again = ScrumStore(directory: store.directory)
    #expect(again.claimWriting())
    #expect(try again.load() == sampleScrums)
    let copies = ConflictCopies.read(besides: again.path)
    #expect(copies.map(\.written) == [Date(timeIntervalSince1970: 10_413_792_000)])
    guard case .none = again.checkDisk() else {
      Issue.record("the file as it was read is not a change")
      return
    }
  }

  /// A user's backups beside the scrums file, in the data folder and in the synced folder
  /// (where the file's link points), are there after ten starts, each with a save.
  @Test func aUsersBackupsSurviveTenStarts() throws {
    let data = makeTemporaryDirectory()
    let synced = makeTemporaryDirectory()
    try FileManager.default.createSymbolicLink(
      atPath: data + "/scrums.json", withDestinationPath: synced + "/scrums.json")
    #expect(FileManager.default.createFile(atPath: synced + "/scrums.json", contents: ScrumFile.encode([])))
    let backups = [
      data + "/scrums.json.backup", data + "/notes.json.backup", synced + "/scrums.json.backup",
      synced + "/notes.json.backup", synced + "/config.json.old123",
    ]
    for file in backups { #expect(FileManager.default.createFile(atPath: file, contents: Data("mine".utf8))) }
    for start in 0..<10 {
      let store = try #require(claimedStore(data))
      var scrums = try store.load()
      scrums.append(DailyScrum(title: "Start \(start)", attendees: [], lengthInMinutes: 5, theme: .sky, history: []))
      try store.save(scrums)
    }
    for file in backups { #expect(FileManager.default.contents(atPath: file) == Data("mine".utf8), "\(file)") }
    #expect(try ScrumStore(directory: data).load().count == 10)
  }

  /// Two large conflict copies merged make more than any reader takes: the save says so, and
  /// the good file stays as it was.
  @Test func aSaveLargerThanAnyReaderTakesIsRefusedAndTheFileKept() throws {
    let store = ScrumStore(directory: makeTemporaryDirectory())
    try store.save(sampleScrums)
    let before = FileManager.default.contents(atPath: store.path)
    var huge = sampleScrums
    // A key of a newer version's, kept as it came: 300 MiB of it.
    huge[0].unknown.set("attachments", json: "\"" + String(repeating: "a", count: 300 << 20) + "\"")
    #expect {
      try store.save(huge)
    } throws: { error in
      // GLib's sizes: 314.6 MB (a no-break space before the unit).
      "\(error)".contains("would make a file of 314.6\u{A0}MB, larger than any scrums file can be (268.4\u{A0}MB)")
        && "\(error)".contains("The previous file is unchanged")
    }
    #expect(FileManager.default.contents(atPath: store.path) == before)
    #expect(try ScrumStore(directory: store.directory).load() == sampleScrums)
  }

  @Test func oneWriterAtATimeTheOtherOnlyReads() throws {
    let directory = makeTemporaryDirectory()
    var first: ScrumStore? = ScrumStore(directory: directory)
    #expect(first!.claimWriting())
    try first!.save(sampleScrums)
    let second = ScrumStore(directory: directory)
    #expect(!second.claimWriting())
    #expect(second.isReadOnly)
    // The owner's kept base is older than the file (it changed elsewhere meanwhile): the
    // reader does not bring it up to date, nor write anything else.
    let kept = Data("{}".utf8)
    try kept.write(to: URL(fileURLWithPath: first!.keptBasePath))
    #expect(try second.load() == sampleScrums, "the second instance still reads")
    #expect(FileManager.default.contents(atPath: second.keptBasePath) == kept, "the kept base is the owner's")
    #expect(throws: StoreError.readOnly(path: second.path)) { try second.save([]) }
    #expect(try ScrumStore(directory: directory).load() == sampleScrums, "nothing was written over")
    first = nil  // the owner quits (or crashes): the kernel drops its lock
    #expect(claimedStore(directory) != nil)
  }

  @Test func duplicateIDsGetFreshOnesAndTheDataIsKept() throws {
    let shared = UUID()
    let person = Attendee(name: "Ana")
    let entry = History(attendees: ["Ana"], durationSeconds: 60)
    let scrums = [
      DailyScrum(id: shared, title: "One", attendees: [person, person], history: [entry, entry]),
      DailyScrum(id: shared, title: "Two"),
    ]
    let store = ScrumStore(directory: makeTemporaryDirectory())
    try store.save(scrums)
    var notes: [String] = []
    let loaded = try store.load { notes.append($0) }
    #expect(loaded.map(\.title) == ["One", "Two"])
    #expect(Set(loaded.map(\.id)).count == 2)
    #expect(loaded[0].id == shared, "the first keeps its id")
    #expect(Set(loaded[0].attendees.map(\.id)).count == 2)
    #expect(loaded[0].attendees.map(\.name) == ["Ana", "Ana"])
    #expect(Set(loaded[0].history.map(\.id)).count == 2)
    #expect(notes.count == 3)
    #expect(notes[0].hasPrefix("scrums[1] had the id \(shared)"))
  }

  @Test func oddThingsWhereTheFileShouldBeAreNamed() throws {
    func reason(_ make: (String) throws -> Void) throws -> UnreadableReason? {
      let store = ScrumStore(directory: makeTemporaryDirectory())
      try make(store.path)
      do {
        _ = try store.load()
        return nil
      } catch {
        guard case .unreadable(_, let reason) = error else { return nil }
        #expect(throws: StoreError.saveRefused(path: store.path)) { try store.save([]) }
        return reason
      }
    }
    #expect(
      try reason { try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: false) }
        == .isFolder)
    let fifo = try reason { path in
      guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
    #expect(fifo == .notRegularFile, "a FIFO must not be opened: it blocks")
    #expect(
      try reason { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: "/dev/zero") }
        == .notRegularFile)
    let dangling = try reason {
      try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: "elsewhere/gone.json")
    }
    guard case .danglingLink(let target) = dangling, target.hasSuffix("/elsewhere/gone.json") else {
      Issue.record("a relative dangling link: \(String(describing: dangling))")
      return
    }
    #expect(UnreadableReason.isFolder.description == "it is a folder, not a file")
    #expect(UnreadableReason.notRegularFile.description == "it is not a regular file")
    #expect(UnreadableReason.permissionDenied.description == "permission denied")
  }

  @Test func aSymbolicLinkIsFollowedAndStaysALink() throws {
    let synced = makeTemporaryDirectory()
    let real = synced + "/scrums.json"
    let store = ScrumStore(directory: makeTemporaryDirectory())
    try ScrumStore(directory: synced).save(sampleScrums)
    try FileManager.default.createSymbolicLink(atPath: store.path, withDestinationPath: real)
    #expect(try store.load() == sampleScrums)
    let renamed = sampleScrums.map {
      var s = $0
      s.title += "!"
      return s
    }
    try store.save(renamed)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: store.path) == real, "the link was replaced")
    #expect(try ScrumStore(directory: synced).load() == renamed, "the real file did not get the save")
  }

  /// Syncthing synced a link into the shared folder where the file was: unreadable (a second
  /// link is never followed). Keep Mine moves that link aside in the synced folder, never the
  /// user's own link, and the next save reaches the synced folder as a file.
  @Test func keepMineWithALinkInTheSyncedFolderKeepsTheUsersLink() throws {
    let synced = makeTemporaryDirectory()
    let real = synced + "/scrums.json"
    let store = ScrumStore(directory: makeTemporaryDirectory())
    try FileManager.default.createSymbolicLink(atPath: real, withDestinationPath: "/etc/passwd")
    try FileManager.default.createSymbolicLink(atPath: store.path, withDestinationPath: real)
    #expect(throws: StoreError.unreadable(path: store.path, reason: .isLink)) { try store.load() }
    let aside = try #require(try store.moveUnreadableAside(now: Date(timeIntervalSince1970: 1_763_700_000)))
    #expect(aside == real + ".unreadable-20251121T044000Z")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: aside) == "/etc/passwd", "the link that came, kept")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: store.path) == real, "the user's link stays")
    try store.save(sampleScrums)
    #expect(try ScrumStore(directory: synced).load() == sampleScrums, "the save reached the synced folder")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: store.path) == real)
  }

  /// The synced folder's file was deleted elsewhere: Start Fresh has nothing to move, and the
  /// save makes the file where the link points.
  @Test func startFreshThroughALinkThatPointsNowhereMakesTheFileThere() throws {
    let synced = makeTemporaryDirectory()
    let store = ScrumStore(directory: makeTemporaryDirectory())
    try FileManager.default.createSymbolicLink(atPath: store.path, withDestinationPath: synced + "/scrums.json")
    #expect(throws: StoreError.self) { try store.load() }
    #expect(try store.moveUnreadableAside() == nil)
    try store.save(sampleScrums)
    #expect(try ScrumStore(directory: synced).load() == sampleScrums)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: store.path) == synced + "/scrums.json")
  }

  @Test func aDanglingLinkIsUnreadableNotEmpty() throws {
    let store = ScrumStore(directory: makeTemporaryDirectory())
    try FileManager.default.createSymbolicLink(atPath: store.path, withDestinationPath: "/nonexistent/scrums.json")
    #expect(throws: StoreError.unreadable(path: store.path, reason: .danglingLink(target: "/nonexistent/scrums.json")))
    {
      try store.load()
    }
  }

  @Test func filesThatCrashedTheAppAreRefusedWithAReason() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(
      refusal(Data(#"{"version": 1, "deep": \#(deep), "scrums": []}"#.utf8)) == .nestedTooDeeply(JSONShape.maximumDepth)
    )
    let deepObjects = String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
    #expect(
      refusal(Data(#"{"version": 1, "scrums": [], "x": \#(deepObjects)}"#.utf8))
        == .nestedTooDeeply(JSONShape.maximumDepth))
    // Apple's format: a history length of 2^63-1 minutes, dates of 1e300 and of year -1168.
    func apple(length: String = "5", date: String = "700000000") -> Data {
      Data(
        #"[{"id": "6F1A3C0E-1111-4B7C-9B51-0E7B7C6B2E01", "title": "x", "attendees": [], "lengthInMinutes": 5, "theme": "sky", "history": [{"id": "6F1A3C0E-1111-4B7C-9B51-0E7B7C6B2E02", "date": \#(date), "attendees": [], "lengthInMinutes": \#(length)}]}]"#
          .utf8)
    }
    #expect(try ScrumFile.decode(apple()).first?.history.first?.durationSeconds == 300)
    guard case .invalidValue = refusal(apple(length: "9223372036854775807")) else {
      Issue.record("huge length")
      return
    }
    guard case .invalidValue = refusal(apple(date: "1e300")) else {
      Issue.record("date 1e300")
      return
    }
    guard case .invalidValue = refusal(apple(date: "-100000000000")) else {
      Issue.record("year -1168")
      return
    }
    // Ours: a date in year 33689 or year 0 is refused, not silently changed by the next save.
    func ours(date: String, seconds: String = "60") -> Data {
      Data(
        #"{"version": 1, "scrums": [{"id": "6F1A3C0E-1111-4B7C-9B51-0E7B7C6B2E01", "title": "x", "attendees": [], "lengthInMinutes": 5, "theme": "sky", "history": [{"id": "6F1A3C0E-1111-4B7C-9B51-0E7B7C6B2E02", "date": "\#(date)", "attendees": [], "durationSeconds": \#(seconds)}]}]}"#
          .utf8)
    }
    #expect(refusal(ours(date: "2026-11-20T09:00:00Z")) == nil)
    #expect(refusal(ours(date: "+33689-01-01T00:00:00Z")) != nil)
    #expect(refusal(ours(date: "0000-06-01T00:00:00Z")) != nil)
    guard case .invalidValue = refusal(ours(date: "2026-11-20T09:00:00Z", seconds: "9223372036854775807")) else {
      Issue.record("huge duration")
      return
    }
  }

  @Test func aFiveMegabyteTitleLoadsWholeAndIsShownCut() throws {
    let title = String(repeating: "长", count: 5_000_000 / 3)
    let store = ScrumStore(directory: makeTemporaryDirectory())
    try store.save([DailyScrum(title: title)])
    #expect(try store.load().first?.title == title, "the data is kept whole")
    let shown = Texts.shown(title)
    #expect(shown.count == Texts.shownLength + 1)
    #expect(shown.hasSuffix("…"))
    #expect(Texts.shown("Design") == "Design")
  }

  @Test func aTruncatedFileIsRefusedByTheFastPass() throws {
    let scrums = (0..<50).map { scrumIndex in
      DailyScrum(
        title: "S\(scrumIndex)", history: (0..<200).map { History(attendees: ["A", "B"], durationSeconds: $0) })
    }
    let whole = ScrumFile.encode(scrums)
    let lastBrace = whole.lastIndex(of: UInt8(ascii: "}"))!  // the file may end in a newline
    for cut in [whole.count / 2, lastBrace, 17, 1] {
      #expect(refusal(whole.prefix(cut)) == .notJSON, "cut at \(cut)")
    }
    #expect(JSONShape(whole.prefix(whole.count / 2)).isCutShort)
    #expect(!JSONShape(whole).isCutShort)
  }

  @Test func theWriterIsTotal() throws {
    let extremes = [
      Date(timeIntervalSince1970: 1e300), Date(timeIntervalSince1970: -1e300), Date.distantPast, Date.distantFuture,
    ]
    let scrum = DailyScrum(title: "x", history: extremes.map { History(date: $0, attendees: [], durationSeconds: 1) })
    let loaded = try ScrumFile.decode(ScrumFile.encode([scrum]))
    let dates = loaded[0].history.map(\.date)
    #expect(dates.allSatisfy { History.dateRange.contains($0) })
    #expect(dates[0] == History.dateRange.upperBound)
    #expect(dates[1] == History.dateRange.lowerBound)
  }
}

/// A store of `directory` that holds the folder's write lock, once the lock is free. A store
/// given up in this process frees it at once, but a child process another test starts meanwhile
/// holds a copy of the lock's descriptor from its fork until it runs its program (`ChildProcess`
/// runs its setup between the two), and the lock goes with the copy: so new stores try again,
/// until a limit only a hang reaches (60 s). Nil when none got it by then.
private func claimedStore(_ directory: String) -> ScrumStore? {
  let limit = ContinuousClock.now + .seconds(60)
  repeat {
    let store = ScrumStore(directory: directory)  // a store refused once stays read-only
    if store.claimWriting() { return store }
    Thread.sleep(forTimeInterval: 0.01)
  } while ContinuousClock.now < limit
  return nil
}
