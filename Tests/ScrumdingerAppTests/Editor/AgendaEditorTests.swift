import Foundation
import GtkShim
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

final class AgendaEditorTests: XCTestCase {
  /// Items are added, timed, reordered and removed in the editor, one Tab stop each, and the
  /// editor says the whole meeting's planned length.
  func testTheEditorKeepsTimedItemsAfterTheRoundAndSaysThePlannedTotal() {
    let scrum = DailyScrum(title: "Team", attendees: [Attendee(name: "Ana")], lengthInMinutes: 5)
    MainActor.assumeIsolated {
      withRunningApp { app in
        let saved = edit(scrum, in: app) { sheet in
          let agenda = sheet.agenda!
          XCTAssertEqual(agenda.totalRow.subtitle, "5 minutes")
          for title in ["Parking lot", "Announcements"] {
            agenda.newItemRow.text = title
            agenda.newItemRow.activate()
          }
          XCTAssertEqual(agenda.rows.map(\.row.title), ["Parking lot", "Announcements"])
          XCTAssertEqual(agenda.rows.map(\.row.subtitle), ["5 minutes", "5 minutes"], "5 minutes unless changed")
          XCTAssertEqual(agenda.totalRow.subtitle, "15 minutes: 5 for the speakers, 10 after the round")
          XCTAssertTrue(agenda.rows.allSatisfy { $0.row.isFocusable }, "one Tab stop per item")
          XCTAssertTrue(
            agenda.rows.allSatisfy { $0.buttons.values.allSatisfy { !$0.isFocusable } }, "buttons for the mouse")
          for _ in 0..<3 { agenda.rows[1].buttons[.shorter]?.click() }
          XCTAssertEqual(agenda.rows[1].row.subtitle, "2 minutes")
          XCTAssertEqual(agenda.rows[1].buttons[.up]?.accessibleName, "Move Announcements up")
          agenda.rows[1].buttons[.up]?.click()
          XCTAssertEqual(agenda.rows.map(\.row.title), ["Announcements", "Parking lot"])
          sheet.lengthScale.value = 10
          XCTAssertEqual(agenda.totalRow.subtitle, "17 minutes: 10 for the speakers, 7 after the round")
        }
        XCTAssertEqual(saved?.agenda.map(\.title), ["Announcements", "Parking lot"])
        XCTAssertEqual(saved?.agenda.map(\.minutes), [2, 5])
      }
    }
  }
}
