import Foundation
import Testing

@testable import ScrumdingerCore

/// The base a merge uses, as the store proves it from the versions' lineage, across restarts;
/// and the union where none is proven.
@Suite struct MergeBaseTests {
  let v = StandupVersions()

  /// Syncthing's part: the bytes of `from`'s file land at `to`.
  func sync(_ from: ScrumStore, to path: String) throws {
    try FileManager.default.contents(atPath: from.path)!.write(to: URL(fileURLWithPath: path))
  }

  func copyPath(in directory: String) -> String { directory + "/scrums.sync-conflict-20261126-101500-ABCDEFG.json" }

  func merged(_ store: ScrumStore, ours: [DailyScrum]) throws -> (base: MergeBase, scrums: [DailyScrum]) {
    let copy = try #require(ConflictCopies.read(besides: store.path).first).contents.get()
    let base = store.mergeBase(for: copy.scrums, lineage: copy.lineage)
    let outcome = ScrumMerge.merge(
      base: base, ours: ours, theirs: copy.scrums, oursEdited: [:], theirsWritten: Date())
    return (base, outcome.scrums)
  }

  /// The issue's case: this computer recorded m3 and added Retro; the teammate's version
  /// ({m1, m2}) arrives as a conflict copy while the app is closed. No kept version is an
  /// ancestor of the copy, so nothing present on either side is deleted.
  @Test func aCopyThatMeetsAClosedAppWithoutAProvenBaseIsAUnion() throws {
    let here = makeTemporaryDirectory()
    let there = makeTemporaryDirectory()
    let a = ScrumStore(directory: here)
    try a.save([v.standup([v.m1])])
    try sync(a, to: there + "/scrums.json")
    let b = ScrumStore(directory: there)
    _ = try b.load()
    try b.save([v.standup([v.m1, v.m2])])
    let retro = DailyScrum(title: "Retro", lengthInMinutes: 10)
    try a.save([v.standup([v.m1, v.m3]), retro])
    try sync(b, to: copyPath(in: here))

    let restarted = ScrumStore(directory: here)  // the next morning
    let ours = try restarted.load()
    let result = try merged(restarted, ours: ours)
    #expect(!result.base.proven, "no version this computer kept is an ancestor of the copy")
    #expect(result.scrums.map(\.title) == ["Standup", "Retro"])
    #expect(Set(result.scrums[0].history.map(\.id)) == [v.m1.id, v.m2.id, v.m3.id])
  }

  /// The base survives a restart: the file changed while the app was closed (Ben deleted m1
  /// and held m3), and a copy from Cy (who renamed the scrum) grew from the same version as
  /// Ben's. Only the version kept on disk is the common base: over it, Ben's deletion and
  /// Cy's rename are both carried, and m3 stays.
  @Test func theBaseKeptOnDiskIsProvenAfterARestart() throws {
    let here = makeTemporaryDirectory()
    let ben = makeTemporaryDirectory()
    let cy = makeTemporaryDirectory()
    let a = ScrumStore(directory: here)
    try a.save([v.standup([v.m1, v.m2])])
    for folder in [ben, cy] { try sync(a, to: folder + "/scrums.json") }
    // The app here closes; the others edit.
    let bens = ScrumStore(directory: ben)
    _ = try bens.load()
    try bens.save([v.standup([v.m2, v.m3])])
    let cys = ScrumStore(directory: cy)
    _ = try cys.load()
    try cys.save([v.standup([v.m1, v.m2], title: "Daily")])
    try sync(bens, to: here + "/scrums.json")
    try sync(cys, to: copyPath(in: here))

    let restarted = ScrumStore(directory: here)
    let ours = try restarted.load()
    #expect(ours == [v.standup([v.m2, v.m3])])
    let result = try merged(restarted, ours: ours)
    #expect(result.base.scrums == [v.standup([v.m1, v.m2])], "the version this computer last wrote, kept on disk")
    #expect(result.base.proven && result.base.causal != nil, "and the parts' dots")
    #expect(result.scrums == [v.standup([v.m2, v.m3], title: "Daily")])
  }

  /// Both apps running: a file from elsewhere that grew from this computer's last save is
  /// merged over that save, so a meeting deleted there (and left unchanged here) goes.
  @Test func aFileThatGrewFromOurLastSaveMergesOverIt() throws {
    let here = makeTemporaryDirectory()
    let there = makeTemporaryDirectory()
    let a = ScrumStore(directory: here)
    _ = try a.load()
    try a.save([v.standup([v.m1, v.m2])])
    try sync(a, to: there + "/scrums.json")
    let b = ScrumStore(directory: there)
    _ = try b.load()
    try b.save([v.standup([v.m2])])
    Thread.sleep(forTimeInterval: 0.01)
    try sync(b, to: a.path)
    guard case .changed(let arrival) = a.checkDisk(), let base = a.accept(arrival) else {
      Issue.record("the change was not seen")
      return
    }
    #expect(base.scrums == [v.standup([v.m1, v.m2])] && base.proven && base.causal != nil)
    let outcome = ScrumMerge.merge(
      base: base, ours: [v.standup([v.m1, v.m2, v.m3])], theirs: arrival.contents.scrums, oursEdited: [:],
      theirsWritten: Date())
    #expect(outcome.scrums == [v.standup([v.m2, v.m3])], "m1 deleted there, m3 added here")
  }

