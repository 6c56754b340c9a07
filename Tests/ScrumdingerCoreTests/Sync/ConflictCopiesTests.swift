import Foundation
import Platform
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

@Suite struct ConflictCopiesTests {
  @Test func theThreeSyncToolsCopiesAreKnownByNameAndNothingElse() {
    for name in [
      "scrums.sync-conflict-20261125-101500-ABCDEFG.json", "scrums (conflicted copy 2026-11-25 101500).json",
      "scrums (Ana's conflicted copy 2026-11-25).json",
    ] {
      #expect(ConflictCopies.isCopy(name, of: "scrums.json"), "\(name)")
    }
    #expect(
      ConflictCopies.isCopy("team.sync-conflict-20261125-101500-ABCDEFG.json", of: "team.json"),
      "a link's target of another name")
    for name in [
      "scrums.json", "scrums.json.sync-1f2e", "scrums.json.lock", "recording-consent.json", "scrums (1).json",
      "other.sync-conflict-20261125-101500-ABCDEFG.json", "scrums.sync-conflict-20261125-101500-ABCDEFG.json.tmp",
    ] {
      #expect(!ConflictCopies.isCopy(name, of: "scrums.json"), "\(name)")
    }
  }

  /// 150 small copies (a long time apart, many restarts): one pass reads the newest 100; the
  /// rest wait for the next. Before, a pass read them all, whatever their number.
  @Test func onePassReadsAtMostAHundredCopies() throws {
    let folder = NSTemporaryDirectory() + "conflicts-\(UUID())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let data = ScrumFile.encode([DailyScrum(title: "Standup")])
    for index in 0..<150 {
      let path = folder + "/scrums.sync-conflict-20261125-\(100_000 + index)-ABCDEFG.json"
      #expect(FileManager.default.createFile(atPath: path, contents: data))
      try FileManager.default.setAttributes([.modificationDate: Date() - Double(index) * 60], ofItemAtPath: path)
    }
    let pass = ConflictCopies.read(besides: folder + "/scrums.json")
    #expect(pass.count == ConflictCopies.copiesPerPass)
    #expect(pass.first.map { Files.name(of: $0.path) } == "scrums.sync-conflict-20261125-100000-ABCDEFG.json")
  }

  /// A copy merged 31 days ago goes to the Trash at the next start; one merged today, and a
  /// link or folder placed there, stay. (Before, `merged-conflicts` grew for ever.)
  @Test func mergedCopiesGoToTheTrashAfterThirtyDays() throws {
    let data = makeTemporaryDirectory()
    let source = data + "/scrums.sync-conflict-20261125-101500-ABCDEFG.json"
    let folder = data + "/merged-conflicts"
    #expect(FileManager.default.createFile(atPath: source, contents: ScrumFile.encode([])))
    try FileManager.default.setAttributes([.modificationDate: Date() - 90 * 86_400], ofItemAtPath: source)
    let kept = try #require(ConflictCopies.keep(source, in: folder))
    let old = folder + "/scrums.sync-conflict-20261020-101500-ABCDEFG.json"
    #expect(FileManager.default.createFile(atPath: old, contents: ScrumFile.encode([])))
    try FileManager.default.setAttributes([.modificationDate: Date() - 31 * 86_400], ofItemAtPath: old)
    try FileManager.default.createSymbolicLink(atPath: folder + "/link.json", withDestinationPath: old)
    #expect(ConflictCopies.pruneKept(in: folder) == 1, "the copy kept 31 days, not the one kept today (written 90 ago)")
    #expect(FileManager.default.fileExists(atPath: kept))
    #expect(!FileManager.default.fileExists(atPath: old))
    #expect(trashed(Files.name(of: old)))
  }

  /// Three copies of 200 MiB (two large merges that met): one pass reads the newest two,
  /// 400 MiB of the 512 it takes; the third waits for the next pass.
  @Test func onePassReadsAtMost512MiBOfCopiesNewestFirst() throws {
    let folder = NSTemporaryDirectory() + "conflicts-\(UUID())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let names = (1...3).map { "scrums.sync-conflict-20261125-10150\($0)-ABCDEFG.json" }
    for (age, name) in names.enumerated() {
      let path = folder + "/" + name
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      #expect(truncate(path, 200 << 20) == 0)  // sparse: no disk used
      try FileManager.default.setAttributes([.modificationDate: Date() - Double(age) * 60], ofItemAtPath: path)
    }
    let first = ConflictCopies.read(besides: folder + "/scrums.json")
    #expect(first.map { Files.name(of: $0.path) } == Array(names.prefix(2)))
    let skipped = Dictionary(uniqueKeysWithValues: first.map { ($0.path, $0.mark) })
    #expect(
      ConflictCopies.read(besides: folder + "/scrums.json", skipping: skipped).map { Files.name(of: $0.path) } == [
        names[2]
      ])
  }

  @Test func copiesAreReadBesideTheFileAndKeptInTheDataFolderNeverOverwritten() throws {
    let folder = NSTemporaryDirectory() + "conflicts-\(UUID())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let file = folder + "/scrums.json"
    let scrum = DailyScrum(title: "Design")
    try ScrumFile.encode([scrum]).write(to: URL(fileURLWithPath: file))
    let copy = folder + "/scrums.sync-conflict-20261125-101500-ABCDEFG.json"
    try ScrumFile.encode([scrum]).write(to: URL(fileURLWithPath: copy))
    let broken = folder + "/scrums (conflicted copy 2026-11-25 101500).json"
    try Data("{\"scrums\":[".utf8).write(to: URL(fileURLWithPath: broken))

    let copies = ConflictCopies.read(besides: file)
    #expect(copies.map(\.path) == [broken, copy])
    #expect(try copies[1].contents.get().scrums.map(\.title) == ["Design"])
    if case .success = copies[0].contents { Issue.record("a truncated copy reads as unreadable") }

    let kept = folder + "/data/merged-conflicts"
    #expect(ConflictCopies.keep(copy, in: kept) == kept + "/" + Files.name(of: copy))
    try Data("again".utf8).write(to: URL(fileURLWithPath: copy))
    #expect(ConflictCopies.keep(copy, in: kept) == kept + "/" + Files.name(of: copy) + "-2", "the first one kept")
    #expect(!FileManager.default.fileExists(atPath: copy))
    #expect(ConflictCopies.read(besides: file).map(\.path) == [broken], "only the unreadable one is left")
  }
}

