import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

/// Added minutes, going back a speaker and agenda items after the round: the meeting's
/// numbers, who spoke how long and what the history keeps.
@MainActor @Suite struct MeetingTimerTurnsThatBendTests {
  let team = DailyScrum(title: "T", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 2)

  /// Ticks as the UI does for `seconds` of clock time; the events noticed.
  @discardableResult
  func run(_ session: MeetingSession, _ clock: ManualClock, for seconds: Int) -> [MeetingTimer.Event] {
    var events: [MeetingTimer.Event] = []
    let end = clock.now + .seconds(seconds)
    while clock.now < end, let delay = session.timer.delayUntilNextChange {
      clock.advance(by: min(delay, end - clock.now))
      events += session.timer.update()
    }
    return events
  }

  @Test func aMinuteAddedLengthensTheTurnAndTheMeetingAndIsRecorded() throws {
    let state = AppState(scrums: [team])
    let clock = ManualClock()
    let session = MeetingSession(scrum: team, state: state, dependencies: testDependencies(clock: clock))
    run(session, clock, for: 50)
    #expect(session.timer.snapshot.secondsRemaining == 70)
    session.addMinute()
    #expect(session.timer.snapshot.secondsRemaining == 130, "Remaining rises by 60 s")
    #expect(session.timer.schedule.turns.map(\.end) == [120, 180], "Ana's turn and Ben's start move")
    #expect(session.timer.snapshot.secondsBehind == 0, "an added minute moves the planned end too")
    let events = run(session, clock, for: 80)
    #expect(session.timer.snapshot.turnIndex == 1, "Ben starts after Ana's 120 s")
    #expect(events.contains(.speakerChanged(from: 0, to: 1)))
    session.end(save: true)
    let entry = try #require(state.scrum(team.id)?.history.last)
    #expect(
      entry.speakers == [
        SpeakerTime(name: "Ana", seconds: 120, shareSeconds: 60, addedSeconds: 60),
        SpeakerTime(name: "Ben", seconds: 10, shareSeconds: 60),
      ])
    #expect(entry.speakers.map(\.seconds).reduce(0, +) == entry.durationSeconds)
    #expect(entry.speakers[0].overSeconds == 0, "the added minute is not an overrun")
  }

  @Test func aMinuteAddedInTheWarningWarnsAgainBeforeTheNewEnd() {
    let clock = ManualClock()
    let timer = MeetingTimer(
      schedule: SpeakerSchedule(names: ["Ana", "Ben"], lengthSeconds: 120), clock: clock, warnings: [10])
    clock.advance(by: .seconds(52))
    #expect(timer.update() == [.turnWarning(turn: 0, stage: 0)])
    timer.addTime(seconds: 60)
    #expect(!timer.snapshot.isWarning)
    clock.advance(by: .seconds(60))
    #expect(timer.update() == [.turnWarning(turn: 0, stage: 0)], "warned again at 110 s")
  }

  @Test func aTurnRunAgainIsWarnedAgainAndAMinuteAtTheVeryEndEndsTheMeetingFirst() throws {
    let clock = ManualClock()
    let timer = MeetingTimer(
      schedule: SpeakerSchedule(names: ["Ana", "Ben"], lengthSeconds: 60), clock: clock, warnings: [10])
    _ = timer.nextSpeaker()
    clock.advance(by: .seconds(25))
    #expect(timer.update() == [.turnWarning(turn: 1, stage: 0)])
    _ = timer.previousTurn()
    _ = timer.nextSpeaker()
    clock.advance(by: .seconds(25))
    #expect(timer.update() == [.turnWarning(turn: 1, stage: 0)], "Ben is warned again in his second turn")

    let state = AppState(scrums: [team])
    let session = MeetingSession(scrum: team, state: state, dependencies: testDependencies(clock: clock))
    clock.advance(by: .seconds(120))  // the meeting's end is due; no tick has noticed it yet
    session.addMinute()
    #expect(session.timer.phase == .finished, "the end came first")
    #expect(try #require(state.scrum(team.id)?.history.last).durationSeconds == 120, "and was saved")
  }

  @Test func goingBackGivesThePreviousSpeakerTheirTurnAgainAndCountsItToThem() throws {
    let state = AppState(scrums: [team])
    let clock = ManualClock()
    let effects = RecordingEffect()
    let session = MeetingSession(
      scrum: team, state: state, dependencies: testDependencies(clock: clock), effects: [effects])
    #expect(!session.previousSpeaker(), "nobody before the first speaker")
    run(session, clock, for: 20)
    _ = session.nextSpeaker()  // Ana: 20 s
    run(session, clock, for: 15)  // Ben: 15 s
    #expect(session.previousSpeaker())
    #expect(effects.events.last == .speakerChanged(to: 0, dueAt: clock.now), "a ding, as for Next")
    let snapshot = session.timer.snapshot
    #expect(snapshot.turnIndex == 0)
    #expect(snapshot.secondsElapsed == 0, "Ana's turn starts again")
    #expect(snapshot.secondsBehind == 35, "the 35 s spoken so far come again on top of the plan")
    run(session, clock, for: 25)  // Ana again: 25 s
    #expect(session.timer.spokenSeconds == [45, 15])
    session.end(save: true)
    let entry = try #require(state.scrum(team.id)?.history.last)
    #expect(entry.durationSeconds == 60)
    #expect(entry.speakers.map(\.seconds) == [45, 15], "still adding up to the running time")
    #expect(
      entry.timeline == [
        TurnSpan(speaker: "Ana", startSeconds: 0, endSeconds: 20),
        TurnSpan(speaker: "Ben", startSeconds: 20, endSeconds: 35),
        TurnSpan(speaker: "Ana", startSeconds: 35, endSeconds: 60),
      ], "the transcript is split by the turns as they ran")
    #expect(try ScrumFile.decode(ScrumFile.encode(state.scrums.value)) == state.scrums.value)
  }

  @Test func agendaItemsRunAfterTheRoundWithTheirOwnTimeWarningAndOvertime() throws {
    var scrum = team
    scrum.lengthInMinutes = 1
    scrum.overtime = .letFinish
    scrum.turnWarning = .tenSeconds
    scrum.agenda = [AgendaItem(title: "Parking lot", minutes: 2), AgendaItem(title: "Announcements", minutes: 1)]
    #expect(scrum.plannedMinutes == 4)
    #expect(MeetingStatistics(scrum).plannedSeconds == 240, "on time means within the round and the agenda")
    let state = AppState(scrums: [scrum])
    let clock = ManualClock()
    let session = MeetingSession(scrum: scrum, state: state, dependencies: testDependencies(clock: clock))
    let schedule = session.timer.schedule
    #expect(schedule.turns.map(\.name) == ["Ana", "Ben", "Parking lot", "Announcements"])
    #expect(schedule.turns.map(\.seconds) == [30, 30, 120, 60])
    #expect(schedule.lengthSeconds == 240)
    #expect((0..<4).map(schedule.position(of:)) == ["Speaker 1 of 2", "Speaker 2 of 2", "Item 1 of 2", "Item 2 of 2"])
    _ = session.nextSpeaker()
    _ = session.nextSpeaker()
    #expect(session.timer.snapshot.turnIndex == 2, "the round is over: the parking lot")
    let events = run(session, clock, for: 125)
    #expect(
      events == [.turnWarning(turn: 2, stage: 0), .overtimeStarted(turn: 2)],
      "warning and overtime rules apply to items")
    #expect(session.timer.snapshot.overrunSeconds == 5)
    _ = session.nextSpeaker()
    run(session, clock, for: 30)
    session.end(save: true)
    let entry = try #require(state.scrum(scrum.id)?.history.last)
    #expect(entry.speakers.map(\.name) == ["Ana", "Ben"], "items are not speakers")
    #expect(
      entry.items == [
        SpeakerTime(name: "Parking lot", seconds: 125, shareSeconds: 120),
        SpeakerTime(name: "Announcements", seconds: 30, shareSeconds: 60),
      ])
    #expect(entry.timeline.map(\.speaker) == ["Parking lot", "Announcements"], "the round was skipped")
    #expect(try ScrumFile.decode(ScrumFile.encode(state.scrums.value)) == state.scrums.value)
  }

  @Test func thePaceCountsPausesOverrunsAndSkipsButNotAddedMinutes() {
    let clock = ManualClock()
    let timer = MeetingTimer(
      schedule: SpeakerSchedule(names: ["Ana", "Ben", "Cy"], lengthSeconds: 180), clock: clock, overtime: .letFinish)
    clock.advance(by: .seconds(30))
    #expect(timer.snapshot.secondsBehind == 0, "on plan")
    timer.pause()
    clock.advance(by: .seconds(65))
    #expect(timer.snapshot.secondsBehind == 65, "a pause makes the end later")
    timer.resume()
    timer.addTime(seconds: 60)
    #expect(timer.snapshot.secondsBehind == 65, "an added minute moves the plan with it")
    clock.advance(by: .seconds(100))  // Ana's 120 s are up at 120: 10 s over
    _ = timer.update()
    #expect(timer.snapshot.secondsBehind == 75, "an overrun makes it later")
    _ = timer.nextSpeaker()
    clock.advance(by: .seconds(10))
    _ = timer.nextSpeaker()  // Ben spoke 10 s of his 60
    #expect(timer.snapshot.secondsBehind == 25, "a skip makes it earlier")
    clock.advance(by: .seconds(5))
    _ = timer.previousTurn()
    #expect(timer.snapshot.secondsBehind == 25 + 65, "going back makes it later by the turn gone through again")
    let skipping = MeetingTimer(schedule: SpeakerSchedule(names: ["Ana", "Ben"], lengthSeconds: 120), clock: clock)
    clock.advance(by: .seconds(10))
    _ = skipping.nextSpeaker()
    #expect(skipping.snapshot.secondsBehind == -50, "ahead")
  }
}
