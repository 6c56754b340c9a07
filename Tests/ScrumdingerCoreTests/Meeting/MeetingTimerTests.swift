import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

/// Runs a timer the way the UI does: wait exactly as long as the timer asks, then update.
private func tickOnce(_ timer: MeetingTimer, _ clock: ManualClock) -> [MeetingTimer.Event] {
  guard let delay = timer.delayUntilNextChange else { return [] }
  clock.advance(by: delay)
  return timer.update()
}

private func meeting(_ names: [String], minutes: Int) -> (MeetingTimer, ManualClock) {
  let clock = ManualClock(start: .seconds(1000))
  let timer = MeetingTimer(
    schedule: SpeakerSchedule(names: names, lengthSeconds: minutes * 60), clock: clock)
  return (timer, clock)
}

@Suite struct MeetingTimerTests {
  @Test func oneMinuteThreeAttendeesTicksThroughTwentySecondsEach() {
    let (timer, clock) = meeting(["A", "B", "C"], minutes: 1)
    #expect(timer.snapshot.turnIndex == 0)
    #expect(timer.snapshot.secondsElapsed == 0)
    #expect(timer.snapshot.secondsRemaining == 60)
    var changes: [(second: Int, event: MeetingTimer.Event)] = []
    for second in 1...60 {
      let events = tickOnce(timer, clock)
      let snap = timer.snapshot
      #expect(snap.secondsElapsed == second)
      #expect(snap.secondsRemaining == 60 - second)
      #expect(snap.turnIndex == min(second / 20, 2), "at \(second) s")
      changes += events.map { (second, $0) }
    }
    #expect(changes.map(\.second) == [20, 40, 60])
    #expect(
      changes.map(\.event) == [
        .speakerChanged(from: 0, to: 1), .speakerChanged(from: 1, to: 2), .finished,
      ])
    #expect(timer.phase == .finished)
    #expect(timer.delayUntilNextChange == nil)
    #expect(timer.runningSeconds == 60)
  }

  @Test func theRingShowsNothingUntilTheFirstWholeSecond() {
    let (timer, clock) = meeting(["A", "B", "C"], minutes: 15)
    clock.advance(by: .milliseconds(400))
    #expect(timer.snapshot.turnFraction == 0)
    #expect(SpeakerArcs.arcs(schedule: timer.schedule, snapshot: timer.snapshot).isEmpty, "a dot at 0 s")
    clock.advance(by: .milliseconds(700))
    #expect(timer.snapshot.turnFraction == 1.0 / 300)
  }

  @Test func fiveMinutesSevenAttendeesSharesAddUpExactly() {
    let schedule = SpeakerSchedule(names: (1...7).map { "P\($0)" }, lengthSeconds: 300)
    #expect(schedule.turns.map(\.seconds).reduce(0, +) == 300)
    #expect(schedule.turns.map(\.seconds) == [43, 43, 43, 43, 43, 43, 42])
    #expect(schedule.turns.last?.end == 300)
  }

  @Test func noAttendeesMeansOneSpeakerOne() {
    let schedule = SpeakerSchedule(names: [], lengthSeconds: 300)
    #expect(schedule.turns.map(\.name) == ["Speaker 1"])
    #expect(schedule.turns.first?.seconds == 300)
  }

  @Test func skipMidSpeakerJumpsToTheNextTurnStart() {
    let (timer, clock) = meeting(["A", "B", "C"], minutes: 1)
    clock.advance(by: .milliseconds(7_400))
    #expect(timer.update().isEmpty)
    #expect(timer.nextSpeaker() == .changed(.speakerChanged(from: 0, to: 1)))
    #expect(timer.snapshot.secondsElapsed == 20)
    #expect(timer.snapshot.turnIndex == 1)
    #expect(timer.snapshot.turnFraction == 0)
    // The clock keeps running from the new position; the boundary at 20 s is not reported again.
    clock.advance(by: .seconds(5))
    #expect(timer.update().isEmpty)
    #expect(timer.snapshot.secondsElapsed == 25)
    // Real running time is what passed, not where the meeting clock jumped.
    #expect(timer.runningSeconds == 12)
    #expect(timer.snapshot.secondsRunning == 12, "the page's elapsed time is the real one, as history records it")
  }

  @Test func skipOnTheLastSpeakerAsksForConfirmationAndDoesNotDing() {
    let (timer, clock) = meeting(["A", "B"], minutes: 1)
    clock.advance(by: .seconds(45))
    #expect(timer.update() == [.speakerChanged(from: 0, to: 1)])
    let before = timer.snapshot
    #expect(before.isLastSpeaker)
    #expect(timer.nextSpeaker() == .confirmEnd)
    #expect(timer.snapshot == before)
    #expect(timer.phase == .running)
    clock.advance(by: .seconds(1))
    #expect(timer.update().isEmpty)
  }

  @Test func pauseForTenSecondsChangesNothing() {
    let (timer, clock) = meeting(["A", "B", "C"], minutes: 1)
    clock.advance(by: .milliseconds(12_300))
    timer.pause()
    let paused = timer.snapshot
    #expect(paused.phase == .paused)
    #expect(timer.delayUntilNextChange == nil)
    clock.advance(by: .seconds(10))
    #expect(timer.update().isEmpty)
    #expect(timer.elapsed == .milliseconds(12_300))
    timer.resume()
    #expect(timer.elapsed == .milliseconds(12_300))
    #expect(timer.delayUntilNextChange == .milliseconds(700))
    clock.advance(by: .milliseconds(7_700))
    #expect(timer.update() == [.speakerChanged(from: 0, to: 1)])
    #expect(timer.runningTime == .seconds(20))
  }

  @Test func nextChangeIsDueAtTheNextWholeSecond() {
    let (timer, clock) = meeting(["A"], minutes: 1)
    #expect(timer.delayUntilNextChange == .seconds(1))
    clock.advance(by: .milliseconds(250))
    #expect(timer.delayUntilNextChange == .milliseconds(750))
    clock.advance(by: .milliseconds(750))
    #expect(timer.delayUntilNextChange == .seconds(1))
  }

  @Test func sixtyMinuteMeetingWithJitteredTicksEndsAtExactly3600Seconds() {
    let (timer, clock) = meeting((1...9).map { "P\($0)" }, minutes: 60)
    var rng = SeededGenerator(seed: 42)
    var changes = 0
    var finishedAt: Duration?
    let start = clock.now
    while timer.phase == .running {
      // Ticks arrive late by 0–80 ms, sometimes a whole 2.5 s late, sometimes early.
      let due = timer.delayUntilNextChange!
      let jitter = Duration.milliseconds(Int64(rng.next() % 80))
      let step = rng.next() % 50 == 0 ? due + .milliseconds(2_500) : (rng.next() % 7 == 0 ? due / 2 : due + jitter)
      clock.advance(by: step)
      for event in timer.update() {
        if case .speakerChanged = event { changes += 1 }
        if event == .finished { finishedAt = clock.now - start }
      }
    }
    #expect(timer.elapsed == .seconds(3600))
    #expect(timer.runningTime == .seconds(3600))
    #expect(timer.snapshot.secondsRemaining == 0)
    #expect(changes == 8)
    #expect(finishedAt! >= .seconds(3600) && finishedAt! < .seconds(3603))
  }

  @Test func endEarlyReportsTheRealRunningSeconds() {
    let (timer, clock) = meeting(["A", "B"], minutes: 5)
    clock.advance(by: .milliseconds(30_600))
    timer.pause()
    clock.advance(by: .seconds(100))
    timer.resume()
    clock.advance(by: .seconds(10))
    #expect(timer.end() == 41)
    #expect(timer.phase == .ended)
    clock.advance(by: .seconds(10))
    #expect(timer.runningSeconds == 41)
    #expect(timer.nextSpeaker() == .ignored)
  }
}

