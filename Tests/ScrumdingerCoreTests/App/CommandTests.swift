import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

@MainActor @Suite struct CommandTests {
  @Test func theEditorConfirmsOnlyASaveableDraft() {
    let context = EditorCommand.Context(draftCanSave: false)
    #expect(!EditorCommand.confirm.isEnabled(in: context))
    #expect(EditorCommand.cancel.isEnabled(in: context))
    #expect(EditorCommand.confirm.isEnabled(in: EditorCommand.Context(draftCanSave: true)))
  }

  @Test func theTableGivesEveryKeyedCommandAHelpEntryAndNoKeyTwiceInOneScope() {
    for command in Command.allCases where !command.accelerators.isEmpty {
      #expect(command.help != nil, "\(command) has keys but no place in the shortcuts window")
    }
    // Within one window, a key belongs to one command (the editor is a window of its own).
    let mainWindowKeys = Command.allCases.filter { $0.scope != EditorCommand.scope }.flatMap(\.accelerators)
    #expect(Set(mainWindowKeys).count == mainWindowKeys.count)
  }

  @Test func eachCommandIsNamedInItsScopeAndNoNameIsTaken() {
    let names = Command.allCases.map(\.detailedName)
    #expect(Set(names).count == names.count)
    #expect(Command.meeting(.nextSpeaker).detailedName == "meeting.next-speaker")
    #expect(Command.window(.showShortcuts).detailedName == "win.shortcuts")
    #expect(Command.app(.startScheduled).detailedName == "app.start-scheduled")
    #expect(
      Command.allCases.count == AppCommand.allCases.count + WindowCommand.allCases.count
        + MeetingCommand.allCases.count + HistoryCommand.allCases.count + EditorCommand.allCases.count)
  }
}
