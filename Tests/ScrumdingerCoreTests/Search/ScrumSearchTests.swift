import Foundation
import Testing

@testable import ScrumdingerCore

@Suite struct ScrumSearchTests {
  let scrums = [
    DailyScrum(title: "Plätform Sync", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }),
    DailyScrum(title: "Design Review"),
    DailyScrum(title: "platform retro"),
    DailyScrum(title: "ＡＰＩ ﬁxes"),
  ]

  @Test func partOfATitleFindsItWhateverTheCaseAndAccents() {
    #expect(ScrumSearch(["plat"]).results(in: scrums) == [scrums[0].id, scrums[2].id])
    #expect(ScrumSearch(["PLÄT"]).results(in: scrums) == [scrums[0].id, scrums[2].id])
    #expect(ScrumSearch(["view"]).results(in: scrums) == [scrums[1].id])
    // Full-width letters and ligatures fold to their plain forms.
    #expect(ScrumSearch(["api", "fix"]).results(in: scrums) == [scrums[3].id])
    #expect(ScrumSearch(["planning"]).results(in: scrums).isEmpty)
  }

  @Test func everyTermMustMatch() {
    #expect(ScrumSearch(["plat", "sync"]).results(in: scrums) == [scrums[0].id])
    #expect(ScrumSearch(["plat retro"]).results(in: scrums) == [scrums[2].id])
    #expect(ScrumSearch(["plat", "review"]).results(in: scrums).isEmpty)
  }

  @Test func nothingTypedFindsNothing() {
    #expect(ScrumSearch([]).isEmpty)
    #expect(ScrumSearch(["  ", ""]).isEmpty)
    #expect(ScrumSearch(["  "]).results(in: scrums).isEmpty)
  }

  @Test func narrowingKeepsOnlyPreviousResultsThatStillMatch() {
    let first = ScrumSearch(["plat"]).results(in: scrums).map(\.uuidString)
    #expect(ScrumSearch(["plat", "sy"]).narrowing(first, in: scrums) == [scrums[0].id])
    // A scrum deleted meanwhile, or an id that is not one, is left out.
    let gone = UUID().uuidString
    #expect(ScrumSearch(["plat"]).narrowing([gone, "not an id"] + first, in: scrums) == [scrums[0].id, scrums[2].id])
  }

  @Test func theOverviewDescribesLengthAttendeesAndNextMeeting() {
    var scrum = DailyScrum(title: "Platform", attendees: (1...5).map { Attendee(name: "P\($0)") }, lengthInMinutes: 15)
    #expect(Texts.searchDescription(scrum, next: nil) == "15 minutes · 5 attendees")
    scrum.attendees.removeLast(4)
    scrum.lengthInMinutes = 1
    #expect(Texts.searchDescription(scrum, next: nil) == "1 minute · 1 attendee")
    // Monday 2026-11-23, 9:30 in Berlin.
    let monday = Date(timeIntervalSince1970: 1_795_422_600)
    #expect(
      Texts.searchDescription(scrum, next: monday, timeZone: "Europe/Berlin")
        == "1 minute · 1 attendee · next: Monday 09:30")
    #expect(
      Texts.searchDescription(scrum, next: monday, twelveHour: true, timeZone: "Europe/Berlin")
        == "1 minute · 1 attendee · next: Monday 9:30 AM")
  }
}
