import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

/// A scrum's page's rules: today's lineup kept so the page and the meeting agree, the draft
/// the editor opens on, and a past meeting's notes edited from its page.
@MainActor @Suite struct ScrumDetailModelTests {
  let ana = Attendee(name: "Ana"), ben = Attendee(name: "Ben"), cy = Attendee(name: "Cy")

  func model(_ scrums: [DailyScrum], recording: [UUID] = [], captioning: [UUID] = []) -> (ScrumDetailModel, AppState) {
    let state = AppState(scrums: scrums)
    return (
      ScrumDetailModel(state: state, dependencies: testDependencies(recording: recording, captioning: captioning)),
      state
    )
  }

  @Test func whoIsHereTodayIsKeptUntilTheMeetingIsOver() {
    let scrum = DailyScrum(title: "Design", attendees: [ana, ben, cy])
    let (model, _) = model([scrum])
    #expect(model.lineup(for: scrum).speakers(of: scrum) == ["Ana", "Ben", "Cy"])
    model.setPresent(false, attendee: ben.id, in: scrum.id)
    #expect(model.lineup(for: scrum).speakers(of: scrum) == ["Ana", "Cy"], "the page and the meeting agree")
    #expect(model.lineup(for: scrum).absentees(of: scrum) == ["Ben"])
    model.resetLineup(of: scrum.id)
    #expect(model.lineup(for: scrum).speakers(of: scrum) == ["Ana", "Ben", "Cy"], "everyone is here again")
  }

  @Test func theLineupFollowsAnEditOfTheTeam() {
    var scrum = DailyScrum(title: "Design", attendees: [ana, ben])
    let (model, _) = model([scrum])
    model.setPresent(false, attendee: ana.id, in: scrum.id)
    scrum.attendees.append(cy)
    #expect(model.lineup(for: scrum).speakers(of: scrum) == ["Ben", "Cy"], "a new attendee joins; Ana stays absent")
  }

  @Test func aShuffleGivesANewOrderOfTheSamePeople() {
    let team = (1...8).map { Attendee(name: "Person \($0)") }
    let scrum = DailyScrum(title: "Design", attendees: team)
    let (model, _) = model([scrum])
    let before = model.lineup(for: scrum).speakers(of: scrum)
    model.shuffleLineup(of: scrum.id)
    let after = model.lineup(for: scrum).speakers(of: scrum)
    #expect(after != before, "eight people shuffled into the same order")
    #expect(after.sorted() == before.sorted())
    #expect(model.lineups.value[scrum.id]?.isShuffled == true)
  }

  @Test func theDraftIsOfTheShownScrumWithThisComputersChoices() {
    let design = DailyScrum(title: "Design", attendees: [ana])
    let retro = DailyScrum(title: "Retro")
    let (model, state) = model([design, retro], recording: [retro.id], captioning: [retro.id])
    #expect(model.draftOfShownScrum() == nil, "the list is shown: no scrum to edit")
    state.navigation.value = .detail(scrumID: design.id)
    #expect(model.draftOfShownScrum()?.title == "Design")
    #expect(model.draftOfShownScrum()?.recordsMeetings == false)
    state.navigation.value = .detail(scrumID: retro.id)
    #expect(model.draftOfShownScrum()?.recordsMeetings == true, "recording is this computer's choice")
    #expect(model.draftOfShownScrum()?.showsCaptions == true)
  }

  @Test func aPastMeetingsNoteIsEditedAndABlankOneRemoved() {
    let note = MeetingNote(speaker: "Ana", text: "blocked on the review", atSeconds: 12)
    let other = MeetingNote(speaker: "Ben", text: "demo Friday", atSeconds: 70)
    let entry = History(attendees: ["Ana", "Ben"], durationSeconds: 300, notes: [note, other])
    let scrum = DailyScrum(title: "Design", attendees: [ana, ben], history: [entry])
    let (model, state) = model([scrum])
    model.editNote(note.id, text: "review done", scrumID: scrum.id, historyID: entry.id)
    #expect(state.scrum(scrum.id)?.history[0].notes.map(\.text) == ["review done", "demo Friday"])
    model.editNote(other.id, text: "", scrumID: scrum.id, historyID: entry.id)
    #expect(state.scrum(scrum.id)?.history[0].notes.map(\.text) == ["review done"])
  }
}
