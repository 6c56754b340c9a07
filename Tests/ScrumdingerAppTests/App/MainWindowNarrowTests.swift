import Foundation
import GtkShim
// Every page at GNOME's phone size, 360×640: nothing forces the window wider, nothing is cut
// off at the right, and the editor's focused row stays in view.
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

private let team = DailyScrum(
  title: "Platform Team Daily Stand-up", attendees: ["Ana Lima", "Ben Okafor", "Cy Dubois"].map { Attendee(name: $0) },
  lengthInMinutes: 15, theme: .sky,
  history: [History(date: Date(timeIntervalSince1970: 1_795_357_920), attendees: ["Ana Lima"], durationSeconds: 840)])

final class MainWindowNarrowTests: XCTestCase {
  func testEveryPageFits360By640() {
    let store = temporaryStore()
    XCTAssertNoThrow(try store.save([team]))
    MainActor.assumeIsolated {
      withRunningApp(store: store, dependencies: recordingDependencies()) { app in
        let window = app.mainWindow!
        resize(window, width: 360, height: 640)
        assertFits(window.pages.list.root, "list page", in: window)
        window.window.writePNG(to: "Tests/output/list-360x640.png")

        app.state.navigation.value = .detail(scrumID: team.id)
        waitUntilPainted { window.pages.detail?.root }
        assertFits(window.pages.detail!.root, "detail page", in: window)
        window.window.writePNG(to: "Tests/output/detail-360x640.png")
        // Edit and search leave the header's words for icons or for the menu, and come back
        // when the window is wide again.
        let tools = window.pages.detail!.headerTools
        XCTAssertNotEqual(tools.shownIndex, 0, "Edit's word still in a 360 px header")
        resize(window, width: 1024, height: 640)
        XCTAssertEqual(tools.shownIndex, 0, "Edit and search are not back in a wide header")
        resize(window, width: 360, height: 640)

        app.state.navigation.value = .history(scrumID: team.id, historyID: team.history[0].id)
        waitUntilPainted { window.pages.history?.root }
        assertFits(window.pages.history!.root, "history page", in: window)

        app.state.navigation.value = .detail(scrumID: team.id)
        window.pages.detail!.startButton.click()
        waitUntilPainted { window.meeting?.page.root }
        assertFits(window.meeting!.page.root, "meeting page", in: window)
        window.window.writePNG(to: "Tests/output/meeting-360x640.png")
        window.meeting!.session.end(save: false)

        // The editor takes the whole (narrow) window.
        window.editing.newScrum()
        waitUntilPainted { window.editing.sheet?.window }
        let sheet = window.editing.sheet!
        _ = spin(until: { sheet.window.allocatedSize == window.window.allocatedSize })
        XCTAssertLessThanOrEqual(sheet.window.minimumWidth, 350, "the editor forces itself wider than the window")
        XCTAssertTrue(
          sheet.window.allocatedSize == window.window.allocatedSize, "the editor is \(sheet.window.allocatedSize)")
        sheet.window.writePNG(to: "Tests/output/editor-360x640.png")

        // Typing names one after another: New Attendee stays in view.
        sheet.attendees.newAttendeeRow.grabFocus()
        for name in ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"] {
          sheet.attendees.newAttendeeRow.text = name
          sheet.attendees.addButton.click()
          XCTAssertTrue(
            spin(until: { sheet.scroller.shows(sheet.attendees.newAttendeeRow) }),
            "New Attendee slid out of view after \(name)")
        }
        sheet.window.writePNG(to: "Tests/output/editor-attendees-360x640.png")
        sheet.window.close()
      }
    }
  }
}
