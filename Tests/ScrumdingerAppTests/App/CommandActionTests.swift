import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

private let design = DailyScrum(
  title: "Design", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 1, theme: .navy,
  history: [History(date: Date(timeIntervalSince1970: 1_790_000_000), attendees: ["Ana"], durationSeconds: 42)])

final class CommandActionTests: XCTestCase {
  /// A button and its accelerator reach the same action: the button is bound to the table's
  /// action, the accelerator maps to that action, and running it by either path does the same.
  func testAButtonAndItsAcceleratorRunTheSameAction() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let window = app.mainWindow!
        app.state.scrums.value = [design]
        let list = window.pages.list
        XCTAssertEqual(list.newButton.actionName, Command.app(.newScrum).detailedName)
        XCTAssertEqual(app.application.actions(forAccelerator: "<Control>n"), [Command.app(.newScrum).detailedName])

        list.newButton.click()
        XCTAssertEqual(window.editing.sheet?.window.isMapped, true, "the button opened no editor")
        window.editing.sheet?.cancelButton.click()
        _ = spin(until: { window.editing.sheet == nil })
        XCTAssertNil(window.editing.sheet)
        for name in app.application.actions(forAccelerator: "<Control>n") { window.window.activateAction(name) }
        XCTAssertEqual(window.editing.sheet?.window.isMapped, true, "the accelerator opened no editor")
        window.editing.sheet?.window.close()
        _ = spin(until: { window.editing.sheet == nil })