@MainActor @Suite struct TurnWarningTests {
  let three = SpeakerSchedule(names: ["Ana", "Ben", "Cy"], lengthSeconds: 60)

  /// Runs a whole meeting tick by tick; returns the second at which each warning came.
  func warnings(_ seconds: Int, schedule: SpeakerSchedule) -> [Int: Int] {
    let clock = ManualClock()
    let timer = MeetingTimer(schedule: schedule, clock: clock, warnings: [seconds])
    var found: [Int: Int] = [:]
    while let delay = timer.delayUntilNextChange {
      clock.advance(by: delay)
      for case .turnWarning(let turn, _) in timer.update() { found[turn] = Int(timer.elapsed.components.seconds) }
    }
    return found
  }

  @Test func eachChoiceWarnsThatLongBeforeEveryTurnEnds() {
    #expect(warnings(10, schedule: three) == [0: 10, 1: 30, 2: 50])
    #expect(warnings(0, schedule: three) == [:], "Off")
    let long = SpeakerSchedule(names: ["Ana", "Ben"], lengthSeconds: 300)
    #expect(warnings(30, schedule: long) == [0: 120, 1: 270])
    #expect(warnings(60, schedule: long) == [0: 90, 1: 240])
  }

  @Test func aWarningLongerThanAShareIsIgnored() {
    #expect(warnings(30, schedule: three) == [:], "20-second shares get no 30-second warning")
    #expect(warnings(20, schedule: three) == [:], "nor one as long as the share")
    let uneven = SpeakerSchedule(names: (1...7).map { "P\($0)" }, lengthSeconds: 70)  // 10 s each
    #expect(warnings(10, schedule: uneven) == [:])
  }

