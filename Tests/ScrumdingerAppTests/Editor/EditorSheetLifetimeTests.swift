import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

/// An app kept running all day for its reminders opens the editor a few times a day: each
/// editor opened and closed must leave nothing behind, neither the Swift sheet nor any GTK
/// object of its window.
final class EditorSheetLifetimeTests: XCTestCase {
  func testAnEditorOpenedAndClosedFiftyTimesIsFinalizedEachTime() {
    let scrum = DailyScrum(
      title: "Design", attendees: ["Ana", "Ben", "Chen"].map { Attendee(name: $0) }, lengthInMinutes: 5)
    MainActor.assumeIsolated {
      withRunningApp { app in
        openDetailPage(of: scrum, in: app)
        let mainWindow = app.mainWindow!
        for cycle in 1...50 {
          XCTAssertTrue(
            mainWindow.window.activateAction(Command.window(.edit).detailedName), "cycle \(cycle): Edit runs")
          guard let sheet = mainWindow.editing.sheet else { return XCTFail("cycle \(cycle): no editor opened") }
          spinUntilPainted(sheet.window)  // shown and laid out, as a person sees it
          let probe = FinalizationProbe(sheet.window)
          weak let released = sheet
          if cycle.isMultiple(of: 2) { sheet.cancelButton.click() } else { sheet.window.close() }
          _ = consume sheet
          _ = spin(until: { released == nil && mainWindow.editing.sheet == nil && probe.survivors.isEmpty })
          XCTAssertNil(released, "cycle \(cycle): the editor sheet is released once closed")
          XCTAssertNil(mainWindow.editing.sheet, "cycle \(cycle)")
          XCTAssertGreaterThan(probe.count, 100, "the probe watches the whole sheet")
          XCTAssertEqual(probe.survivors, [], "cycle \(cycle): GTK objects of the closed editor still alive")
          if released != nil || !probe.survivors.isEmpty { return }
        }
      }
    }
  }
}
