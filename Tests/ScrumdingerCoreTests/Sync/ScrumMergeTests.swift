import Foundation
import Testing

@testable import ScrumdingerCore

@Suite struct ScrumMergeTests {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  let design = DailyScrum(
    title: "Design", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 5,
    history: [History(date: Date(timeIntervalSince1970: 1_794_000_000), attendees: ["Ana"], durationSeconds: 60)])
  let retro = DailyScrum(title: "Retro", lengthInMinutes: 10)

  func merge(base: [DailyScrum], ours: [DailyScrum], theirs: [DailyScrum], oursNewer: Bool = false)
    -> ScrumMerge.Outcome
  {
    let edited = Dictionary(uniqueKeysWithValues: ours.map { ($0.id, oursNewer ? t0.addingTimeInterval(60) : t0) })
    return ScrumMerge.merge(
      base: MergeBase(base, proven: true), ours: ours, theirs: theirs, oursEdited: edited,
      theirsWritten: t0.addingTimeInterval(30))
  }

  @Test func eachSideKeepsTheFieldsOnlyItChanged() {
    var ours = design
    var theirs = design
    ours.lengthInMinutes = 15
    theirs.title = "Design Review"
    theirs.theme = .orange
    let outcome = merge(base: [design], ours: [ours], theirs: [theirs])
    #expect(outcome.scrums.count == 1)
    #expect(outcome.scrums[0].title == "Design Review")
    #expect(outcome.scrums[0].theme == .orange)
    #expect(outcome.scrums[0].lengthInMinutes == 15)
    #expect(outcome.conflicts.isEmpty)
  }

  @Test func theSameFieldChangedOnBothSidesGoesToTheNewerEditAndIsSaid() {
    var ours = design
    var theirs = design
    ours.title = "Ours"
    theirs.title = "Theirs"
    let theirsNewer = merge(base: [design], ours: [ours], theirs: [theirs])
    #expect(theirsNewer.scrums[0].title == "Theirs")
    #expect(theirsNewer.conflicts.map(\.title) == ["Ours"])
    let oursNewer = merge(base: [design], ours: [ours], theirs: [theirs], oursNewer: true)
    #expect(oursNewer.scrums[0].title == "Ours")
    #expect(oursNewer.conflicts.map(\.title) == ["Ours"])
    #expect(oursNewer.conflicts[0].message == "Ours was also changed elsewhere")
  }

