import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

/// The presenter's console lists the turns to come, each with when it starts from now.
@MainActor @Suite struct UpNextEntryTests {
  @Test func theTurnsToComeWithWhenTheyStart() {
    let clock = ManualClock()
    let schedule = SpeakerSchedule(
      names: ["Ana", "Ben", "Cy"], lengthSeconds: 300, items: [AgendaItem(title: "Release", minutes: 2)])
    let timer = MeetingTimer(schedule: schedule, clock: clock)
    clock.advance(by: .seconds(30))
    _ = timer.update()
    #expect(
      UpNextEntry.entries(of: timer.schedule, at: timer.snapshot) == [
        UpNextEntry(name: "Ben", isItem: false, startsIn: 70, seconds: 100),
        UpNextEntry(name: "Cy", isItem: false, startsIn: 170, seconds: 100),
        UpNextEntry(name: "Release", isItem: true, startsIn: 270, seconds: 120),
      ])
    timer.addTime(seconds: 60)
    #expect(
      UpNextEntry.entries(of: timer.schedule, at: timer.snapshot).map(\.startsIn) == [130, 230, 330],
      "a minute added moves them")
    _ = timer.nextSpeaker()
    #expect(UpNextEntry.entries(of: timer.schedule, at: timer.snapshot).map(\.name) == ["Cy", "Release"])
  }

  @Test func afterATurnRunOverTheNextStartsNow() {
    let clock = ManualClock()
    let schedule = SpeakerSchedule(names: ["Ana", "Ben"], lengthSeconds: 120)
    let timer = MeetingTimer(schedule: schedule, clock: clock, overtime: .letFinish)
    clock.advance(by: .seconds(75))
    _ = timer.update()
    #expect(timer.snapshot.overrunSeconds == 15)
    #expect(
      UpNextEntry.entries(of: timer.schedule, at: timer.snapshot) == [
        UpNextEntry(name: "Ben", isItem: false, startsIn: 0, seconds: 60)
      ])
  }
}
