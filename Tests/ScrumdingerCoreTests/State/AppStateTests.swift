import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

@MainActor @Suite struct AppStateTests {
  @Test func aMeetingTickNotifiesOnlyMeetingObservers() {
    let state = AppState(scrums: sampleScrums)
    var listCalls = 0
    var navigationCalls = 0
    var meetingCalls = 0
    let tokens = [
      state.scrums.observe { _ in listCalls += 1 },
      state.navigation.observe { _ in navigationCalls += 1 },
      state.meeting.observe { _ in meetingCalls += 1 },
    ]
    let clock = ManualClock()
    let scrum = state.scrums.value[0]
    let timer = MeetingTimer(
      schedule: SpeakerSchedule(names: scrum.attendees.map(\.name), lengthSeconds: scrum.lengthInSeconds), clock: clock)
    state.navigation.value = .meeting(scrumID: scrum.id)
    for _ in 0..<30 {
      clock.advance(by: timer.delayUntilNextChange!)
      _ = timer.update()
      state.meeting.value = MeetingState(scrumID: scrum.id, snapshot: timer.snapshot)
    }
    #expect(meetingCalls == 30)
    #expect(listCalls == 0)
    #expect(navigationCalls == 1)
    withExtendedLifetime(tokens) {}
  }

  @Test func sameValueDoesNotNotifyAndCancelledObserversHearNothing() {
    let state = AppState()
    var calls = 0
    let token = state.navigation.observe { _ in calls += 1 }
    state.navigation.value = .list
    #expect(calls == 0)
    state.scrums.update { $0.append(DailyScrum(title: "A")) }
    #expect(calls == 0)
    token.cancel()
    state.navigation.value = .detail(scrumID: state.scrums.value[0].id)
    #expect(calls == 0)
  }
}
