import Foundation
import Testing

@testable import ScrumdingerCore

@Suite struct ScrumDraftTests {
  @Test func aBlankTitleCannotBeSaved() {
    var draft = ScrumDraft()
    #expect(!draft.canSave)
    draft.title = "   \n"
    #expect(!draft.canSave)
    draft.title = "  Design  "
    #expect(draft.canSave)
    #expect(draft.scrum.title == "Design")
  }

  @Test func attendeeNamesAreTrimmedAndBlankNamesRefused() {
    var draft = ScrumDraft()
    let refused = draft.addAttendee(named: "   ")
    #expect(!refused)
    let added = draft.addAttendee(named: "  Ana ")
    #expect(added)
    #expect(draft.attendees.map(\.name) == ["Ana"])
    #expect(!ScrumDraft.isValidAttendeeName(" \t"))
  }

  @Test func anAttendeeIsRenamedInPlaceKeepingTheirId() {
    var draft = ScrumDraft(
      editing: DailyScrum(title: "Design", attendees: [Attendee(name: "Ana"), Attendee(name: "Ben")]))
    let id = draft.attendees[1].id
    let renamed = draft.renameAttendee(at: 1, to: "  Benjamin ")
    #expect(renamed)
    #expect(draft.attendees.map(\.name) == ["Ana", "Benjamin"])
    #expect(draft.attendees[1].id == id)
    let blank = draft.renameAttendee(at: 1, to: "   ")
    #expect(!blank, "a blank name is refused")
    #expect(draft.attendees[1].name == "Benjamin")
  }

  @Test func speakingOrderMovesAndRemoves() {
    var draft = ScrumDraft()
    for name in ["A", "B", "C"] { draft.addAttendee(named: name) }
    draft.moveAttendee(at: 2, by: -1)
    #expect(draft.attendees.map(\.name) == ["A", "C", "B"])
    draft.moveAttendee(at: 0, by: -1)
    draft.moveAttendee(at: 2, by: 1)
    #expect(draft.attendees.map(\.name) == ["A", "C", "B"])
    draft.removeAttendee(at: 0)
    #expect(draft.attendees.map(\.name) == ["C", "B"])
  }

  @Test func editingKeepsIdentityAndHistory() {
    let original = sampleScrums[0]
    var draft = ScrumDraft(editing: original)
    #expect(!draft.isNew)
    draft.title = "Design Review"
    draft.theme = .navy
    let edited = draft.scrum
    #expect(edited.id == original.id)
    #expect(edited.history == original.history)
    #expect(edited.title == "Design Review")
    #expect(edited.theme == .navy)
  }

  @Test func aNewScrumDefaultsToFiveMinutesAndAnUnusedTheme() {
    let draft = ScrumDraft(newAfter: [DailyScrum(title: "x", theme: .bubblegum)])
    #expect(draft.isNew)
    #expect(draft.lengthInMinutes == 5)
    #expect(draft.theme == .buttercup)
  }

  @Test func phrasesUseTheRightPlural() {
    #expect(Texts.attendees(1) == "1 attendee")
    #expect(Texts.attendees(3) == "3 attendees")
    #expect(Texts.minutes(1) == "1 minute")
    #expect(Texts.meetingLength(5) == "5 minute meeting")
    #expect(Texts.duration(seconds: 597) == "9 minutes 57 seconds")
    #expect(Texts.duration(seconds: 60) == "1 minute")
    #expect(Texts.duration(seconds: 1) == "1 second")
    // Always with its minutes: "Duration 17" read as 17 of anything.
    #expect(Texts.minutesAndSeconds(9) == "0:09")
    #expect(Texts.minutesAndSeconds(60) == "1:00")
    #expect(Texts.minutesAndSeconds(725) == "12:05")
    #expect(Texts.minutesAndSeconds(3_725) == "62:05")
    let date = Date(timeIntervalSince1970: 1_763_720_100)
    #expect(Texts.meetingDate(date, timeZone: "UTC") == "Nov 21, 2025, 10:15")
  }

  @Test func theAgendaAfterTheRoundHasTimedItemsUpToTenAndAPlannedTotal() throws {
    var draft = ScrumDraft(editing: DailyScrum(title: "Design", lengthInMinutes: 10))
    let blank = draft.addItem(titled: "  ")
    #expect(!blank, "a blank title is refused")
    draft.addItem(titled: " Parking lot ", minutes: 5)
    draft.addItem(titled: "Announcements", minutes: 2)
    #expect(draft.agenda.map(\.title) == ["Parking lot", "Announcements"])
    #expect(draft.plannedMinutes == 17, "the speakers' 10 and the items' 7")
    draft.setMinutes(99, ofItemAt: 1)
    #expect(draft.agenda[1].minutes == AgendaItem.minutesRange.upperBound)
    draft.setMinutes(0, ofItemAt: 1)
    #expect(draft.agenda[1].minutes == 1)
    draft.moveItem(at: 1, by: -1)
    #expect(draft.agenda.map(\.title) == ["Announcements", "Parking lot"])
    draft.renameItem(at: 0, to: "News")
    #expect(draft.agenda[0].title == "News")
    draft.removeItem(at: 0)
    #expect(draft.scrum.agenda.map(\.title) == ["Parking lot"])
    for index in 0..<20 { draft.addItem(titled: "Item \(index)") }
    #expect(draft.agenda.count == AgendaItem.limit)
    let saved = draft.scrum
    #expect(try ScrumFile.decode(ScrumFile.encode([saved])) == [saved], "the agenda is saved")
    #expect(ScrumDraft(editing: saved).agenda == saved.agenda)
  }
}
