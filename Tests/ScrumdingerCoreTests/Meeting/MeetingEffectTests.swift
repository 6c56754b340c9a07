import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

@MainActor @Suite struct MeetingEffectTests {
  @Test func effectsHearEveryMomentInRegistrationOrder() {
    let scrum = DailyScrum(title: "x", attendees: [Attendee(name: "A"), Attendee(name: "B")], lengthInMinutes: 1)
    let journal = RecordingEffect.Journal()
    let sound = RecordingEffect(journal: journal, name: "sound")
    let notifier = RecordingEffect(journal: journal, name: "notifier")
    let clock = ManualClock()
    let state = AppState(scrums: [scrum])
    let session = MeetingSession(
      scrum: scrum, state: state, dependencies: testDependencies(clock: clock, sound: sound, notifier: notifier))
    session.pause()
    session.pause()  // already paused: nothing new to tell
    session.resume()
    clock.advance(by: .seconds(3))
    _ = session.nextSpeaker()
    session.end(save: false)
    #expect(
      sound.events == [
        .started, .paused, .resumed, .speakerChanged(to: 1, dueAt: .seconds(3)), .ended(saved: false),
      ])
    #expect(notifier.events == sound.events)
    #expect(journal.entries.count == 10)  // the third effect has no journal here
    for pair in stride(from: 0, to: journal.entries.count, by: 2) {
      #expect(journal.entries[pair].hasPrefix("sound "), "the first registered effect hears first")
      #expect(journal.entries[pair + 1].hasPrefix("notifier "))
    }
  }

}
