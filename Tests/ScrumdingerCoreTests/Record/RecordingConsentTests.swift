import Foundation
import Testing

@testable import ScrumdingerCore

/// This computer's choices to record and caption: kept across starts, and a file it cannot
/// read is set aside (never over one set aside before) rather than taken as consent.
@MainActor @Suite struct RecordingConsentTests {
  let folder: String = {
    let path = NSTemporaryDirectory() + "scrumdinger-consent-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

  @Test func choicesAreKeptAcrossStarts() throws {
    let path = folder + "/recording-consent.json"
    let scrum = UUID()
    try RecordingConsent(path: path).set(scrum, records: true)
    try RecordingConsent(path: path).set(scrum, captions: true)
    let again = RecordingConsent(path: path)
    #expect(again.records(scrum))
    #expect(again.captions(scrum))
    #expect(!again.records(UUID()))
  }

  @Test func anUnreadableFileIsSetAsideAndNothingIsRecorded() throws {
    let path = folder + "/recording-consent.json"
    try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
    let consent = RecordingConsent(path: path)
    #expect(!consent.records(UUID()))
    #expect(FileManager.default.contents(atPath: path + ".unreadable") == Data("not json".utf8))
    // A second unreadable file does not go over the first one set aside.
    try Data("also not json".utf8).write(to: URL(fileURLWithPath: path))
    _ = RecordingConsent(path: path)
    #expect(FileManager.default.contents(atPath: path + ".unreadable") == Data("not json".utf8))
  }
}
