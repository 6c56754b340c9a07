import Foundation
import Platform
import Testing

@testable import ScrumdingerCore

/// A version of the file that arrives while a save is on its way, stepped by hand in the
/// orders the save worker and the main loop can take: no save names a version as an
/// ancestor before its contents are in what is saved, and quitting merges what arrived.
@Suite struct ArrivalRaceTests {
  let v = StandupVersions()

  /// This computer saved {m1}; the other computer's version {m1, m2}, grown from it, lands
  /// on the file. Returns both stores and the bytes that landed.
  func arrival() throws -> (here: ScrumStore, there: ScrumStore, arrived: Data) {
    let here = ScrumStore(directory: makeTemporaryDirectory())
    _ = try here.load()
    try here.save([v.standup([v.m1])])
    let there = ScrumStore(directory: makeTemporaryDirectory())
    try v.bytes(here.path).write(to: URL(fileURLWithPath: there.path))
    _ = try there.load()
    try there.save([v.standup([v.m1, v.m2])])
    Thread.sleep(forTimeInterval: 0.01)  // a later modification time than our own save's
    let arrived = v.bytes(there.path)
    try arrived.write(to: URL(fileURLWithPath: here.path))
    return (here, there, arrived)
  }

  func isChangedElsewhere(_ work: () throws(StoreError) -> Void) -> Bool {
    do throws(StoreError) {
      try work()
      return false
    } catch {
      if case .changedElsewhere = error { return true }
      return false
    }
  }

  @Test func aSaveTakenBeforeTheArrivalIsMergedNeverWritesOverIt() throws {
    let (here, there, arrived) = try arrival()
    // The edit (m3) is taken for saving; the watcher reads the file off the main loop.
    let taken = [v.standup([v.m1, v.m3])]
    let merges = here.mergesMade
    guard case .changed(let read) = here.checkDisk() else {
      Issue.record("the arrival was not seen")
      return
    }
    // 1. The save runs before the main loop merges what was read: refused, the file kept.
    #expect(isChangedElsewhere { () throws(StoreError) in try here.save(taken, holding: merges) })
    #expect(v.bytes(here.path) == arrived)
    // 2. The main loop merges; the save taken before runs only then: refused still.
    let base = try #require(here.accept(read))
    let merged = ScrumMerge.merge(
      base: base, ours: taken, theirs: read.contents.scrums, oursEdited: [:], theirsWritten: read.written)
    #expect(isChangedElsewhere { () throws(StoreError) in try here.save(taken, holding: merges) })
    #expect(v.bytes(here.path) == arrived, "a save of scrums without m2 never names m2's version")
    // 3. The merge's own save goes through, and the other computer loses nothing by it.
    try here.save(merged.scrums, holding: here.mergesMade)
    #expect(Set(try ScrumStore.read(here.path)[0].history.map(\.id)) == [v.m1.id, v.m2.id, v.m3.id])
    try v.bytes(here.path).write(to: URL(fileURLWithPath: there.path))
    guard case .changed(let back) = there.checkDisk(), let theirBase = there.accept(back) else {
      Issue.record("the other computer did not see the merge")
      return
    }
    let theirs = ScrumMerge.merge(
      base: theirBase, ours: [v.standup([v.m1, v.m2])], theirs: back.contents.scrums, oursEdited: [:],
      theirsWritten: back.written)
    #expect(Set(theirs.scrums[0].history.map(\.id)) == [v.m1.id, v.m2.id, v.m3.id])
  }

  @Test func anArrivalReadBeforeTheFileWasWrittenAgainIsNotTaken() throws {
    let (here, _, _) = try arrival()
    guard case .changed(let early) = here.checkDisk(), case .changed(let again) = here.checkDisk() else {
      Issue.record("the arrival was not seen")
      return
    }
    // Quit merges and saves (on the main loop) while the first look is still on its way.
    let base = try #require(here.accept(again))
    let merged = ScrumMerge.merge(
      base: base, ours: [v.standup([v.m1, v.m3])], theirs: again.contents.scrums, oursEdited: [:],
      theirsWritten: again.written)
    try here.save(merged.scrums, holding: here.mergesMade)
    #expect(here.accept(early) == nil, "the file it read is gone: looked at again, not merged")
    guard case .none = here.checkDisk() else {
      Issue.record("our own save was taken for a change")
      return
    }
  }

  /// Quitting right after the file arrived, with an edit pending: the app's quit
  /// (`ScrumSync.flushAtQuit`: merge what arrived, then the last save) keeps both.
  @MainActor @Test func quittingRightAfterAnArrivalMergesItFirst() throws {
    let (here, _, _) = try arrival()
    let state = AppState(scrums: [v.standup([v.m1])])
    let renderer = SaidNotices()
    let sync = renderer.sync(here, showing: state)
    sync.start()
    state.scrums.value = [v.standup([v.m1, v.m3])]  // an edit, its save pending
    sync.flushAtQuit()  // the watcher's own look has not run
    #expect(Set(try ScrumStore.read(here.path)[0].history.map(\.id)) == [v.m1.id, v.m2.id, v.m3.id])
    sync.stopSaving()
  }
}
