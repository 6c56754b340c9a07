import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

@MainActor @Suite struct AppModelTests: PageModelSuite {
  let fixture = PageModelFixture()

  @Test func commandsAreEnabledOnlyWhereTheyMakeSense() {
    let model = model()
    func enabled() -> Set<Command> {
      Set(Command.allCases.filter { $0.isEnabled(in: model.commandContext()) && $0.scope != EditorCommand.scope })
    }
    let everywhere = Set(
      AppCommand.allCases.map(\.command)
        + [WindowCommand.showShortcuts, .about, .showMenu, .preferences].map(\.command))
    #expect(enabled() == everywhere.union([.window(.openScrum), .window(.search), .window(.importScrums)]))
    model.state.navigation.value = .detail(scrumID: design.id)
    #expect(
      enabled()
        == everywhere.union(
          [
            WindowCommand.edit, .startMeeting, .deleteScrum, .openHistory, .shuffleLineup, .deleteMeeting, .back,
            .search,
          ].map(\.command)
            + [.history(.exportHistory)]), "Ctrl+F searches what was said in its meetings")
    model.state.navigation.value = .history(scrumID: design.id, historyID: design.history[0].id)
    #expect(
      enabled()
        == everywhere.union(
          [.window(.back), .window(.deleteMeeting), .history(.copySummary), .history(.copySummaryWithTranscript)]))
    let session = MeetingSession(scrum: design, state: model.state, dependencies: model.dependencies)
    model.state.navigation.value = .meeting(scrumID: design.id)
    #expect(
      enabled()
        == everywhere.union(
          [.window(.back)]
            + [
              MeetingCommand.pause, .nextSpeaker, .addMinute, .compactView, .endMeeting, .mute, .fullscreen, .takeNote,
              .captions,
            ]
            .map(\.command)), "nobody to go back to on the first turn")
    #expect(
      Command.meeting(.previousSpeaker).isEnabled(
        in: Command.Context(route: .meeting(scrumID: design.id), meetingRunning: true, canGoBack: true)))
    session.end(save: false)
  }

}
