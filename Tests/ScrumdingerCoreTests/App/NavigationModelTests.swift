import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

@MainActor @Suite struct NavigationModelTests: PageModelSuite {
  let fixture = PageModelFixture()

  @Test func routesFallBackWhenWhatTheyShowIsGone() {
    let model = model()
    let gone = UUID()
    #expect(model.navigation.resolved(.detail(scrumID: gone)) == .list)
    #expect(model.navigation.resolved(.history(scrumID: design.id, historyID: gone)) == .detail(scrumID: design.id))
    #expect(model.navigation.resolved(.history(scrumID: gone, historyID: gone)) == .list)
    #expect(model.navigation.resolved(.meeting(scrumID: design.id)) == .detail(scrumID: design.id), "no meeting runs")
    model.state.navigation.value = .detail(scrumID: retro.id)
    model.state.scrums.update { $0.removeFirst() }  // deleted elsewhere (an undo, another edit)
    #expect(model.state.navigation.value == .list, "the page gives way as the scrums change")
  }

  @Test func asksFromOutsideWaitForTheMeetingAndTheEditor() {
    let model = model()
    #expect(model.navigation.takesOutsideAsks(editorOpen: false))
    #expect(!model.navigation.takesOutsideAsks(editorOpen: true), "an open editor is not left")
    let session = MeetingSession(scrum: design, state: model.state, dependencies: model.dependencies)
    #expect(!model.navigation.takesOutsideAsks(editorOpen: false), "a meeting is not left")
    session.end(save: false)
    #expect(model.navigation.takesOutsideAsks(editorOpen: false))
  }

  @Test func focusReturnsToTheRowTheUserLeft() {
    let model = model()
    let entry = design.history[1]
    #expect(model.navigation.focusTarget(from: .detail(scrumID: design.id), to: .list) == .scrumCard(design.id))
    #expect(
      model.navigation.focusTarget(
        from: .history(scrumID: design.id, historyID: entry.id), to: .detail(scrumID: design.id))
        == .historyRow(entry.id))
    #expect(model.navigation.focusTarget(from: .list, to: .detail(scrumID: design.id)) == .startButton)
    #expect(
      model.navigation.focusTarget(from: .detail(scrumID: design.id), to: .meeting(scrumID: design.id))
        == .nextSpeakerButton)
    #expect(
      model.navigation.focusTarget(
        from: .detail(scrumID: design.id), to: .history(scrumID: design.id, historyID: entry.id))
        == .backButton)
  }

  @Test func backGoesUpAPageAndTheMeetingPageAsksInstead() {
    let model = model()
    let entry = design.history[0]
    model.navigation.show(.history(scrumID: design.id, historyID: entry.id))
    #expect(model.navigation.back())
    #expect(model.state.navigation.value == .detail(scrumID: design.id))
    model.navigation.openHistory(entry.id)
    #expect(
      model.state.navigation.value == .history(scrumID: design.id, historyID: entry.id), "opened from its scrum's page")
    #expect(model.navigation.back() && model.navigation.back())
    #expect(model.state.navigation.value == .list)
    model.navigation.openHistory(entry.id)
    #expect(model.state.navigation.value == .list, "a past meeting opens from its scrum's page only")
    let session = MeetingSession(scrum: design, state: model.state, dependencies: model.dependencies)
    model.navigation.show(.meeting(scrumID: design.id))
    #expect(!model.navigation.back(), "the meeting page's Back asks to end the meeting")
    #expect(model.state.navigation.value == .meeting(scrumID: design.id))
    session.end(save: false)
    #expect(model.state.navigation.value == .meeting(scrumID: design.id), "its end shows the scrum's page")
    model.navigation.show(.meeting(scrumID: design.id))
    #expect(model.state.navigation.value == .detail(scrumID: design.id), "the meeting is over")
  }

  @Test func aSearchResultOpensItsMeetingAtTheSentenceOnceButNeverLeavesAMeeting() {
    let model = model()
    let entry = design.history[1]
    let match = MeetingMatch(
      scrumID: design.id, historyID: entry.id, date: entry.date, speaker: "Ana", text: "Drop it.",
      startMilliseconds: 65_000,
      isNote: false, highlights: [])
    model.navigation.open(match)
    let page = Route.history(scrumID: design.id, historyID: entry.id)
    #expect(model.state.navigation.value == page, "from the list, straight to the meeting")
    #expect(model.navigation.focusTarget(from: .list, to: page) == .sentence(atMilliseconds: 65_000, isNote: false))
    #expect(model.navigation.focusTarget(from: .list, to: page) == .backButton, "once")
    var gone = match
    gone.historyID = UUID()
    model.navigation.show(.list)
    model.navigation.open(gone)
    #expect(model.state.navigation.value == .list, "a meeting deleted meanwhile opens nothing")
    let session = MeetingSession(scrum: design, state: model.state, dependencies: model.dependencies)
    model.navigation.show(.meeting(scrumID: design.id))
    model.navigation.open(match)
    #expect(model.state.navigation.value == .meeting(scrumID: design.id), "a running meeting is not left")
    session.end(save: false)
  }
}