        list.card(for: design.id)!.button.click()
        let detail = window.pages.detail!
        let bound: [(Button, Command)] = [
          (detail.backButton, .window(.back)), (detail.editButton, .window(.edit)),
          (detail.startButton, .window(.startMeeting)), (detail.deleteButton, .window(.deleteScrum)),
        ]
        for (button, command) in bound {
          XCTAssertEqual(button.actionName, command.detailedName)
          for accelerator in command.accelerators {
            XCTAssertTrue(
              app.application.actions(forAccelerator: accelerator).contains(command.detailedName), accelerator)
          }
        }
        // Back by accelerator, then by button: the same route each time.
        for name in app.application.actions(forAccelerator: "<Alt>Left") { window.window.activateAction(name) }
        XCTAssertEqual(app.state.navigation.value, .list)
        list.card(for: design.id)!.button.click()
        window.pages.detail!.backButton.click()
        XCTAssertEqual(app.state.navigation.value, .list)
      }
    }
  }

  /// Each command of the table is an action of its own scope, and of no other: the
  /// application's, the window's, the history's, the editor's and the meeting's.
  func testEveryCommandIsAnActionOfItsScope() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let window = app.mainWindow!
        app.state.scrums.value = [design]
        window.pages.list.newButton.click()
        guard let editor = window.editing.sheet else { return XCTFail("no editor") }
        var installed: [(String, Set<Command>)] = [
          (AppCommand.scope, Set(app.actions.keys.map(\.command))),
          (WindowCommand.scope, Set(window.actions.keys.map(\.command))),
          (HistoryCommand.scope, Set(window.history.actions.keys.map(\.command))),
          (EditorCommand.scope, Set(editor.actions.keys.map(\.command))),
        ]
        editor.window.close()
        _ = spin(until: { window.editing.sheet == nil })
        app.state.navigation.value = .detail(scrumID: design.id)
        window.pages.detail!.startButton.click()
        guard let meeting = window.meeting else { return XCTFail("no meeting") }
        installed.append((MeetingCommand.scope, Set(meeting.actions.keys.map(\.command))))
        for (scope, commands) in installed {
          XCTAssertEqual(commands, Set(Command.allCases.filter { $0.scope == scope }), scope)
          for command in commands { XCTAssertTrue(command.detailedName.hasPrefix(scope + "."), command.detailedName) }
        }
        meeting.session.end(save: false)
      }
    }
  }

  /// The meeting's keys reach a meeting only while one runs: its actions come with it and go
  /// with it, and the window's own actions stay.
  func testTheMeetingsActionsExistOnlyWhileItRuns() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let window = app.mainWindow!
        app.state.scrums.value = [design]
        app.state.navigation.value = .detail(scrumID: design.id)
        XCTAssertFalse(window.window.activateAction(Command.meeting(.pause).detailedName), "Pause with no meeting")
        window.pages.detail!.startButton.click()
        XCTAssertTrue(window.window.activateAction(Command.meeting(.pause).detailedName))
        XCTAssertEqual(app.state.meeting.value?.snapshot.phase, .paused, "Space paused the meeting")
        XCTAssertTrue(window.window.activateAction(Command.meeting(.addMinute).detailedName))
        XCTAssertEqual(
          app.state.meeting.value?.snapshot.secondsRemaining, 120, "a minute more: 2:00 planned, paused at once")
        window.meeting?.session.end(save: false)
        _ = spin(until: { window.meeting == nil })
        XCTAssertNil(window.meeting)
        XCTAssertFalse(
          window.window.activateAction(Command.meeting(.pause).detailedName), "a meeting's action outlived it")
        XCTAssertTrue(window.window.activateAction(Command.window(.back).detailedName))
      }
    }
  }

  /// A disabled command greys its button: Start Meeting while a meeting runs, Add on a blank title.
  func testADisabledCommandGreysItsButton() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let window = app.mainWindow!
        app.state.scrums.value = [design]
        window.pages.list.card(for: design.id)!.button.click()
        XCTAssertTrue(window.pages.detail!.startButton.isSensitive)
        XCTAssertTrue(window.pages.detail!.editButton.isSensitive)
        window.editing.newScrum()
        let editor = window.editing.sheet!
        XCTAssertFalse(editor.confirmButton.isSensitive, "Add with a blank title")
        editor.window.activateAction(Command.editor(.confirm).detailedName)  // as Ctrl+Enter would
        XCTAssertEqual(app.state.scrums.value.map(\.title), ["Design"], "a disabled Add still added")
        editor.titleRow.text = "Retro"
        XCTAssertTrue(editor.confirmButton.isSensitive)
        XCTAssertTrue(editor.window.activateAction(Command.editor(.confirm).detailedName))
        XCTAssertEqual(app.state.scrums.value.map(\.title), ["Design", "Retro"])
      }
    }
  }

  func testEveryAcceleratorOfTheTableIsInTheShortcutsWindow() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let help = ShortcutsWindow(xml: ShortcutsHelp.xml, parent: app.mainWindow!.window)!
        let listed = help.listedAccelerators
        for command in Command.allCases {
          for accelerator in command.accelerators {
            XCTAssertTrue(listed.contains(accelerator), "\(command) \(accelerator) is not in the shortcuts window")
          }
        }
        // The keys rows answer (F2, Alt+Up, plus on an agenda item, Delete on a past meeting…).
        for key in RowKey.allCases {
          for accelerator in key.accelerators {
            XCTAssertTrue(listed.contains(accelerator), "\(key) \(accelerator) is not in the shortcuts window")
          }
        }
        XCTAssertEqual(
          Set(listed), Set(Command.allCases.flatMap(\.accelerators) + RowKey.allCases.flatMap(\.accelerators)),
          "a key the tables do not have")
        XCTAssertTrue(help.titles.contains("Rename the attendee"), "the editing keys' section: \(help.titles)")
        // Keys read as GTK writes accelerators, not as symbol names.
        XCTAssertTrue(help.keyLabels.contains("Page Down"), "key caps: \(help.keyLabels)")
        XCTAssertFalse(help.keyLabels.contains { $0.contains("_") }, "a raw key name: \(help.keyLabels)")
      }
    }
  }

  func testNewScrumDuringAMeetingIsRefusedWithAReason() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let window = app.mainWindow!
        app.state.scrums.value = [design]
        app.state.navigation.value = .detail(scrumID: design.id)
        window.pages.detail!.startButton.click()
        XCTAssertNotNil(window.meeting)
        app.application.activateAction(Command.app(.newScrum).name)
        XCTAssertNil(window.editing.sheet, "an editor opened over a running meeting")
        XCTAssertEqual(app.state.navigation.value, .meeting(scrumID: design.id))
        window.meeting?.session.end(save: false)
      }
    }
  }

  func testF10OpensTheMenuOfThePageOnShow() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let window = app.mainWindow!
        app.state.scrums.value = [design]
        XCTAssertEqual(app.application.actions(forAccelerator: "F10"), [Command.window(.showMenu).detailedName])
        window.window.activateAction(Command.window(.showMenu).detailedName)
        XCTAssertTrue(window.pages.list.menuButton.isOpen)
        app.state.navigation.value = .detail(scrumID: design.id)
        window.window.activateAction(Command.window(.showMenu).detailedName)
        XCTAssertTrue(window.pages.detail!.menuButton.isOpen, "no menu on the detail page")
      }
    }
  }
}
