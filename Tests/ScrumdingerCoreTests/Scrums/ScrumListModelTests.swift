import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

@MainActor @Suite struct ScrumListModelTests: PageModelSuite {
  let fixture = PageModelFixture()

  @Test func upsertReplacesInPlaceOrAppends() {
    let model = model()
    var renamed = design
    renamed.title = "Design 2"
    model.list.upsert(renamed)
    #expect(model.state.scrums.value.map(\.title) == ["Retro", "Design 2", "Standup"])
    model.list.upsert(DailyScrum(title: "New"))
    #expect(model.state.scrums.value.map(\.title) == ["Retro", "Design 2", "Standup", "New"])
  }

  @Test func anEditKeepsTheMeetingsSavedWhileTheEditorWasOpen() {
    let model = model()
    let draft = ScrumDraft(editing: design)
    // A meeting arrives meanwhile (synced in from the file, or saved).
    let meeting = History(attendees: ["Ana"], durationSeconds: 42)
    model.state.scrums.update { $0[1].history.append(meeting) }
    var edited = draft
    edited.title = "Design 2"
    model.list.upsert(edited.scrum)
    #expect(model.state.scrums.value[1].title == "Design 2")
    #expect(model.state.scrums.value[1].history.last == meeting)
  }

  @Test func newScrumOpensAnEditorFromAnyPageButNotDuringAMeeting() {
    let model = model()
    model.state.navigation.value = .detail(scrumID: design.id)
    guard case .openEditor(let draft) = model.list.requestNewScrum(editorOpen: false) else {
      Issue.record("no editor from the detail page")
      return
    }
    #expect(draft.isNew)
    #expect(draft.id == UUID(uuidString: "00000000-0000-0000-0000-000000000001"), "the injected id factory")
    #expect(model.list.requestNewScrum(editorOpen: true) == .presentOpenEditor)
    let session = MeetingSession(scrum: design, state: model.state, dependencies: model.dependencies)
    #expect(model.list.requestNewScrum(editorOpen: false) == .refused("End the meeting before adding a scrum"))
    session.end(save: false)
  }

}
