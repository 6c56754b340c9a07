import Foundation
import GtkShim
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

final class DetailPageTests: XCTestCase {
  func testBackFromAPastMeetingFocusesItsRow() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let window = app.mainWindow!
        let scrum = scrumWithHistory(5)
        let second = scrum.history[3]
        openDetailPage(of: scrum, in: app).history.madeRows.first { $0.entryID == second.id }!.showButton.click()
        XCTAssertEqual(app.state.navigation.value, .history(scrumID: scrum.id, historyID: second.id))
        window.pages.history!.backButton.click()
        let row = window.pages.detail!.history.madeRows.first { $0.entryID == second.id }!
        XCTAssertTrue(row.showButton.hasFocus, "focus did not return to the meeting the user left")
      }
    }
  }
}
