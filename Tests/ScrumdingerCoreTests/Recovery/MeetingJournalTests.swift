import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

/// Keeps what the keeper writes, as the journal file would.
@MainActor final class MemoryJournal: JournalStorage {
  var data: Data?
  var writes = 0
  var ended: Bool?
  func write(_ data: Data) {
    self.data = data
    writes += 1
  }
  func meetingEnded(saved: Bool) {
    ended = saved
    data = nil
  }
  var journal: MeetingJournal? { data.flatMap { try? MeetingJournal.decode($0) } }
}

@MainActor @Suite struct MeetingJournalTests {
  let scrum = DailyScrum(
    title: "Design", attendees: ["Ana", "Ben", "Cy"].map { Attendee(name: $0) }, lengthInMinutes: 3,
    history: [
      History(id: UUID(), date: Date(timeIntervalSince1970: 1_700_000_000), attendees: ["Ana"], durationSeconds: 60)
    ])

  /// A meeting of `scrum` journaled into memory, with its own scheduler for the journal.
  func start() -> (MeetingSession, MemoryJournal, ManualClock, ManualScheduler, AppState) {
    let clock = ManualClock()
    let journalTimer = ManualScheduler()
    let storage = MemoryJournal()
    var dependencies = testDependencies(clock: clock)
    dependencies.journal = JournalKeeper(storage: storage, scheduler: journalTimer)
    let state = AppState()
    state.scrums.value = [scrum]
    let session = MeetingSession(scrum: scrum, state: state, dependencies: dependencies)
    return (session, storage, clock, journalTimer, state)
  }

  @Test func theMeetingIsWrittenDownAsItGoes() throws {
    let (session, storage, clock, journalTimer, _) = start()
    #expect(storage.writes == 1, "at the start")
    #expect(storage.journal?.meeting.durationSeconds == 0)
    #expect(storage.journal?.scrum.history == [], "the journal does not copy the scrum's past meetings")
    // Every 10 s while it runs.
    journalTimer.fireNext(on: clock)
    #expect(storage.writes == 2)
    #expect(storage.journal?.meeting.durationSeconds == 10)
    #expect(storage.journal?.meeting.speakers.map(\.seconds) == [10, 0, 0])
    // At each note, turn change and pause.
    session.addNote("ship on Friday")
    #expect(storage.journal?.meeting.notes.map(\.text) == ["ship on Friday"])
    clock.advance(by: .seconds(5))
    _ = session.nextSpeaker()
    #expect(storage.journal?.meeting.speakers.map(\.seconds) == [15, 0, 0])
    clock.advance(by: .seconds(7))
    session.pause()
    let writes = storage.writes
    #expect(storage.journal?.meeting.speakers.map(\.seconds) == [15, 7, 0])
    #expect(journalTimer.pending.isEmpty, "nothing changes while paused: no timer")
    clock.advance(by: .seconds(60))
    session.resume()
    #expect(storage.writes == writes + 1)
    #expect(storage.journal?.meeting.durationSeconds == 22, "the pause is not counted")
    #expect(journalTimer.pending.count == 1)
  }

  @Test func endingTheMeetingHandsTheJournalBack() {
    let (session, storage, _, journalTimer, state) = start()
    session.end(save: true)
    #expect(storage.ended == true)
    #expect(journalTimer.pending.isEmpty)
    #expect(state.scrums.value[0].history.count == 2)
    let (discarded, other, _, _, _) = start()
    discarded.end(save: false)
    #expect(other.ended == false)
  }

  @Test func theJournalReadsBackAsTheEntryEndingItThenWouldHaveSaved() throws {
    let (session, storage, clock, journalTimer, state) = start()
    clock.advance(by: .seconds(4))
    session.addNote("blocked on review")
    journalTimer.fireNext(on: clock)
    let journal = try #require(storage.journal)
    #expect(journal.scrum.id == scrum.id)
    #expect(journal.meeting == session.entrySoFar())
    #expect(!journal.isSaved(in: state.scrums.value))
    // Saved once, however often it is saved.
    var scrums = state.scrums.value
    journal.save(into: &scrums)
    journal.save(into: &scrums)
    #expect(scrums[0].history.map(\.id) == [scrum.history[0].id, journal.meeting.id])
    #expect(journal.isSaved(in: scrums))
    // A scrum deleted since comes back with the meeting, so nothing is lost.
    var none: [DailyScrum] = []
    journal.save(into: &none)
    #expect(none.map(\.title) == ["Design"])
    #expect(none[0].history == [journal.meeting])
  }

  @Test func aJournalThatCannotBeReadSaysWhy() {
    #expect(throws: UnreadableReason.notJSON) { try MeetingJournal.decode(Data("{\"version\": 1, \"scr".utf8)) }
    #expect(throws: UnreadableReason.self) { try MeetingJournal.decode(ScrumFile.encode([scrum, scrum])) }
    var noMeeting = scrum
    noMeeting.history = []
    #expect(throws: UnreadableReason.self) { try MeetingJournal.decode(ScrumFile.encode([noMeeting])) }
  }

  @Test func theQuestionSaysWhenAndHowFarIn() {
    let meeting = History(
      id: UUID(), date: Date(timeIntervalSince1970: 1_795_423_320), attendees: ["Ana"], durationSeconds: 370)
    let journal = MeetingJournal(scrum: scrum, meeting: meeting)
    #expect(
      Texts.interruptedMeeting(journal, timeZone: "Europe/Berlin")
        == "The meeting of Design was interrupted at 09:42, 6:10 in")
  }
}
