import Foundation
import Testing

@testable import ScrumdingerCore

/// What merges removed waits, privately and across restarts, until a window has shown it and
/// the user let it go or took it back; where it cannot be kept, the merge must keep it.
@Suite struct PendingRemovalsTests {
  let v = StandupVersions()
  let retro = DailyScrum(title: "Retro", lengthInMinutes: 10)

  @Test func removalsWaitAcrossRestartsUntilLetGo() throws {
    let folder = makeTemporaryDirectory()
    let before = [v.standup([v.m1, v.m2, v.m3]), retro]
    let after = [v.standup([v.m1])]
    let first = MergeRemovals(before: before, after: after)
    #expect(PendingRemovals(folder: folder).keep(first))
    // Another merge removes m1 too, in a process with no window; then the app restarts.
    #expect(PendingRemovals(folder: folder).keep(MergeRemovals(before: after, after: [v.standup([])])))
    let pending = PendingRemovals(folder: folder)
    let waiting = pending.removals(from: [v.standup([])])
    #expect(waiting.summary == "1 scrum and 3 meetings removed")
    #expect(waiting.restored(into: [v.standup([])]) == [v.standup([v.m1, v.m2, v.m3]), retro])
    #expect(
      pending.removals(from: [v.standup([])], except: [first]).summary == "1 meeting removed", "one toast says the rest"
    )
    pending.letGo(first)
    #expect(PendingRemovals(folder: folder).scrums == [v.standup([v.m1])])
    pending.letGo(waiting)
    #expect(pending.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: pending.path))
  }

  /// What came back by another way (an import, another computer's Undo) is no longer kept
  /// as pending; what is still gone stays. Before, it stayed in the file for ever.
  @Test func whatCameBackIsLetGo() throws {
    let folder = makeTemporaryDirectory()
    #expect(
      PendingRemovals(folder: folder).keep(
        MergeRemovals(before: [v.standup([v.m1, v.m2, v.m3]), retro], after: [v.standup([v.m1])])))
    let pending = PendingRemovals(folder: folder)
    pending.letGoOfReturned(in: [v.standup([v.m1, v.m2]), retro])
    #expect(PendingRemovals(folder: folder).scrums == [v.standup([v.m3])], "Retro and m2 came back; m3 is still gone")
    pending.letGoOfReturned(in: [v.standup([v.m1, v.m2, v.m3]), retro])
    #expect(pending.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: pending.path))
  }

  @Test func whatCannotBeKeptIsRefused() throws {
    let folder = makeTemporaryDirectory()
    // Where the file goes, a folder (as good as a read-only data folder, even for root).
    try FileManager.default.createDirectory(atPath: folder + "/merge-removals.json", withIntermediateDirectories: false)
    let pending = PendingRemovals(folder: folder)
    #expect(!pending.keep(MergeRemovals(before: [retro], after: [])))
    #expect(pending.isEmpty)
  }

  @Test func addingScrumsTakesNothingAway() {
    let current = [v.standup([v.m2]), retro]
    let file = [v.standup([v.m1, v.m3], title: "Daily"), DailyScrum(title: "Planning")]
    let added = current.adding(file)
    #expect(added.map(\.title) == ["Standup", "Retro", "Planning"], "a scrum held keeps its fields")
    #expect(added[0].history.map(\.id) == [v.m1.id, v.m2.id, v.m3.id], "meetings in date order")
    #expect(current.adding([]) == current)
  }
}
