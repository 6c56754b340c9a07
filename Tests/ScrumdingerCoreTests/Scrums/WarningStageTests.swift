import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

/// A turn warned in stages (1:00, 0:30, 0:10) and the meeting warned before its end.
@MainActor @Suite struct WarningStageTests {
  /// Two two-minute turns, warned at 1:00, 0:30 and 0:10 before each ends.
  let two = SpeakerSchedule(names: ["Ana", "Ben"], lengthSeconds: 240)

  /// Ticks as the UI does for `seconds` of clock time; the events with the second each came.
  func run(_ timer: MeetingTimer, _ clock: ManualClock, for seconds: Int) -> [(Int, MeetingTimer.Event)] {
    var events: [(Int, MeetingTimer.Event)] = []
    let end = clock.now + .seconds(seconds)
    while clock.now < end, let delay = timer.delayUntilNextChange {
      clock.advance(by: min(delay, end - clock.now))
      events += timer.update().map { (Int(timer.elapsed.components.seconds), $0) }
    }
    return events
  }

  func warnings(_ events: [(Int, MeetingTimer.Event)]) -> [String] {
    events.compactMap { second, event in
      switch event {
      case .turnWarning(let turn, let stage): "\(second): turn \(turn) stage \(stage)"
      case .meetingWarning: "\(second): meeting"
      default: nil
      }
    }
  }

