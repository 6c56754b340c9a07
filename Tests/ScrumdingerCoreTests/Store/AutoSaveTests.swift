import Foundation
import Platform
import Testing

@testable import ScrumdingerCore

@MainActor @Suite struct AutoSaveTests {
  @Test func aFailedSaveAtQuitIsReportedEachTime() throws {
    let directory = NSTemporaryDirectory() + "scrumdinger-flush-" + UUID().uuidString
    // A file where the data folder should be: every save fails.
    #expect(FileManager.default.createFile(atPath: directory, contents: Data()))
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let state = AppState()
    let autoSave = AutoSave(store: ScrumStore(directory: directory), state: state) { _ in }
    #expect(autoSave.flush() == nil, "nothing to save, nothing to report")
    state.scrums.value = [DailyScrum(title: "Lost?")]
    let error = try #require(autoSave.flush(), "the failed save at quit was silent")
    #expect(error.description.contains(directory), "\(error)")
    #expect(autoSave.flush() != nil, "a failed save is tried again, and reported again, at the next flush")
  }

  @Test func changesAreSavedOnceAMomentAfterTheLast() throws {
    let directory = NSTemporaryDirectory() + "scrumdinger-autosave-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = ScrumStore(directory: directory)
    let state = AppState()
    var errors: [StoreError] = []
    let autoSave = AutoSave(store: store, state: state) { errors.append($0) }
    for title in ["D", "De", "Design"] { state.scrums.value = [DailyScrum(title: title)] }
    #expect(autoSave.isPending, "typing is not saved key by key")
    #expect(!FileManager.default.fileExists(atPath: store.path))
    #expect(MainLoop.run(until: { !autoSave.isPending && !autoSave.hasUnsavedChanges }, timeout: .seconds(5)))
    #expect(try store.load().map(\.title) == ["Design"])
    #expect(errors.isEmpty)
    autoSave.stop()
  }
}