  @Test func theSnapshotSaysWhenTheTurnIsInItsWarningTime() {
    let clock = ManualClock()
    let timer = MeetingTimer(schedule: three, clock: clock, warnings: [10])
    clock.advance(by: .milliseconds(9_900))
    #expect(!timer.snapshot.isWarning)
    clock.advance(by: .milliseconds(100))
    #expect(timer.snapshot.isWarning)
    timer.pause()
    #expect(timer.snapshot.isWarning, "paused during the warning, still warned")
    timer.resume()
    _ = timer.nextSpeaker()
    #expect(!timer.snapshot.isWarning, "Ben starts afresh")
  }

  @Test func theSessionTellsEffectsOfTheWarningWithItsDueInstant() {
    let scrum = DailyScrum(title: "x", attendees: ["Ana", "Ben", "Cy"].map { Attendee(name: $0) }, lengthInMinutes: 1)
    let clock = ManualClock()
    let sound = RecordingEffect()
    let session = MeetingSession(
      scrum: scrum, state: AppState(scrums: [scrum]), dependencies: testDependencies(clock: clock, sound: sound))
    clock.advance(by: .milliseconds(10_300))  // a late tick
    session.tick()
    clock.advance(by: .milliseconds(9_800))
    session.tick()
    #expect(
      sound.events == [
        .started, .turnWarning(turn: 0, stage: 0, dueAt: .seconds(10)), .speakerChanged(to: 1, dueAt: .seconds(20)),
      ])
    #expect(scrum.turnWarning == .tenSeconds, "ten seconds by default")
  }

  @Test func theWarningColourStandsOutOnEveryTheme() {
    for theme in Theme.allCases {
      #expect(theme.warningColor.contrastRatio(with: theme.mainColor) >= 3, "\(theme)")
    }
  }

  @Test func theSettingIsSavedAndOldFilesGetTenSeconds() throws {
    let scrum = DailyScrum(title: "x", turnWarning: .oneMinute)
    #expect(try ScrumFile.decode(ScrumFile.encode([scrum])) == [scrum])
    let old =
      #"{"version": 1, "scrums": [{"id": "6F1A3C0E-1111-4B7C-9B51-0E7B7C6B2E01", "title": "x", "attendees": [], "lengthInMinutes": 5, "theme": "sky", "history": []}]}"#
    #expect(try ScrumFile.decode(Data(old.utf8)).first?.turnWarning == .tenSeconds)
    let odd = old.replacingOccurrences(of: "\"history\": []", with: "\"history\": [], \"turnWarningSeconds\": 15")
    #expect(throws: UnreadableReason.self) { try ScrumFile.decode(Data(odd.utf8)) }
  }
}

@MainActor @Suite struct OvertimeTests {
  let three = SpeakerSchedule(names: ["Ana", "Ben", "Cy"], lengthSeconds: 60)

  /// Ticks as the UI does for `seconds` of clock time.
  func run(_ timer: MeetingTimer, _ clock: ManualClock, for seconds: Int, events: inout [MeetingTimer.Event]) {
    let end = clock.now + .seconds(seconds)
    while clock.now < end, let delay = timer.delayUntilNextChange {
      clock.advance(by: min(delay, end - clock.now))
      events += timer.update()
    }
  }