  @Test func eachStageComesOnceInOrderAndTheSnapshotSaysWhich() {
    let clock = ManualClock()
    let timer = MeetingTimer(schedule: two, clock: clock, warnings: [10, 60, 30])
    #expect(timer.warnings == [60, 30, 10], "longest lead first, whatever order they came in")
    #expect(timer.snapshot.warningStage == nil)
    let events = run(timer, clock, for: 240)
    #expect(
      warnings(events) == [
        "60: turn 0 stage 0", "90: turn 0 stage 1", "110: turn 0 stage 2",
        "180: turn 1 stage 0", "210: turn 1 stage 1", "230: turn 1 stage 2",
      ])
  }

  @Test func aLateTickTellsOnlyTheLatestStage() {
    let clock = ManualClock()
    let timer = MeetingTimer(schedule: two, clock: clock, warnings: [60, 30, 10])
    clock.advance(by: .seconds(95))
    #expect(timer.update() == [.turnWarning(turn: 0, stage: 1)], "0:30 left: the 1:00 stage is not told late")
    #expect(timer.snapshot.warningStage == 1)
  }

  @Test func aPauseHoldsTheStageAndResumingGoesOnToTheNext() {
    let clock = ManualClock()
    let timer = MeetingTimer(schedule: two, clock: clock, warnings: [60, 30, 10])
    _ = run(timer, clock, for: 70)
    #expect(timer.snapshot.warningStage == 0)
    timer.pause()
    clock.advance(by: .seconds(300))
    #expect(timer.update().isEmpty && timer.snapshot.warningStage == 0, "paused in the first stage, still in it")
    timer.resume()
    #expect(warnings(run(timer, clock, for: 25)) == ["90: turn 0 stage 1"])
  }

  @Test func anAddedMinuteTakesTheTurnBackOutOfItsStagesAndTellsThemAgain() {
    let clock = ManualClock()
    let timer = MeetingTimer(schedule: two, clock: clock, warnings: [60, 30, 10])
    _ = run(timer, clock, for: 112)
    #expect(timer.snapshot.warningStage == 2)
    timer.addTime(seconds: 60)  // Ana's turn now ends at 180: 68 s left
    #expect(timer.snapshot.warningStage == nil, "more than a minute left again")
    #expect(
      warnings(run(timer, clock, for: 70)) == ["120: turn 0 stage 0", "150: turn 0 stage 1", "170: turn 0 stage 2"])
  }

  @Test func goingBackWarnsTheTurnAgainFromItsFirstStage() {
    let clock = ManualClock()
    let timer = MeetingTimer(schedule: two, clock: clock, warnings: [60, 30, 10])
    _ = run(timer, clock, for: 100)
    #expect(timer.snapshot.warningStage == 1)
    _ = timer.previousTurn()  // nothing before Ana: no change
    _ = timer.nextSpeaker()
    _ = run(timer, clock, for: 65)
    #expect(timer.snapshot.turnIndex == 1 && timer.snapshot.warningStage == 0)
    _ = timer.previousTurn()
    #expect(timer.snapshot.turnIndex == 0 && timer.snapshot.warningStage == nil)
    #expect(warnings(run(timer, clock, for: 61)) == ["60: turn 0 stage 0"], "Ana's first stage again")
  }

  @Test func inOvertimeTheLastStageStaysAndNothingMoreIsTold() {
    let clock = ManualClock()
    let timer = MeetingTimer(schedule: two, clock: clock, warnings: [60, 30, 10], overtime: .letFinish)
    let events = run(timer, clock, for: 150)
    #expect(warnings(events) == ["60: turn 0 stage 0", "90: turn 0 stage 1", "110: turn 0 stage 2"])
    #expect(events.last.map { $0.1 } == .overtimeStarted(turn: 0))
    #expect(timer.snapshot.overrunSeconds == 30 && timer.snapshot.warningStage == 2)
    _ = timer.nextSpeaker()
    #expect(timer.snapshot.warningStage == nil, "Ben starts afresh")
  }

  @Test func aStageAsLongAsTheTurnIsLeftOut() {
    let clock = ManualClock()
    let short = SpeakerSchedule(names: ["Ana", "Ben", "Cy"], lengthSeconds: 90)  // 30 s each
    let timer = MeetingTimer(schedule: short, clock: clock, warnings: [60, 30, 10])
    #expect(warnings(run(timer, clock, for: 30)) == ["20: turn 0 stage 2"], "only the 0:10 stage fits a 0:30 turn")
  }

  @Test func theMeetingIsWarnedOnceBeforeItsEndAndAgainAfterAMinuteIsAdded() {
    let clock = ManualClock()
    let timer = MeetingTimer(schedule: two, clock: clock, meetingWarningSeconds: 60)
    #expect(warnings(run(timer, clock, for: 185)) == ["180: meeting"])
    #expect(timer.snapshot.isMeetingWarning)
    timer.addTime(seconds: 60)  // the meeting now ends at 300
    #expect(!timer.snapshot.isMeetingWarning)
    #expect(warnings(run(timer, clock, for: 60)) == ["240: meeting"])
    let none = MeetingTimer(schedule: two, clock: ManualClock(), meetingWarningSeconds: 600)
    #expect(none.meetingWarningPosition == nil, "a warning longer than the meeting is left out")
  }

  @Test func theSessionTellsEachStageAndTheMeetingWarningWithTheirDueInstants() {
    var scrum = DailyScrum(title: "x", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 4)
    scrum.warningStages = [WarningStage(.oneMinute), WarningStage(.tenSeconds, sound: false)]
    scrum.meetingWarningMinutes = 1
    let clock = ManualClock()
    let sound = RecordingEffect()
    let session = MeetingSession(
      scrum: scrum, state: AppState(scrums: [scrum]), dependencies: testDependencies(clock: clock, sound: sound))
    for _ in 0..<240 {
      clock.advance(by: .seconds(1))
      session.tick()
    }
    #expect(
      sound.events.filter { if case .speakerChanged = $0 { false } else { true } } == [
        .started, .turnWarning(turn: 0, stage: 0, dueAt: .seconds(60)),
        .turnWarning(turn: 0, stage: 1, dueAt: .seconds(110)),
        .turnWarning(turn: 1, stage: 0, dueAt: .seconds(180)), .meetingWarning(dueAt: .seconds(180)),
        .turnWarning(turn: 1, stage: 1, dueAt: .seconds(230)), .timeUp(dueAt: .seconds(240)), .ended(saved: true),
      ])
  }

  @Test func stagesAreKeptOneALeadLongestFirstAtMostThree() {
    var draft = ScrumDraft()
    #expect(draft.warningStages == [WarningStage(.tenSeconds)], "one at 0:10 by default, as before")
    draft.warningStages = [
      WarningStage(.tenSeconds), WarningStage(.off), WarningStage(.oneMinute, sound: false), WarningStage(.tenSeconds),
    ]
    #expect(draft.warningStages == [WarningStage(.oneMinute, sound: false), WarningStage(.tenSeconds)])
    #expect(WarningLevel(stage: 0, of: 3) == .notice && WarningLevel(stage: 1, of: 3) == .warning)
    #expect(WarningLevel(stage: 2, of: 3) == .final && WarningLevel(stage: 0, of: 1) == .final)
  }

  @Test func stagesAreSavedAndAFileAnEarlierVersionChangedKeepsItsChoice() throws {
    var scrum = DailyScrum(title: "x", meetingWarningMinutes: 5)
    scrum.warningStages = [
      WarningStage(.oneMinute), WarningStage(.thirtySeconds, sound: false), WarningStage(.tenSeconds),
    ]
    let data = ScrumFile.encode([scrum])
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""turnWarningSeconds":10"#), "an earlier version warns at the closest stage")
    #expect(text.contains(#""meetingWarningMinutes":5"#))
    #expect(try ScrumFile.decode(data) == [scrum])
    // An earlier version set its one warning to 30 s and kept the stages it did not know.
    let changed = text.replacingOccurrences(of: #""turnWarningSeconds":10"#, with: #""turnWarningSeconds":30"#)
    #expect(try ScrumFile.decode(Data(changed.utf8)).first?.warningStages == [WarningStage(.thirtySeconds)])
    // One stage with its sound is written as before: no new key.
    let plain = DailyScrum(title: "x", turnWarning: .oneMinute)
    #expect(!String(decoding: ScrumFile.encode([plain]), as: UTF8.self).contains("turnWarningStages"))
    let unsorted = text.replacingOccurrences(of: #"{"seconds":60,"sound":true},"#, with: "").replacingOccurrences(
      of: #"{"seconds":10,"sound":true}"#, with: #"{"seconds":10,"sound":true},{"seconds":60,"sound":true}"#)
    #expect(unsorted != text)
    #expect(throws: UnreadableReason.self) { try ScrumFile.decode(Data(unsorted.utf8)) }
  }
}
