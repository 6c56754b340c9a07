import Foundation
import GtkShim
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

final class ScrumdingerApplicationTests: XCTestCase {
  /// A second instance that cannot take the folder's lock shows why and changes nothing.
  func testASecondInstanceOnlyReadsAndSaysWhy() throws {
    try MainActor.assumeIsolated {
      let directory = NSTemporaryDirectory() + "scrumdinger-two-" + UUID().uuidString
      let owner = ScrumStore(directory: directory)
      XCTAssertTrue(owner.claimWriting())
      let design = DailyScrum(title: "Design", attendees: [Attendee(name: "Ana")])
      try owner.save([design])
      let before = FileManager.default.contents(atPath: owner.path)
      withRunningApp(store: ScrumStore(directory: directory)) { app in
        let window = app.mainWindow!
        XCTAssertTrue(window.readOnlyBanner.isMapped, "no word of why nothing is saved")
        XCTAssertEqual(app.state.scrums.value.map(\.title), ["Design"], "it still shows the scrums")
        app.state.navigation.value = .detail(scrumID: design.id)
        let detail = window.pages.detail!
        XCTAssertFalse(detail.deleteButton.isSensitive)
        XCTAssertFalse(detail.editButton.isSensitive)
        XCTAssertFalse(detail.startButton.isSensitive)
        window.editing.newScrum()
        XCTAssertNil(window.editing.sheet, "the read-only window opened an editor")
      }
      XCTAssertEqual(FileManager.default.contents(atPath: owner.path), before, "the second instance wrote")
    }
  }

  /// Closing with a save that fails asks first, and keeps the window open meanwhile.
  func testClosingWithAFailedSaveAsksFirst() {
    MainActor.assumeIsolated {
      let directory = NSTemporaryDirectory() + "scrumdinger-full-" + UUID().uuidString
      withRunningApp(store: ScrumStore(directory: directory)) { app in
        // A folder where the file should be: every save fails from now on.
        XCTAssertNoThrow(
          try FileManager.default.createDirectory(atPath: directory + "/scrums.json", withIntermediateDirectories: true)
        )
        defer { try? FileManager.default.removeItem(atPath: directory) }
        app.state.scrums.value = [DailyScrum(title: "Unsaved")]
        app.mainWindow!.window.close()
        XCTAssertTrue(app.mainWindow!.window.isMapped, "the window closed with an unsaved change")
      }
    }
  }
}
