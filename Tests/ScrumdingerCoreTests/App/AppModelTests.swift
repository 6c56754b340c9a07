import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

@MainActor @Suite struct AppModelTests: PageModelSuite {
  let fixture = PageModelFixture()

  @Test func commandsAreEnabledOnlyWhereTheyMakeSense() {
    let model = model()
    func enabled() -> Set<Command> {
      let context = model.commands.value
      return Set(
        AppCommand.allCases.map(\.command)
          + WindowCommand.allCases.filter { $0.isEnabled(in: context.window) }.map(\.command)
          + MeetingCommand.allCases.filter { $0.isEnabled(in: context.meeting) }.map(\.command)
          + HistoryCommand.allCases.filter { $0.isEnabled(in: context.history) }.map(\.command))
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
    #expect(MeetingCommand.previousSpeaker.isEnabled(in: MeetingCommand.Context(isShown: true, canGoBack: true)))
    session.end(save: false)
  }

}
