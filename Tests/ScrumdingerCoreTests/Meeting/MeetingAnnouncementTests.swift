import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

/// What a screen reader is told, moment by moment, as a meeting runs on a manual clock.
@MainActor @Suite struct MeetingAnnouncementTests {
  /// Hears what the app would have screen readers say.
  final class Said: MeetingEffect {
    var sentences: [String] = []
    func meeting(_ session: MeetingSession, did event: MeetingEvent) {
      if let text = MeetingAnnouncement.text(for: event, in: session) { sentences.append(text) }
    }
  }

  /// A meeting of `scrum` on a manual clock, and what it has screen readers told.
  private func meeting(of scrum: DailyScrum) -> (MeetingSession, ManualClock, ManualScheduler, Said) {
    let clock = ManualClock()
    let scheduler = ManualScheduler()
    let said = Said()
    var dependencies = testDependencies(clock: clock, scheduler: scheduler)
    dependencies.announcer = said
    return (
      MeetingSession(scrum: scrum, state: AppState(scrums: [scrum]), dependencies: dependencies), clock, scheduler, said
    )
  }

  @Test func eachMomentIsSaidOnceAndTheClocksNever() {
    // Three speakers in three minutes, warned ten seconds before each turn ends.
    let scrum = DailyScrum(
      title: "Standup", attendees: ["Ana", "Ben", "Cy"].map { Attendee(name: $0) }, lengthInMinutes: 3,
      turnWarning: .tenSeconds)
    let (session, clock, scheduler, said) = meeting(of: scrum)
    #expect(said.sentences == ["Ana is speaking, 1 minute left"])

    clock.advance(by: .seconds(5))
    session.addMinute()
    #expect(said.sentences.last == "A minute added for Ana, 1 minute 55 seconds left")
    session.pause()
    #expect(said.sentences.last == "Paused")
    session.resume()
    #expect(said.sentences.last == "Ana is speaking, 1 minute 55 seconds left")
    _ = session.nextSpeaker()
    #expect(said.sentences.last == "Ben is speaking, 1 minute left")
    let before = said.sentences.count
    // Each tick the session arms through Ben's minute: the warning at 50 s, then Cy's turn,
    // and nothing else (no tick between them is told to anyone).
    while session.timer.currentTurn < 2 { scheduler.fireNext(on: clock) }
    #expect(Array(said.sentences[before...]) == ["10 seconds left for Ben", "Cy is speaking, 1 minute left"])
    session.end(save: false)
    #expect(said.sentences.count == before + 2, "the end question says the end")
  }

  @Test func theEndOfTimeIsSaid() {
    let scrum = DailyScrum(title: "Standup", attendees: [Attendee(name: "Ana")], lengthInMinutes: 1, turnWarning: .off)
    let (session, clock, scheduler, said) = meeting(of: scrum)
    while session.timer.phase != .finished { scheduler.fireNext(on: clock) }
    #expect(said.sentences == ["Ana is speaking, 1 minute left", "The meeting is over"])
  }
}
