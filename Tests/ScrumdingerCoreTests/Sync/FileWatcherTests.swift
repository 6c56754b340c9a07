import Foundation
import Platform
import Testing

@testable import ScrumdingerCore

/// The watcher on the main loop, with the file changed elsewhere while the app runs: no
/// display, GLib's file monitor as the app has it.
@MainActor @Suite struct FileWatcherTests {
  @Test func aChangeMadeElsewhereIsMergedIntoWhatIsShownAndSaid() throws {
    let directory = NSTemporaryDirectory() + "scrumdinger-watch-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = ScrumStore(directory: directory)
    let standup = DailyScrum(title: "Standup", attendees: [Attendee(name: "Ana")])
    try store.save([standup])
    let state = AppState(scrums: try store.load())
    let watcher = FileWatcher(
      store: store, state: state, transcripts: TranscriptStore(folder: directory + "/transcripts"), now: Date.init)
    var needsSave = 0
    watcher.onNeedsSave = { needsSave += 1 }
    // Another computer (a second store on the same file) renames it and adds a scrum.
    var renamed = standup
    renamed.title = "Daily"
    let elsewhere = ScrumStore(directory: directory)
    _ = try elsewhere.load()
    try elsewhere.save([renamed, DailyScrum(title: "Retro")])
    #expect(MainLoop.run(until: { state.scrums.value.count == 2 }, timeout: .seconds(5)), "the change was not merged")
    #expect(state.scrums.value.map(\.title) == ["Daily", "Retro"])
    #expect(state.scrums.value[0].id == standup.id, "the same scrum, renamed")
    withExtendedLifetime(watcher) {}
  }
}