  @Test func letFinishHoldsTheTurnCountsTheOverrunAndMovesOnlyOnNext() {
    let clock = ManualClock()
    let timer = MeetingTimer(schedule: three, clock: clock, warnings: [10], overtime: .letFinish)
    var events: [MeetingTimer.Event] = []
    run(timer, clock, for: 32, events: &events)
    #expect(
      events == [.turnWarning(turn: 0, stage: 0), .overtimeStarted(turn: 0)], "no turn change by itself; one ding")
    var snapshot = timer.snapshot
    #expect(snapshot.turnIndex == 0)
    #expect(snapshot.secondsElapsed == 20, "the meeting clock waits at the end of Ana's share")
    #expect(snapshot.overrunSeconds == 12)
    #expect(snapshot.isWarning)
    // A pause keeps the overrun.
    timer.pause()
    clock.advance(by: .seconds(100))
    timer.resume()
    #expect(timer.snapshot.overrunSeconds == 12)
    #expect(timer.nextSpeaker() == .changed(.speakerChanged(from: 0, to: 1)))
    snapshot = timer.snapshot
    #expect(snapshot.turnIndex == 1 && snapshot.overrunSeconds == 0 && snapshot.secondsElapsed == 20)
    #expect(timer.runningSeconds == 32, "overtime counts, the pause does not")
    // Ben stops early; Cy runs 50 s over the meeting's end.
    clock.advance(by: .seconds(5))
    _ = timer.nextSpeaker()
    events = []
    run(timer, clock, for: 70, events: &events)
    #expect(events == [.turnWarning(turn: 2, stage: 0), .overtimeStarted(turn: 2)])
    snapshot = timer.snapshot
    #expect(snapshot.isLastSpeaker && snapshot.overrunSeconds == 50)
    #expect(snapshot.secondsRemaining == 0)
    #expect(snapshot.meetingOverSeconds == timer.runningSeconds - 60)
    #expect(timer.runningSeconds == 107, "32 + 5 + 70")
    #expect(timer.nextSpeaker() == .confirmEnd, "the last speaker's Next asks to end")
    #expect(timer.phase == .running, "the meeting never ends by itself")
  }

  @Test func moveOnIsTodaysBehaviour() {
    let clock = ManualClock()
    let timer = MeetingTimer(schedule: three, clock: clock, overtime: .moveOn)
    var events: [MeetingTimer.Event] = []
    run(timer, clock, for: 70, events: &events)
    #expect(events == [.speakerChanged(from: 0, to: 1), .speakerChanged(from: 1, to: 2), .finished])
    #expect(timer.snapshot.meetingOverSeconds == 0 && timer.snapshot.overrunSeconds == 0)
    #expect(timer.runningSeconds == 60)
  }

  @Test func theSessionDingsOnceWhenAShareRunsOutAndRecordsTheOvertime() {
    let scrum = DailyScrum(
      title: "x", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 1, turnWarning: .off,
      overtime: .letFinish)
    let clock = ManualClock()
    let sound = RecordingEffect()
    let state = AppState(scrums: [scrum])
    let session = MeetingSession(scrum: scrum, state: state, dependencies: testDependencies(clock: clock, sound: sound))
    clock.advance(by: .milliseconds(30_400))
    session.tick()
    clock.advance(by: .seconds(9))
    session.tick()
    #expect(sound.events == [.started, .overtimeStarted(turn: 0, dueAt: .seconds(30))])
    #expect(session.nextSpeaker() == .changed(.speakerChanged(from: 0, to: 1)))
    clock.advance(by: .seconds(40))
    session.tick()
    #expect(session.nextSpeaker() == .confirmEnd)
    session.end(save: true)
    #expect(state.scrums.value[0].history.first?.durationSeconds == 79, "39 s of Ana and 40 s of Ben")
  }

  @Test func theOvertimeRuleIsSavedAndOldFilesMoveOn() throws {
    let scrum = DailyScrum(title: "x", overtime: .letFinish)
    #expect(try ScrumFile.decode(ScrumFile.encode([scrum])) == [scrum])
    let old =
      #"{"version": 1, "scrums": [{"id": "6F1A3C0E-1111-4B7C-9B51-0E7B7C6B2E01", "title": "x", "attendees": [], "lengthInMinutes": 5, "theme": "sky", "history": []}]}"#
    #expect(try ScrumFile.decode(Data(old.utf8)).first?.overtime == .moveOn)
  }
}

@MainActor @Suite struct SpokenTimeTests {
  let three = SpeakerSchedule(names: ["Ana", "Ben", "Cy"], lengthSeconds: 60)

