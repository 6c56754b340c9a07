import Foundation
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
    #expect(ConflictCopies.isCopy("team.sync-conflict-20261125-101500-ABCDEFG.json", of: "team.json"), "a link's target of another name")
    for name in [
      "scrums.json", "scrums.json.sync-1f2e", "scrums.json.lock", "recording-consent.json", "scrums (1).json",
      "other.sync-conflict-20261125-101500-ABCDEFG.json", "scrums.sync-conflict-20261125-101500-ABCDEFG.json.tmp",
    ] {
      #expect(!ConflictCopies.isCopy(name, of: "scrums.json"), "\(name)")
    }
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
    #expect(ConflictCopies.keep(copy, in: kept) == kept + "/" + Path.name(of: copy))
    try Data("again".utf8).write(to: URL(fileURLWithPath: copy))
    #expect(ConflictCopies.keep(copy, in: kept) == kept + "/" + Path.name(of: copy) + "-2", "the first one kept")
    #expect(!FileManager.default.fileExists(atPath: copy))
    #expect(ConflictCopies.read(besides: file).map(\.path) == [broken], "only the unreadable one is left")
  }
}