  /// Seventy saves separate the copy from the version it grew from: more than the versions
  /// held in memory, and not the one kept on disk. The parts' dots prove what each side
  /// deleted all the same (before them, no base was proven: a union, and both deletions came
  /// back).
  @Test func aCopyWhoseAncestorLiesSeventySavesBackMergesProven() throws {
    let here = makeTemporaryDirectory()
    let there = makeTemporaryDirectory()
    let a = ScrumStore(directory: here)
    _ = try a.load()
    try a.save([v.standup([v.m1, v.m2])])
    try sync(a, to: there + "/scrums.json")
    var ours = [v.standup([v.m2])]
    var added: [UUID] = []
    for day in 0..<70 {
      let meeting = History(
        date: Date(timeIntervalSince1970: 1_796_000_000 + Double(day) * 86_400), attendees: ["Ana"], durationSeconds: 60
      )
      ours[0].history.append(meeting)
      added.append(meeting.id)
      try a.save(ours)
    }
    let b = ScrumStore(directory: there)
    _ = try b.load()
    try b.save([v.standup([v.m1, v.m3])])
    try sync(b, to: copyPath(in: here))
    let result = try merged(a, ours: ours)
    #expect(result.base.causal != nil, "proven by the parts' dots")
    #expect(
      Set(result.scrums[0].history.map(\.id)) == Set([v.m3.id] + added),
      "m1 deleted here and m2 there stay deleted; m3 added there and the 70 added here stay")
  }

  /// A laptop whose app was closed while the other computer saved 100 times (its sync tool
  /// brought each save): at start the file grew from the laptop's last version, so nothing is
  /// merged or said, and a meeting the other computer deleted stays deleted. Before, past 64
  /// saves the file no longer named the laptop's version, and the start merged it back
  /// ("The scrums file lacked this computer's last changes").
  @Test func aLaptopClosedForAHundredSavesStartsOnTheFileAsItIs() throws {
    let (laptop, desk) = (makeTemporaryDirectory(), makeTemporaryDirectory())
    let mine = ScrumStore(directory: laptop)
    _ = try mine.load()
    try mine.save([v.standup([v.m1, v.m2])])
    try sync(mine, to: desk + "/scrums.json")
    let theirs = ScrumStore(directory: desk)
    var scrums = try theirs.load()
    scrums[0].history.removeFirst()  // m1 deleted there
    for day in 0..<100 {
      scrums[0].history.append(
        History(
          date: Date(timeIntervalSince1970: 1_796_000_000 + Double(day) * 86_400), attendees: ["Ana"],
          durationSeconds: 60))
      try theirs.save(scrums)
      try sync(theirs, to: mine.path)
    }
    let restarted = ScrumStore(directory: laptop)
    #expect(try restarted.load() == scrums)
    #expect(restarted.takeStartMerge() == nil, "no merge at start, no toast")
    #expect(restarted.takeRemovedWhileClosed()?.summary == "1 meeting removed", "m1's removal is said, with Undo")
  }

  @Test func eachSaveNamesItsVersionAndTheOnesItGrewFrom() throws {
    let store = ScrumStore(directory: makeTemporaryDirectory())
    try store.save([v.standup([v.m1])])
    let first = try ScrumFile.contents(of: FileManager.default.contents(atPath: store.path)!)
    let firstLineage = Lineage(of: first.unknown, bytes: Data())
    try store.save([v.standup([v.m1, v.m2])])
    let second = try ScrumFile.contents(of: FileManager.default.contents(atPath: store.path)!)
    let secondLineage = Lineage(of: second.unknown, bytes: Data())
    #expect(secondLineage.revision != firstLineage.revision)
    #expect(secondLineage.descends(from: firstLineage))
    #expect(!firstLineage.descends(from: secondLineage))
    #expect(
      FileManager.default.contents(atPath: store.keptBasePath) == FileManager.default.contents(atPath: store.path))
    // A file that states no lineage (an earlier version's) is named after its bytes: two
    // computers that read it call it the same.
    let plain = ScrumFile.encode([v.standup([v.m1])])
    #expect(Lineage(of: UnknownFields(), bytes: plain) == Lineage(of: UnknownFields(), bytes: plain))
    #expect(
      Lineage(of: UnknownFields(), bytes: plain).revision
        != Lineage(of: UnknownFields(), bytes: plain + Data(" ".utf8)).revision)
  }

  /// A version read is hashed after the scrums are shown. Hashes made of a version read
  /// earlier are never taken for a newer one: a save stamps the newer version's unchanged
  /// parts with the dots it stated, not as changes of its own (which the other computer
  /// would keep beside its own edits).
  @Test func hashesOfAnOlderVersionReadAreNotTakenForANewerOne() throws {
    func version(_ scrums: [DailyScrum], save: Int) -> Lineage {
      var lineage = Lineage(revision: UUID(), saves: ["there": save])
      var dots: [UUID: Dot] = [:]
      StampedPart.forEach(in: scrums) { id, _ in dots[id] = Dot(computer: "there", save: save) }
      lineage.dots = dots
      return lineage
    }
    let (older, newer) = ([v.standup([v.m1])], [v.standup([v.m1, v.m2])])
    let (first, second) = (version(older, save: 1), version(newer, save: 2))
    var bases = MergeBases()
    bases.name("here")
    bases.remember(older, first, replacingParts: true)
    let hashedTooLate = try #require(bases.unhashed).hashed
    bases.held = second
    bases.remember(newer, second, replacingParts: true)
    bases.hashParts(hashedTooLate)
    #expect(bases.nextSave(of: newer).dots == second.dots)
    // Hashed in time, they are taken as they are.
    var again = MergeBases()
    again.name("here")
    again.held = second
    again.remember(newer, second, replacingParts: true)
    again.hashParts(try #require(again.unhashed).hashed)
    #expect(again.unhashed == nil)
    #expect(again.nextSave(of: newer).dots == second.dots)
  }

  @Test func theKeptBaseIsPrivate() throws {
    let store = ScrumStore(directory: makeTemporaryDirectory())
    try store.save([v.standup([v.m1])])
    let mode = try FileManager.default.attributesOfItem(atPath: store.keptBasePath)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }
}
