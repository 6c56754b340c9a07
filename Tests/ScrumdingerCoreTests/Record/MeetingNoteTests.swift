import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

@MainActor @Suite struct MeetingNoteTests {
  let scrum = DailyScrum(
    title: "Design", attendees: ["Ana", "Ben", "Cy"].map { Attendee(name: $0) }, lengthInMinutes: 1)

  func start() -> (MeetingSession, AppState, ManualClock, ManualScheduler) {
    let state = AppState(scrums: [scrum])
    let clock = ManualClock()
    let scheduler = ManualScheduler()
    let session = MeetingSession(
      scrum: scrum, state: state, dependencies: testDependencies(clock: clock, scheduler: scheduler))
    return (session, state, clock, scheduler)
  }

  @Test func aNoteIsStampedWithWhoWasSpeakingAndWhen() {
    let (session, _, clock, scheduler) = start()
    for _ in 0..<5 { scheduler.fireNext(on: clock) }
    let first = session.addNote("  blocked on the review \n")
    #expect(first?.line == "Ana · blocked on the review")
    #expect(first?.atSeconds == 5)
    _ = session.nextSpeaker()
    clock.advance(by: .seconds(3))
    let second = session.addNote("ship it\nFriday")
    #expect(second?.speaker == "Ben")
    #expect(second?.text == "ship it Friday", "one line")
    #expect(second?.atSeconds == 8, "the running time, not the meeting clock a skip moved on")
    #expect(session.addNote(" \n ") == nil, "a blank line is no note")
    #expect(session.notes.value.map(\.speaker) == ["Ana", "Ben"])
  }

  @Test func notesCanBeEditedOrRemovedUntilTheEndAndAreSavedWithTheMeeting() throws {
    let (session, state, _, _) = start()
    let keep = try #require(session.addNote("keep me"))
    let drop = try #require(session.addNote("drop me"))
    session.editNote(keep.id, text: "kept, edited")
    session.editNote(drop.id, text: "   ")
    #expect(session.notes.value.map(\.text) == ["kept, edited"])
    session.end(save: true)
    #expect(session.addNote("too late") == nil)
    let entry = try #require(state.scrum(scrum.id)?.history.last)
    #expect(entry.notes.map(\.line) == ["Ana · kept, edited"])
  }

  @Test func aSavedMeetingsNotesAreEditedThroughTheModel() throws {
    let note = MeetingNote(speaker: "Ana", text: "old", atSeconds: 3)
    var withNote = scrum
    withNote.history = [History(attendees: ["Ana"], durationSeconds: 60, notes: [note])]
    let model = AppModel(state: AppState(scrums: [withNote]), dependencies: testDependencies())
    let historyID = withNote.history[0].id
    model.detail.editNote(note.id, text: "new", scrumID: scrum.id, historyID: historyID)
    #expect(model.state.scrum(scrum.id)?.history[0].notes.map(\.text) == ["new"])
    model.detail.editNote(note.id, text: "", scrumID: scrum.id, historyID: historyID)
    #expect(model.state.scrum(scrum.id)?.history[0].notes.isEmpty == true)
  }

  @Test func notesAndTranscriptsSurviveTheFileAndOlderFilesLoadWithNone() throws {
    var entry = History(
      date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["Ana"], durationSeconds: 60,
      speakers: [SpeakerTime(name: "Ana", seconds: 60, shareSeconds: 60)])
    entry.notes = [MeetingNote(speaker: "Ana", text: "a \"quoted\" note · 长", atSeconds: 12)]
    entry.transcript = [TranscriptSegment(startMilliseconds: 0, endMilliseconds: 2_500, text: " Hello team.")]
    let saved = DailyScrum(title: "Design", history: [entry])
    let bytes = ScrumFile.encode([saved])
    var shared = saved
    shared.history[0].transcript = []
    #expect(try ScrumFile.decode(bytes) == [shared], "the notes go with the team's file; the transcript stays here")
    #expect(
      try ScrumFile.decode(ScrumFile.encode([saved], transcripts: true)) == [saved], "in an export that asks for it")
    let older = Data(
      #"{"version":1,"scrums":[{"attendees":[],"history":[{"attendees":["Ana"],"date":"2026-11-20T09:00:00Z","durationSeconds":60,"id":"00000000-0000-0000-0000-000000000009"}],"id":"00000000-0000-0000-0000-000000000001","lengthInMinutes":5,"theme":"seafoam","title":"Old"}]}"#
        .utf8)
    let history = try ScrumFile.decode(older)[0].history[0]
    #expect(history.notes.isEmpty)
    #expect(history.transcript.isEmpty)
  }

  @Test func aNoteAtAnImpossibleTimeIsRefusedWithItsPlace() {
    let file =
      #"{"version":1,"scrums":[{"attendees":[],"history":[{"attendees":[],"date":"2026-11-20T09:00:00Z","durationSeconds":60,"id":"00000000-0000-0000-0000-000000000009","notes":[{"at":-4,"id":"00000000-0000-0000-0000-000000000002","speaker":"","text":"x"}]}],"id":"00000000-0000-0000-0000-000000000001","lengthInMinutes":5,"theme":"seafoam","title":"Odd"}]}"#
    #expect(throws: UnreadableReason.invalidValue("scrums[0].history[0].notes[0].at is -4, outside 0…86400")) {
      try ScrumFile.decode(Data(file.utf8))
    }
  }
}
