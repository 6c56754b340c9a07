import Foundation
import XCTest

@testable import ScrumdingerApp

final class ResourceLocatorTests: XCTestCase {
  func testTranslationsAreFoundInAnyLanguage() throws {
    let directory = NSTemporaryDirectory() + "scrumdinger-locale-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: directory) }
    XCTAssertFalse(ResourceLocator.holdsCatalogue(directory))
    try FileManager.default.createDirectory(atPath: directory + "/de/LC_MESSAGES", withIntermediateDirectories: true)
    XCTAssertFalse(ResourceLocator.holdsCatalogue(directory), "an empty language folder is no catalogue")
    XCTAssertTrue(
      FileManager.default.createFile(atPath: directory + "/de/LC_MESSAGES/scrumdinger.mo", contents: Data()))
    XCTAssertTrue(ResourceLocator.holdsCatalogue(directory), "a German-only catalogue was not found")
  }
}