  @Test func aScrumDeletedElsewhereButEditedHereStays() {
    var edited = design
    edited.title = "Design (kept)"
    #expect(
      merge(base: [design, retro], ours: [edited, retro], theirs: [retro]).scrums.map(\.title) == [
        "Design (kept)", "Retro",
      ])
    // Not edited here: it goes.
    #expect(merge(base: [design, retro], ours: [design, retro], theirs: [retro]).scrums.map(\.title) == ["Retro"])
  }

  /// A transcript is this computer's alone, never in the file: a scrum whose meeting was
  /// transcribed here still goes when the other computer deleted it.
  @Test func aTranscriptKeptHereIsNoChangeThatKeepsADeletedScrum() {
    var transcribed = design
    transcribed.history[0].transcript = [
      TranscriptSegment(startMilliseconds: 0, endMilliseconds: 2_000, text: "Nothing new from me.")
    ]
    #expect(
      merge(base: [design, retro], ours: [transcribed, retro], theirs: [retro]).scrums.map(\.title) == ["Retro"])
  }

  /// An attendee renamed, or a note reworded, on both sides: both versions are kept, the one
  /// that sorts second under an id derived from the pair and marked as such, and it is said.
  @Test func anAttendeeOrNoteChangedOnBothSidesIsKeptInBothVersions() {
    var noted = design
    noted.history[0].notes = [MeetingNote(speaker: "Ana", text: "Ship it", atSeconds: 5)]
    var ours = noted
    var theirs = noted
    ours.attendees[1].name = "Benjamin"
    theirs.attendees[1].name = "Ben S."
    var outcome = merge(base: [noted], ours: [ours], theirs: [theirs])
    #expect(outcome.scrums[0].attendees.map(\.name) == ["Ana", "Ben S.", "Benjamin"])
    #expect(outcome.scrums[0].attendees.map(\.id.isSecondVersion) == [false, false, true])
    #expect(outcome.scrums[0].attendees[1].id == noted.attendees[1].id)
    #expect(outcome.conflicts == [ScrumMerge.Conflict(title: "Design", changedOnBoth: true, keptBoth: 1)])
    #expect(
      outcome.conflicts[0].message
        == "Design was also changed elsewhere: 1 attendee or note edited on both computers is kept in both versions")
    ours = noted
    theirs = noted
    ours.history[0].notes[0].text = "Ship it Friday"
    theirs.history[0].notes[0].text = "Ship it Monday"
    outcome = merge(base: [noted], ours: [ours], theirs: [theirs])
    #expect(outcome.scrums[0].history[0].notes.map(\.text) == ["Ship it Friday", "Ship it Monday"])
    #expect(outcome.conflicts.map(\.keptBoth) == [1])
    // One side only: nothing to say.
    theirs = noted
    #expect(merge(base: [noted], ours: [ours], theirs: [theirs]).conflicts.isEmpty)
  }

  /// Which version keeps the id, and the other's derived id, follow from the item's bytes as
  /// the file writes them, not from Foundation's encoder (which writes `/` as `\/`): two app
  /// versions, or two builds, make the same pair.
  @Test func theSecondVersionsIdFollowsTheFilesOwnBytes() throws {
    let id = try #require(UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF"))
    let one = Attendee(id: id, name: "Ana/Design · 设计")
    let other = Attendee(id: id, name: "Ana")
    let (first, second) = try #require(BothVersions.kept(one, other))
    #expect(first == other, "the bytes of \"Ana\" sort first")
    let written = #"{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","name":"Ana/Design · 设计"}"#
    #expect(second.id == BothVersions.derivedID(of: id, contents: Data(written.utf8)))
    #expect(second.id.isSecondVersion && second.name == one.name)
    #expect(BothVersions.kept(other, one).map { [$0.0, $0.1] } == [first, second], "whichever side it is on")
  }

  /// Each computer merges the other's edit into its own: both end with the same list, and the
  /// merged file read back on the other computer changes nothing more.
  @Test func bothComputersSettleOnTheSameTwoVersions() {
    var here = design
    var there = design
    here.attendees[1].name = "Benjamin"
    there.attendees[1].name = "Ben S."
    let mergedHere = merge(base: [design], ours: [here], theirs: [there]).scrums
    let mergedThere = merge(base: [design], ours: [there], theirs: [here]).scrums
    #expect(mergedHere == mergedThere)
    // There reads here's merge over its own last save: nothing left to merge or say.
    let again = merge(base: [there], ours: [there], theirs: mergedHere)
    #expect(again.scrums == mergedHere)
    #expect(again.conflicts.isEmpty)
    // And a merge of the merged file with itself keeps exactly two.
    #expect(merge(base: mergedHere, ours: mergedHere, theirs: mergedHere).scrums[0].attendees.count == 3)
    // The other computer's old version arriving again with no proven base (a conflict copy
    // met after a restart) finds its pair kept already: nothing changes, nothing is said.
    for old in [here, there] {
      let again = ScrumMerge.merge(
        base: MergeBase(mergedHere, proven: false), ours: mergedHere, theirs: [old], oursEdited: [:], theirsWritten: t0)
      #expect(again.scrums == mergedHere)
      #expect(again.conflicts.isEmpty)
    }
  }

  /// Without a proven base (a union), versions that differ from the likeliest base on both
  /// sides are kept both too: nothing is dropped without a word.
  @Test func withoutAProvenBaseBothVersionsAreKeptToo() {
    var here = design
    var there = design
    here.attendees[0].name = "Ana M."
    there.attendees[0].name = "Ana K."
    let outcome = ScrumMerge.merge(
      base: MergeBase([design], proven: false), ours: [here], theirs: [there], oursEdited: [:], theirsWritten: t0)
    #expect(Set(outcome.scrums[0].attendees.map(\.name)) == ["Ana K.", "Ana M.", "Ben"])
    #expect(outcome.conflicts.map(\.keptBoth) == [1])
  }

  @Test func aScrumDeletedHereStaysDeletedUnlessChangedElsewhere() {
    #expect(merge(base: [design, retro], ours: [retro], theirs: [design, retro]).scrums.map(\.title) == ["Retro"])
    var changed = design
    changed.lengthInMinutes = 20
    #expect(
      merge(base: [design, retro], ours: [retro], theirs: [changed, retro]).scrums.map(\.title) == ["Retro", "Design"])
  }

  @Test func newScrumsOfBothSidesAreKept() {
    let planning = DailyScrum(title: "Planning")
    let sync = DailyScrum(title: "Sync")
    #expect(
      merge(base: [design], ours: [design, planning], theirs: [design, sync]).scrums.map(\.title) == [
        "Design", "Planning", "Sync",
      ])
  }

  @Test func historyIsAUnionByMeeting() {
    let old = design.history[0]
    let here = History(date: t0, attendees: ["Ana"], durationSeconds: 120)
    let there = History(date: t0.addingTimeInterval(-100), attendees: ["Ben"], durationSeconds: 90)
    var ours = design
    var theirs = design
    ours.history.append(here)
    theirs.history.append(there)
    #expect(
      merge(base: [design], ours: [ours], theirs: [theirs]).scrums[0].history.map(\.id) == [old.id, there.id, here.id])
    // Deleted on either side: it goes (this computer's transcript of it is no change).
    ours = design
    ours.history = []
    #expect(merge(base: [design], ours: [ours], theirs: [design]).scrums[0].history.isEmpty)
    theirs = design
    theirs.history = []
    var transcribed = design
    transcribed.history[0].transcript = [TranscriptSegment(startMilliseconds: 0, endMilliseconds: 900, text: " Hi.")]
    #expect(merge(base: [design], ours: [transcribed], theirs: [theirs]).scrums[0].history.isEmpty)
    // Unless the other side changed it since: then it stays, with that change.
    var noted = design
    noted.history[0].notes = [MeetingNote(id: UUID(), speaker: "Ana", text: "keep this", atSeconds: 3)]
    #expect(merge(base: [design], ours: [noted], theirs: [theirs]).scrums[0].history.map(\.id) == [old.id])
    #expect(merge(base: [design], ours: [ours], theirs: [noted]).scrums[0].history.map(\.id) == [old.id])
    // Notes added there to a meeting unchanged here are taken.
    theirs = design
    theirs.history[0].notes = [MeetingNote(id: UUID(), speaker: "Ana", text: "ship it", atSeconds: 3)]
    #expect(
      merge(base: [design], ours: [design], theirs: [theirs]).scrums[0].history[0].notes.map(\.text) == ["ship it"])
  }

  @Test func unknownFieldsFollowTheSideThatChangedThem() {
    var theirs = design
    theirs.unknown.set("future", json: "true")
    #expect(merge(base: [design], ours: [design], theirs: [theirs]).scrums[0].unknown == theirs.unknown)
  }
}
