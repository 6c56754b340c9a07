import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

final class InterruptedMeetingTests: XCTestCase {
  /// A journal a crash left that cannot be read is kept aside, never deleted, and the window
  /// says so with the reason and where it went.
  func testAnUnreadableJournalIsKeptAsideAndSaid() throws {
    let store = temporaryStore()
    XCTAssertNoThrow(try store.save([DailyScrum(title: "Standup")]))
    let journal = store.directory + "/meeting-journal.json"
    XCTAssertTrue(FileManager.default.createFile(atPath: journal, contents: Data("{\"scrumID\": 4".utf8)))
    MainActor.assumeIsolated {
      withRunningApp(store: store) { app in
        let window = app.mainWindow!
        _ = spin(until: { !toastTexts(window.toasts).isEmpty })
        let said = toastTexts(window.toasts).joined(separator: " ")
        XCTAssertTrue(said.hasPrefix("An interrupted meeting could not be read ("), said)
        XCTAssertFalse(FileManager.default.fileExists(atPath: journal), "the unreadable journal stayed in the way")
        let kept =
          (try? FileManager.default.contentsOfDirectory(atPath: store.directory))?
          .filter { $0.hasPrefix("meeting-journal.json.unreadable-") } ?? []
        XCTAssertEqual(kept.count, 1, "the journal was not kept aside")
        XCTAssertTrue(said.contains(kept.first ?? "?"), "the toast says where it went: \(said)")
        XCTAssertEqual(
          FileManager.default.contents(atPath: store.directory + "/" + (kept.first ?? "")), Data("{\"scrumID\": 4".utf8)
        )
      }
    }
  }
}
