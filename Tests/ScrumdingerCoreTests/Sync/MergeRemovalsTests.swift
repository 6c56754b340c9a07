import Foundation
import Testing

@testable import ScrumdingerCore

/// What a merge removed: said in words, put back by Undo, kept as a scrums file.
@Suite struct MergeRemovalsTests {
  let m1 = History(date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["Ana"], durationSeconds: 60)
  let m2 = History(date: Date(timeIntervalSince1970: 1_795_086_400), attendees: ["Ana"], durationSeconds: 60)
  let m3 = History(date: Date(timeIntervalSince1970: 1_795_172_800), attendees: ["Ana"], durationSeconds: 60)

  @Test func whatWentIsSaidPutBackInPlaceAndKeptAsAFile() {
    let standup = DailyScrum(title: "Standup", history: [m1, m2, m3])
    let retro = DailyScrum(title: "Retro")
    let design = DailyScrum(title: "Design")
    var kept = standup
    kept.history = [m1, m3]
    let before = [standup, retro, design]
    let after = [kept, design]
    let removals = MergeRemovals(before: before, after: after)
    #expect(removals.summary == "1 scrum and 1 meeting removed")
    #expect(MergeRemovals(before: before, after: [standup, design]).summary == "1 scrum removed")
    #expect(MergeRemovals(before: before, after: [kept, retro, design]).summary == "1 meeting removed")
    #expect(MergeRemovals(before: before, after: before).isEmpty)
    // Undo: Retro where it stood, m2 between m1 and m3; nothing twice if it came back meanwhile.
    #expect(removals.restored(into: after) == before)
    #expect(removals.restored(into: before) == before)
    // The Trash's file: Retro whole, and Standup with only the meeting that went.
    #expect(removals.asScrums.map(\.title) == ["Retro", "Standup"])
    #expect(removals.asScrums[1].history == [m2])
  }
}
