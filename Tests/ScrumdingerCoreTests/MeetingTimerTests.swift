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
    #expect(changes.map(\.event) == [
      .speakerChanged(from: 0, to: 1), .speakerChanged(from: 1, to: 2), .finished,
    ])
    #expect(timer.phase == .finished)
    #expect(timer.delayUntilNextChange == nil)
    #expect(timer.runningSeconds == 60)
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