  @Test func eachSpeakersSecondsAddUpToTheRunningTime() {
    let clock = ManualClock()
    let timer = MeetingTimer(schedule: three, clock: clock)
    clock.advance(by: .milliseconds(12_400))
    timer.pause()
    clock.advance(by: .seconds(100))  // not counted
    timer.resume()
    clock.advance(by: .milliseconds(3_300))
    _ = timer.nextSpeaker()  // Ana: 15.7 s
    clock.advance(by: .milliseconds(30_000))  // a late tick: past Ben's end (20 s) into Cy's
    _ = timer.update()
    #expect(timer.spokenSeconds == [16, 20, 10])
    timer.end()
    #expect(timer.spokenSeconds.reduce(0, +) == timer.runningSeconds)
    #expect(timer.runningSeconds == 46, "15.7 + 30, rounded")
  }

  @Test func aMeetingThatRunsToTheEndGivesEveryoneTheirShare() {
    let clock = ManualClock()
    let timer = MeetingTimer(
      schedule: SpeakerSchedule(names: (1...7).map { "P\($0)" }, lengthSeconds: 300), clock: clock)
    clock.advance(by: .seconds(400))
    _ = timer.update()
    #expect(timer.spokenSeconds == [43, 43, 43, 43, 43, 43, 42])
    #expect(timer.runningSeconds == 300)
  }

  @Test func overtimeCountsForTheSpeakerWhoTookIt() {
    let clock = ManualClock()
    let timer = MeetingTimer(schedule: three, clock: clock, overtime: .letFinish)
    clock.advance(by: .seconds(35))
    _ = timer.update()
    _ = timer.nextSpeaker()
    clock.advance(by: .seconds(5))
    _ = timer.nextSpeaker()
    #expect(timer.spokenSeconds == [35, 5, 0])
    clock.advance(by: .seconds(22))
    timer.end()
    #expect(timer.spokenSeconds == [35, 5, 22])
    #expect(timer.runningSeconds == 62)
  }

  @Test func theHistoryEntryRecordsWhoSpokeAndWhoWasAway() throws {
    let scrum = DailyScrum(title: "x", attendees: ["Ana", "Ben", "Cy"].map { Attendee(name: $0) }, lengthInMinutes: 1)
    let clock = ManualClock()
    let state = AppState(scrums: [scrum])
    let session = MeetingSession(
      scrum: scrum, speakers: ["Ana", "Cy"], absent: ["Ben"], state: state, dependencies: testDependencies(clock: clock)
    )
    clock.advance(by: .seconds(12))
    _ = session.nextSpeaker()
    clock.advance(by: .seconds(31))
    session.tick()
    session.end(save: true)
    let entry = try #require(state.scrums.value[0].history.first)
    #expect(
      entry.speakers == [
        SpeakerTime(name: "Ana", seconds: 12, shareSeconds: 30), SpeakerTime(name: "Cy", seconds: 30, shareSeconds: 30),
      ])
    #expect(entry.absent == ["Ben"])
    #expect(entry.speakers.map(\.seconds).reduce(0, +) == entry.durationSeconds)
    #expect(try ScrumFile.decode(ScrumFile.encode(state.scrums.value)) == state.scrums.value, "kept in the file")
  }
}

@Suite struct MeetingStatisticsTests {
  @Test func theLast30MeetingsAreCountedAgainstThePlan() {
    let old = (0..<5).map { _ in History(attendees: [], durationSeconds: 999) }
    let recent = (0..<30).map { index in
      History(
        attendees: ["Ana", "Ben"], durationSeconds: index < 27 ? 290 : 330,
        speakers: [
          SpeakerTime(name: "Ana", seconds: 100 + index % 2, shareSeconds: 150),
          SpeakerTime(name: "Ben", seconds: 190, shareSeconds: 150),
        ])
    }
    let scrum = DailyScrum(title: "x", lengthInMinutes: 5, history: old + recent)
    let statistics = MeetingStatistics(scrum)
    #expect(statistics.lengths.count == 30, "only the last 30")
    #expect(statistics.onTimeCount == 27)
    #expect(statistics.averageSeconds == 294)
    #expect(statistics.plannedSeconds == 300)
    #expect(
      statistics.averageSpeaking == [
        MeetingStatistics.Average(name: "Ana", seconds: 101), MeetingStatistics.Average(name: "Ben", seconds: 190),
      ])
    #expect(MeetingStatistics(DailyScrum(title: "new")).averageSeconds == 0)
  }
}
