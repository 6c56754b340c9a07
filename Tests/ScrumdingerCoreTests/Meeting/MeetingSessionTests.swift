import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

/// The meeting of `scrum` (Design: one minute, Ana, Ben and Cy), started on a manual clock and
/// scheduler, its effects recorded (here and in EndQuestionTests).
@MainActor func startMeeting(
  _ scrum: DailyScrum = DailyScrum(
    title: "Design", attendees: ["Ana", "Ben", "Cy"].map { Attendee(name: $0) }, lengthInMinutes: 1)
) -> (MeetingSession, AppState, ManualClock, ManualScheduler, RecordingEffect) {
  let state = AppState(scrums: [scrum])
  let clock = ManualClock()
  let scheduler = ManualScheduler()
  let sound = RecordingEffect()
  let session = MeetingSession(
    scrum: scrum, state: state, dependencies: testDependencies(clock: clock, scheduler: scheduler, sound: sound))
  return (session, state, clock, scheduler, sound)
}

@MainActor @Suite struct MeetingSessionTests {
  func start() -> (MeetingSession, AppState, ManualClock, ManualScheduler, RecordingEffect) { startMeeting() }

  @Test func aWholeMeetingArmsOneTickPerSecondAndSavesItsHistory() {
    let (session, state, clock, scheduler, chimes) = start()
    var listNotifications = 0
    var ended: Bool?
    let token = state.scrums.observe { _ in listNotifications += 1 }
    session.onEnd = { ended = $0 }
    #expect(state.meeting.value?.snapshot.turnIndex == 0)
    while !scheduler.pending.isEmpty {
      #expect(scheduler.pending.count == 1, "exactly one tick armed at a time")
      scheduler.fireNext(on: clock)
    }
    #expect(scheduler.armed.count == 60)
    #expect(scheduler.armed.allSatisfy { $0.delay == .seconds(1) })
    #expect(chimes.dingsDue == [.seconds(20), .seconds(40), .seconds(60)])  // at 20 s, 40 s and the end
    #expect(
      chimes.events == [
        .started, .turnWarning(turn: 0, stage: 0, dueAt: .seconds(10)), .speakerChanged(to: 1, dueAt: .seconds(20)),
        .turnWarning(turn: 1, stage: 0, dueAt: .seconds(30)), .speakerChanged(to: 2, dueAt: .seconds(40)),
        .turnWarning(turn: 2, stage: 0, dueAt: .seconds(50)), .timeUp(dueAt: .seconds(60)), .ended(saved: true),
      ])
    #expect(ended == true)
    #expect(state.meeting.value == nil)
    #expect(listNotifications == 1, "ticks never touch the list; the history entry does, once")
    #expect(state.scrums.value[0].history.map(\.durationSeconds) == [60])
    #expect(state.scrums.value[0].history[0].attendees == ["Ana", "Ben", "Cy"])
    #expect(state.scrums.value[0].history[0].date == Date(timeIntervalSince1970: 1_795_000_000), "the injected now")
    #expect(state.scrums.value[0].history[0].id == UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
    withExtendedLifetime(token) {}
  }

  @Test func pauseDisarmsAndResumeReArmsForTheRestOfTheSecond() {
    let (session, state, clock, scheduler, _) = start()
    clock.advance(by: .milliseconds(2_600))
    session.tick()
    session.pause()
    #expect(scheduler.pending.isEmpty)
    #expect(state.meeting.value?.snapshot.phase == .paused)
    clock.advance(by: .seconds(30))
    session.resume()
    #expect(scheduler.pending.map(\.delay) == [.milliseconds(400)])
    #expect(state.meeting.value?.snapshot.secondsElapsed == 2)
  }

  @Test func skippingDingsAndTheLastSpeakerAsksFirst() {
    let (session, state, clock, scheduler, chimes) = start()
    clock.advance(by: .seconds(5))
    #expect(session.nextSpeaker() == .changed(.speakerChanged(from: 0, to: 1)))
    #expect(chimes.dingsDue == [.seconds(5)])
    #expect(state.meeting.value?.snapshot.turnIndex == 1)
    #expect(scheduler.pending.count == 1)
    _ = session.nextSpeaker()
    #expect(session.nextSpeaker() == .confirmEnd)
    #expect(chimes.dingsDue.count == 2)
  }

  @Test func eachMeetingCommandReachesTheTimerThroughOneCall() {
    let (session, state, clock, _, chimes) = start()
    clock.advance(by: .seconds(5))
    session.addMinute()
    #expect(state.meeting.value?.snapshot.secondsRemaining == 115, "a minute more: 2:00 planned, 0:05 gone")
    session.togglePause()
    #expect(state.meeting.value?.snapshot.phase == .paused)
    session.togglePause()
    #expect(state.meeting.value?.snapshot.phase == .running)
    #expect(session.nextSpeaker() != .confirmEnd)
    #expect(session.previousSpeaker())
    #expect(state.meeting.value?.snapshot.turnIndex == 0, "back to Ana, whose turn starts again")
    _ = session.nextSpeaker()
    _ = session.nextSpeaker()
    #expect(session.nextSpeaker() == .confirmEnd, "Next on the last speaker asks \"End meeting?\"")
    #expect(state.meeting.value?.snapshot.turnIndex == 2)
    #expect(chimes.dingsDue.count == 4, "three Nexts and one Previous, each a ding")
  }

  /// +1 min pressed after a turn's end that no tick has seen yet: the change of speaker is
  /// told (its ding, due when Ana's 20 s ran out) and the minute goes to Ben, from one update.
  @Test func aMinuteAddedLateGoesToTheNewSpeakerAndTheChangeIsStillTold() {
    let (session, state, clock, _, chimes) = start()
    clock.advance(by: .seconds(25))
    session.addMinute()
    #expect(chimes.dingsDue == [.seconds(20)], "the change to Ben, due at 0:20")
    #expect(state.meeting.value?.snapshot.turnIndex == 1)
    #expect(state.meeting.value?.snapshot.secondsRemaining == 95, "2:00 planned now, 0:25 gone")
  }

  @Test func endingEarlySavesTheRealTimeOrNothing() {
    let (saving, savedState, clock, scheduler, _) = start()
    clock.advance(by: .milliseconds(12_400))
    saving.end(save: true)
    #expect(savedState.scrums.value[0].history.map(\.durationSeconds) == [12])
    #expect(scheduler.pending.isEmpty)

    let (discarding, discardedState, clock2, _, _) = start()
    clock2.advance(by: .seconds(12))
    var ended: Bool?
    discarding.onEnd = { ended = $0 }
    discarding.end(save: false)
    #expect(ended == false)
    #expect(discardedState.scrums.value[0].history.isEmpty)
    #expect(discardedState.meeting.value == nil)
  }
}