/// Conflict copies arrive from another computer: whatever stands at a copy's name is refused
/// unread unless it is a regular file no larger than a scrums file can be.
@Suite struct HostileCopiesTests {
  let folder = makeTemporaryDirectory()
  var file: String { folder + "/scrums.json" }

  func copy(_ n: Int) -> String { folder + "/scrums.sync-conflict-20261126-10150\(n)-ABCDEFG.json" }

  func reasons() -> [String: UnreadableReason] {
    var found: [String: UnreadableReason] = [:]
    for copy in ConflictCopies.read(besides: file) {
      if case .failure(let reason) = copy.contents { found[copy.path] = reason }
    }
    return found
  }

  @Test func linksPipesAndHugeFilesAreRefusedUnread() throws {
    try ScrumFile.encode([DailyScrum(title: "Design")]).write(to: URL(fileURLWithPath: file))
    let outside = makeTemporaryDirectory() + "/elsewhere.json"
    try ScrumFile.encode([DailyScrum(title: "Elsewhere")]).write(to: URL(fileURLWithPath: outside))
    #expect(symlink("/proc/self/pagemap", copy(1)) == 0)
    #expect(mkfifo(copy(2), 0o600) == 0)
    #expect(symlink(outside, copy(3)) == 0)
    // 300 MB that take no disk: a sparse file.
    let huge = open(copy(4), O_CREAT | O_WRONLY, 0o600)
    #expect(ftruncate(huge, 300_000_000) == 0)
    close(huge)
    let found = reasons()  // a FIFO opened would block here for ever; /proc would never end
    #expect(found[copy(1)] == .isLink)
    #expect(found[copy(2)] == .notRegularFile)
    #expect(found[copy(3)] == .isLink, "a link to a file outside the folder is not followed either")
    #expect(found[copy(4)] == .tooLarge(300_000_000))
    let said = found[copy(4)]?.description ?? ""
    #expect(said.hasPrefix("it is larger (300.0") && said.contains("than any scrums file is (268.4"), "\(said)")
  }

  @Test func aCopyRefusedOnceIsNotReadAgainUntilItChanges() throws {
    try Data("not json".utf8).write(to: URL(fileURLWithPath: copy(1)))
    let first = ConflictCopies.read(besides: file)
    #expect(first.count == 1)
    let refused = [first[0].path: first[0].mark]
    #expect(ConflictCopies.read(besides: file, skipping: refused).isEmpty)
    Thread.sleep(forTimeInterval: 0.01)
    try ScrumFile.encode([DailyScrum(title: "Fixed")]).write(to: URL(fileURLWithPath: copy(1)))
    #expect(
      try ConflictCopies.read(besides: file, skipping: refused).first?.contents.get().scrums.map(\.title) == ["Fixed"])
  }

  @Test func aLinkThatArrivedWhereTheSyncedFileWasIsNotFollowed() throws {
    // The user's scrums.json links into the synced folder; there, a sync tool put a link to a
    // file outside it (Syncthing syncs links).
    let synced = makeTemporaryDirectory()
    let outside = makeTemporaryDirectory() + "/private.json"
    try ScrumFile.encode([DailyScrum(title: "Private")]).write(to: URL(fileURLWithPath: outside))
    #expect(symlink(outside, synced + "/scrums.json") == 0)
    #expect(symlink(synced + "/scrums.json", file) == 0)
    #expect(throws: StoreError.unreadable(path: file, reason: .isLink)) { try ScrumStore(directory: folder).load() }
  }

  @Test func theScrumsFileItselfBehindALinkToAKernelFileIsRefused() throws {
    #expect(symlink("/proc/self/pagemap", file) == 0)
    #expect(throws: StoreError.unreadable(path: file, reason: .notRegularFile)) {
      try ScrumStore(directory: folder).load()
    }
  }
}
