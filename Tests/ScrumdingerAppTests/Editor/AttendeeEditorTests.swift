import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

final class AttendeeEditorTests: XCTestCase {
  /// Adding, renaming, moving and removing one attendee of 400 builds at most the one new
  /// row (nothing is rebuilt), and the list shown is still the speaking order, the buttons
  /// named after the right people; only the rows near the view are drawn, wherever it is
  /// scrolled.
  func testOneEditTouchesOneRowWith400Attendees() {
    let people = (1...400).map { Attendee(name: "Person \($0)") }
    let scrum = DailyScrum(title: "Team", attendees: people)
    MainActor.assumeIsolated {
      withRunningApp { app in
        let saved = edit(scrum, in: app) { sheet in
          let editor = sheet.attendees!
          // The rows built when the sheet opened, one per attendee: the same widgets stay.
          let opened = editor.rows.map(\.row)
          XCTAssertEqual(Set(opened.map(ObjectIdentifier.init)).count, 400, "one row per attendee when the sheet opens")
          XCTAssertTrue(spin(until: { editor.group.drawnListRows > 0 }), "laid out and painted")
          XCTAssertLessThan(editor.group.drawnListRows, 40, "only the rows near the view are drawn")
          @MainActor func shown() -> [String] {
            editor.group.laidOutLabelTexts.filter { $0.hasPrefix("Person ") || $0 == "Zoe" || $0 == "Ana" }
          }

          editor.newAttendeeRow.text = "Zoe"
          editor.newAttendeeRow.activate()
          XCTAssertTrue(editor.rows.prefix(400).map(\.row).elementsEqual(opened, by: ===), "adding rebuilt a row")
          let zoe = editor.rows[400].row
          XCTAssertFalse(opened.contains { $0 === zoe }, "adding the 401st builds one row")
          XCTAssertEqual(shown().last, "Zoe")
          XCTAssertTrue(editor.rows[399].moveDown.isSensitive, "the one before Zoe can move down now")
          XCTAssertFalse(editor.rows[400].moveDown.isSensitive)

          editor.startRenaming(1)
          XCTAssertFalse(shown().contains("Person 2"), "the row became an entry")
          XCTAssertEqual(editor.renamingEntry?.text, "Person 2")
          editor.renamingEntry?.text = "Ann"
          editor.finishRenaming(keep: false)  // Escape: the old name stays
          XCTAssertEqual(editor.rows[1].row.title, "Person 2")
          editor.startRenaming(1)
          editor.renamingEntry?.text = "Ana"
          editor.renamingEntry?.activate()
          XCTAssertEqual(editor.rows[1].row.title, "Ana")
          XCTAssertEqual(editor.rows[1].moveUp.accessibleName, "Move Ana up")

          editor.rows[1].moveUp.click()  // Ana first
          editor.rows[399].moveDown.click()  // Person 400 after Zoe
          editor.rows[2].remove.click()  // Person 3 gone
          XCTAssertTrue(
            editor.rows.allSatisfy { kept in (opened + [zoe]).contains { $0 === kept.row } },
            "renaming, moving and removing build no row")
          XCTAssertEqual(
            Array(shown().prefix(3)) + Array(shown().suffix(2)), ["Ana", "Person 1", "Person 4", "Zoe", "Person 400"])
          XCTAssertEqual(shown(), sheet.draft.attendees.map(\.name), "the list shown is the speaking order")
          XCTAssertFalse(editor.rows[0].moveUp.isSensitive, "Ana is first now")
          XCTAssertTrue(editor.rows[1].moveUp.isSensitive, "Person 1 is not")
          XCTAssertEqual(editor.rows[0].remove.accessibleName, "Remove Ana", "buttons follow their attendee")
          sheet.scroller.scrollToShow(editor.newAttendeeRow)
          XCTAssertTrue(spin(until: { editor.rows[399].row.isMapped }), "the rows scrolled to are drawn")
          XCTAssertFalse(editor.rows[5].row.isMapped, "the rows scrolled away from are not")
          XCTAssertTrue(editor.rows[2].row.isMapped, "but the one with the focus is")
          XCTAssertLessThan(editor.group.drawnListRows, 40)
        }
        XCTAssertEqual(saved?.attendees.count, 400)
        XCTAssertEqual(saved?.attendees.first?.name, "Ana")
        XCTAssertEqual(saved?.attendees.last?.name, "Person 400")
      }
    }
  }
}