@Suite struct SpeakerArcsTests {
  private func snapshot(turn: Int, fraction: Double, phase: MeetingTimer.Phase = .running) -> MeetingTimer.Snapshot {
    MeetingTimer.Snapshot(
      phase: phase, secondsElapsed: 0, secondsRemaining: 0, fraction: 0,
      turnIndex: turn, turnFraction: fraction, isLastSpeaker: false)
  }

  @Test func threeSpeakersCompletedArcsAreInsetThirds() {
    let schedule = SpeakerSchedule(names: ["A", "B", "C"], lengthSeconds: 60)
    let arcs = SpeakerArcs.arcs(schedule: schedule, snapshot: snapshot(turn: 2, fraction: 0.5))
    #expect(
      arcs == [
        SpeakerArc(startDegrees: 1, endDegrees: 119),
        SpeakerArc(startDegrees: 121, endDegrees: 239),
        SpeakerArc(startDegrees: 241, endDegrees: 300),
      ])
  }

  @Test func theFirstSpeakerAtTheStartDrawsNothing() {
    let schedule = SpeakerSchedule(names: ["A", "B"], lengthSeconds: 60)
    #expect(SpeakerArcs.arcs(schedule: schedule, snapshot: snapshot(turn: 0, fraction: 0)).isEmpty)
  }

  @Test func arcsFollowUnequalShares() {
    // 7 speakers, 300 s: the first six speak 43 s, the last 42 s.
    let schedule = SpeakerSchedule(names: (1...7).map { "P\($0)" }, lengthSeconds: 300)
    let arcs = SpeakerArcs.arcs(schedule: schedule, snapshot: snapshot(turn: 0, fraction: 0, phase: .finished))
    #expect(arcs.count == 7)
    #expect(abs(arcs[0].endDegrees - (43 * 1.2 - 1)) < 1e-9)
    #expect(abs(arcs[6].startDegrees - (258 * 1.2 + 1)) < 1e-9)
    #expect(abs(arcs[6].endDegrees - 359) < 1e-9)
  }
}

@MainActor @Suite struct LateTickTests {
  @Test func aLateTickStillReportsWhenTheChangeWasDue() {
    let (session, _, clock, _, sound) = startMeeting(
      DailyScrum(title: "x", attendees: [Attendee(name: "A"), Attendee(name: "B")], lengthInMinutes: 1))
    clock.advance(by: .milliseconds(30_250))
    session.tick()
    clock.advance(by: .milliseconds(40_000))
    session.tick()
    #expect(sound.dingsDue == [.seconds(30), .seconds(60)])
  }
}
