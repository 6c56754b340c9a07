import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

/// "End meeting?" as the session's state: what is asked, what the meeting does meanwhile, and
/// what each answer does, without a display.
@MainActor @Suite struct EndQuestionTests {
  func start() -> (MeetingSession, AppState, ManualClock, ManualScheduler, RecordingEffect) { startMeeting() }

  @Test func askingPausesTheMeetingAndNoControlMovesItButTheAnswer() {
    let (session, state, clock, scheduler, effects) = start()
    clock.advance(by: .seconds(7))
    session.ask(.end)
    #expect(session.question.value == EndQuestion(occasion: .end, ranSeconds: 7))
    #expect(state.meeting.value?.snapshot.phase == .paused, "nobody loses time to the question")
    #expect(scheduler.pending.isEmpty)
    let asked = state.meeting.value
    let told = effects.events.count
    session.togglePause()
    #expect(session.nextSpeaker() == nil)
    #expect(!session.previousSpeaker())
    session.addMinute()
    #expect(state.meeting.value == asked, "Space, Next, Previous and +1 min wait for the answer")
    #expect(effects.events.count == told, "and nothing dings")
    clock.advance(by: .seconds(30))
    session.answer(.keepGoing)
    #expect(session.question.value == nil)
    #expect(state.meeting.value?.snapshot.phase == .running)
    #expect(state.meeting.value?.snapshot.secondsElapsed == 7, "Resume goes on where it was asked")
    #expect(scheduler.pending.count == 1)
  }

  @Test func saveKeepsTheMeetingAsItRanAndDiscardKeepsNothing() {
    for (answer, kept) in [(EndAnswer.save, [13]), (.discard, [])] {
      let (session, state, clock, _, effects) = start()
      var ended: Bool?
      session.onEnd = { ended = $0 }
      clock.advance(by: .seconds(13))
      session.ask(.end)
      clock.advance(by: .seconds(40))
      session.answer(answer)
      #expect(state.scrums.value[0].history.map(\.durationSeconds) == kept, "\(answer)")
      #expect(ended == (answer == .save))
      #expect(effects.events.last == .ended(saved: answer == .save))
      #expect(session.question.value == nil)
      #expect(state.meeting.value == nil)
    }
  }

  @Test func nextOnTheLastSpeakerAsksAndOneQuestionIsOpenAtATime() {
    let (session, _, clock, _, _) = start()
    clock.advance(by: .seconds(3))
    session.nextSpeaker()
    session.nextSpeaker()
    #expect(session.question.value == nil)
    #expect(session.nextSpeaker() == .confirmEnd)
    #expect(session.question.value == EndQuestion(occasion: .end, ranSeconds: 3))
    session.ask(.quit)
    #expect(session.question.value?.occasion == .end, "a quit while End meeting? is open is not asked over it")
  }

  @Test func aMeetingEndedAnotherWayWithdrawsTheQuestionAndALateAnswerDoesNothing() {
    let (session, state, clock, _, _) = start()
    clock.advance(by: .seconds(5))
    session.ask(.quit)
    session.end(save: true)  // the app is being stopped
    #expect(session.question.value == nil)
    #expect(state.scrums.value[0].history.map(\.durationSeconds) == [5])
    session.answer(.discard)
    #expect(state.scrums.value[0].history.count == 1, "an answer to a withdrawn question changes nothing")
    session.ask(.end)
    #expect(session.question.value == nil, "a meeting that is over asks nothing")
  }
}
