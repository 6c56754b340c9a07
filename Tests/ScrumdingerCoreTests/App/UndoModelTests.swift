import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

@MainActor @Suite struct UndoModelTests: PageModelSuite {
  let fixture = PageModelFixture()

  @Test func deletingAScrumShowsTheListAndUndoPutsItBackInItsPlace() {
    let model = model()
    model.state.navigation.value = .detail(scrumID: design.id)
    let deletion = model.undo.deleteScrum(design.id)
    #expect(model.state.scrums.value.map(\.title) == ["Retro", "Standup"])
    #expect(model.state.navigation.value == .list)
    #expect(
      model.navigation.focusTarget(from: .detail(scrumID: design.id), to: .list) == .scrumCard(standup.id),
      "focus goes to the card that took the deleted one's place")
    #expect(deletion.map(UndoModel.message(for:)) == "“Design” deleted")
    model.undo.undo(deletion!)
    #expect(model.state.scrums.value.map(\.title) == ["Retro", "Design", "Standup"])
    model.undo.undo(deletion!)
    #expect(model.state.scrums.value.count == 3, "a second undo does not duplicate it")
  }

  @Test func deletingTheLastScrumFocusesNewScrum() {
    let model = model([retro])
    _ = model.undo.deleteScrum(retro.id)
    #expect(model.navigation.focusTarget(from: .detail(scrumID: retro.id), to: .list) == .newScrumButton)
  }

  @Test func deletingAPastMeetingLeavesItsPageAndUndoRestoresIt() {
    let model = model()
    let entry = design.history[0]
    model.state.navigation.value = .history(scrumID: design.id, historyID: entry.id)
    let deletion = model.undo.deleteHistory(scrumID: design.id, historyID: entry.id)
    #expect(model.state.scrum(design.id)?.history.map(\.id) == [design.history[1].id])
    #expect(model.state.navigation.value == .detail(scrumID: design.id))
    #expect(deletion.map(UndoModel.message(for:)) == "Meeting deleted")
    model.undo.undo(deletion!)
    #expect(model.state.scrum(design.id)?.history == design.history)
  }

  @Test func theLastDeleteCanBeUndoneUntilItsToastGoes() {
    let first = History(attendees: ["Ana"], durationSeconds: 60)
    let second = History(attendees: ["Ben"], durationSeconds: 70)
    let scrum = DailyScrum(title: "Design", history: [first, second])
    let model = AppModel(state: AppState(scrums: [scrum]), dependencies: testDependencies())
    model.state.navigation.value = .history(scrumID: scrum.id, historyID: first.id)
    #expect(!WindowCommand.undo.isEnabled(in: model.commands.value.window))
    let deletion = model.undo.deleteHistory(scrumID: scrum.id, historyID: first.id)!
    #expect(WindowCommand.undo.isEnabled(in: model.commands.value.window), "Ctrl+Z while the toast is up")
    model.undo.undoLast()
    #expect(model.state.scrum(scrum.id)?.history == [first, second])
    #expect(!WindowCommand.undo.isEnabled(in: model.commands.value.window), "one undo per delete")
    _ = model.undo.deleteHistory(scrumID: scrum.id, historyID: second.id)
    model.undo.forget(deletion)  // the older toast going does not forget the newer delete
    #expect(model.undo.undoable != nil)
    model.undo.forget(model.undo.undoable!)
    model.undo.undoLast()
    #expect(model.state.scrum(scrum.id)?.history == [first], "its toast is gone: nothing to undo")
  }
}
