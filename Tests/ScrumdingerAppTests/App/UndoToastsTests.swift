import Foundation
import GtkShim
import ScrumdingerCore
import ScrumdingerTestSupport
import XCTest

@testable import ScrumdingerApp

final class UndoToastsTests: XCTestCase {
  func testAPastMeetingIsDeletedFromItsPageAndCtrlZBringsItBack() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let window = app.mainWindow!
        let scrum = scrumWithHistory(3)
        let doomed = scrum.history[1]
        openDetailPage(of: scrum, in: app)
        app.state.navigation.value = .history(scrumID: scrum.id, historyID: doomed.id)
        let page = window.pages.history!
        XCTAssertEqual(page.deleteButton.accessibleName, "Delete this meeting")
        page.deleteButton.click()
        XCTAssertEqual(app.state.navigation.value, .detail(scrumID: scrum.id))
        XCTAssertEqual(app.state.scrum(scrum.id)?.history.map(\.id), [scrum.history[0].id, scrum.history[2].id])
        XCTAssertEqual(app.application.actions(forAccelerator: "<Control>z"), [Command.window(.undo).detailedName])
        XCTAssertTrue(window.window.activateAction(Command.window(.undo).detailedName))
        XCTAssertEqual(app.state.scrum(scrum.id)?.history, scrum.history, "Ctrl+Z did not bring it back")
        // Delete on a history row deletes that meeting.
        let row = window.pages.detail!.history.madeRows.first { $0.entryID == doomed.id }!
        XCTAssertTrue(
          row.row.activateAction(Command.window(.deleteMeeting).detailedName, parameter: doomed.id.uuidString))
        XCTAssertFalse(app.state.scrum(scrum.id)!.history.contains(doomed))
      }
    }
  }
}
