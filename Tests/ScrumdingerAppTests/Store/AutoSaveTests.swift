import Foundation
import GtkShim
@testable import ScrumdingerApp
import ScrumdingerCore
import XCTest

final class AutoSaveTests: XCTestCase {
  func testAFailedSaveAtQuitIsReported() throws {
    try MainActor.assumeIsolated {
      let directory = NSTemporaryDirectory() + "scrumdinger-flush-" + UUID().uuidString
      // A file where the data folder should be: every save fails.
      XCTAssertTrue(FileManager.default.createFile(atPath: directory, contents: Data()))
      defer { try? FileManager.default.removeItem(atPath: directory) }
      let state = AppState()
      let autoSave = AutoSave(store: ScrumStore(directory: directory), state: state) { _ in }
      XCTAssertNil(autoSave.flush(), "nothing to save, nothing to report")
      state.scrums.value = [DailyScrum(title: "Lost?")]
      let error = try XCTUnwrap(autoSave.flush(), "the failed save at quit was silent")
      XCTAssertTrue(error.description.contains(directory), error.description)
      XCTAssertNotNil(autoSave.flush(), "a failed save is tried again, and reported again, at the next flush")
    }
  }
}
