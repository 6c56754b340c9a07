import Foundation
import Testing
@testable import ScrumdingerCore

@Suite struct ScrumMergeTests {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  let design = DailyScrum(
    title: "Design", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 5,
    history: [History(date: Date(timeIntervalSince1970: 1_794_000_000), attendees: ["Ana"], durationSeconds: 60)])
  let retro = DailyScrum(title: "Retro", lengthInMinutes: 10)

  func merge(base: [DailyScrum], ours: [DailyScrum], theirs: [DailyScrum], oursNewer: Bool = false) -> ScrumMerge.Outcome {
    let edited = Dictionary(uniqueKeysWithValues: ours.map { ($0.id, oursNewer ? t0.addingTimeInterval(60) : t0) })
    return ScrumMerge.merge(
      base: MergeBase(base, proven: true), ours: ours, theirs: theirs, oursEdited: edited, theirsWritten: t0.addingTimeInterval(30))
  }

  @Test func eachSideKeepsTheFieldsOnlyItChanged() {
    var ours = design, theirs = design
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
    var ours = design, theirs = design
    ours.title = "Ours"
    theirs.title = "Theirs"
    let theirsNewer = merge(base: [design], ours: [ours], theirs: [theirs])
    #expect(theirsNewer.scrums[0].title == "Theirs")
    #expect(theirsNewer.conflicts == ["Ours"])
    let oursNewer = merge(base: [design], ours: [ours], theirs: [theirs], oursNewer: true)
    #expect(oursNewer.scrums[0].title == "Ours")
    #expect(oursNewer.conflicts == ["Ours"])
  }

  @Test func aScrumDeletedElsewhereButEditedHereStays() {
    var edited = design
    edited.title = "Design (kept)"
    #expect(merge(base: [design, retro], ours: [edited, retro], theirs: [retro]).scrums.map(\.title) == ["Design (kept)", "Retro"])
    // Not edited here: it goes.
    #expect(merge(base: [design, retro], ours: [design, retro], theirs: [retro]).scrums.map(\.title) == ["Retro"])
  }

  /// A transcript is this computer's alone, never in the file: a scrum whose meeting was
  /// transcribed here still goes when the other computer deleted it.
  @Test func aTranscriptKeptHereIsNoChangeThatKeepsADeletedScrum() {
    var transcribed = design
    transcribed.history[0].transcript = [TranscriptSegment(startMilliseconds: 0, endMilliseconds: 2_000, text: "Nothing new from me.")]
    #expect(merge(base: [design, retro], ours: [transcribed, retro], theirs: [retro]).scrums.map(\.title) == ["Retro"])
  }

  /// An attendee renamed, or a note reworded, on both sides: the merge keeps one, and says so.
  @Test func anAttendeeOrNoteChangedOnBothSidesIsSaid() {
    var noted = design
    noted.history[0].notes = [MeetingNote(speaker: "Ana", text: "Ship it", atSeconds: 5)]
    var ours = noted, theirs = noted
    ours.attendees[1].name = "Benjamin"
    theirs.attendees[1].name = "Ben S."
    #expect(merge(base: [noted], ours: [ours], theirs: [theirs]).conflicts == ["Design"])
    ours = noted
    theirs = noted
    ours.history[0].notes[0].text = "Ship it Friday"
    theirs.history[0].notes[0].text = "Ship it Monday"
    #expect(merge(base: [noted], ours: [ours], theirs: [theirs]).conflicts == ["Design"])
    // One side only: nothing to say.
    theirs = noted
    #expect(merge(base: [noted], ours: [ours], theirs: [theirs]).conflicts.isEmpty)
  }

  @Test func aScrumDeletedHereStaysDeletedUnlessChangedElsewhere() {
    #expect(merge(base: [design, retro], ours: [retro], theirs: [design, retro]).scrums.map(\.title) == ["Retro"])
    var changed = design
    changed.lengthInMinutes = 20
    #expect(merge(base: [design, retro], ours: [retro], theirs: [changed, retro]).scrums.map(\.title) == ["Retro", "Design"])
  }

  @Test func newScrumsOfBothSidesAreKept() {
    let planning = DailyScrum(title: "Planning")
    let sync = DailyScrum(title: "Sync")
    #expect(merge(base: [design], ours: [design, planning], theirs: [design, sync]).scrums.map(\.title) == ["Design", "Planning", "Sync"])
  }

  @Test func historyIsAUnionByMeeting() {
    let old = design.history[0]
    let here = History(date: t0, attendees: ["Ana"], durationSeconds: 120)
    let there = History(date: t0.addingTimeInterval(-100), attendees: ["Ben"], durationSeconds: 90)
    var ours = design, theirs = design
    ours.history.append(here)
    theirs.history.append(there)
    #expect(merge(base: [design], ours: [ours], theirs: [theirs]).scrums[0].history.map(\.id) == [old.id, there.id, here.id])
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
    #expect(merge(base: [design], ours: [design], theirs: [theirs]).scrums[0].history[0].notes.map(\.text) == ["ship it"])
  }

  @Test func unknownFieldsFollowTheSideThatChangedThem() {
    var theirs = design
    theirs.unknown.set("future", json: "true")
    #expect(merge(base: [design], ours: [design], theirs: [theirs]).scrums[0].unknown == theirs.unknown)
  }
}
