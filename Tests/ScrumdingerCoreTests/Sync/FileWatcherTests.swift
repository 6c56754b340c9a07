import Foundation
import Platform
import Testing

@testable import ScrumdingerCore

/// The watcher on the main loop, with the file changed elsewhere while the app runs: no
/// display, GLib's file monitor as the app has it.
@MainActor @Suite struct FileWatcherTests {
  let standup = DailyScrum(title: "Standup", attendees: [Attendee(name: "Ana")])

  /// A folder whose scrums file holds `standup`, and its store.
  func savedStandup() throws -> (String, ScrumStore) {
    let directory = NSTemporaryDirectory() + "scrumdinger-watch-" + UUID().uuidString
    let store = ScrumStore(directory: directory)
    try store.save([standup])
    return (directory, store)
  }

  @Test func aChangeMadeElsewhereIsMergedIntoWhatIsShownAndSaid() throws {
    let (directory, store) = try savedStandup()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let state = AppState(scrums: try store.load())
    let watcher = FileWatcher(
      store: store, state: state, transcripts: TranscriptStore(folder: directory + "/transcripts"), now: Date.init
    ) { _ in }
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

  /// 250 conflict copies left while the app was closed, each another computer's version with
  /// a meeting of its own: merged a hundred a pass (each pass shown before the next is
  /// read), every meeting kept, and a scrum added here while the copies merge is kept too.
  @Test func aFolderOfCopiesIsMergedAHundredAPassKeepingWhatIsEditedMeanwhile() throws {
    let (directory, store) = try savedStandup()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for n in 0..<250 {
      var theirs = standup
      theirs.history = [
        History(
          date: Date(timeIntervalSince1970: 1_795_000_000 + Double(n) * 60), attendees: ["Ana"], durationSeconds: 60)
      ]
      let name = String(format: "scrums.sync-conflict-20261203-%06d-ABCDEFG.json", n)
      try ScrumFile.encode([theirs]).write(to: URL(fileURLWithPath: directory + "/" + name))
    }
    let state = AppState(scrums: try store.load())
    var shown: [Int] = []
    let retro = DailyScrum(title: "Retro")
    let observation = state.scrums.observe { scrums in
      let meetings = scrums[0].history.count
      guard meetings != shown.last else { return }
      shown.append(meetings)
      // Added here while the next pass is merged off the main loop.
      if shown.count == 1 { WorkerThreads.onMainLoop { state.scrums.update { $0.append(retro) } } }
    }
    let left = {
      ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
        ConflictCopies.isCopy($0, of: "scrums.json")
      }
    }
    // Saving as the app does: a save refused while a pass is not shown is made after the look.
    let autoSave = AutoSave(store: store, state: state) { Issue.record("save failed: \($0)") }
    let watcher = FileWatcher(
      store: store, state: state, transcripts: TranscriptStore(folder: directory + "/transcripts"), now: Date.init
    ) { event in
      switch event {
      case .needsSave: autoSave.saveSoon()
      case .looked: autoSave.retryRefused()
      default: break
      }
    }
    #expect(
      MainLoop.run(until: { state.scrums.value.first?.history.count == 250 && left().isEmpty }, timeout: .seconds(600)),
      "every copy's meeting merged, every copy moved aside")
    let saved = {
      ((try? ScrumStore.read(store.path)) ?? []).map { "\($0.title) \($0.history.count)" }
    }
    #expect(MainLoop.run(until: { saved() == ["Standup 250", "Retro 0"] }, timeout: .seconds(600)), "\(saved())")
    #expect(shown.count >= 3, "a hundred a pass: \(shown)")
    #expect(zip([0] + shown, shown).allSatisfy { $1 - $0 <= ConflictCopies.copiesPerPass }, "\(shown)")
    #expect(state.scrums.value.map(\.title) == ["Standup", "Retro"], "the scrum added meanwhile stays")
    withExtendedLifetime((watcher, observation, autoSave)) {}
  }

  /// While a pass of copies is merged off the main loop, the store counts its merges before
  /// the app shows them: a save of what is shown then would name versions it lacks. Such a
  /// save is refused as changed elsewhere (and made again after the look), until the pass is
  /// shown.
  @Test func noSaveIsTakenWhileCopiesAreMergedAndNotShown() throws {
    let (directory, store) = try savedStandup()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    _ = try store.load()
    store.holdSaves(whileMerging: true)
    #expect(store.mergesMade == -1)
    #expect(throws: StoreError.self) { try store.save([standup], holding: store.mergesMade) }
    #expect(throws: StoreError.self, "a count taken before the pass began") {
      try store.save([standup], holding: 0)
    }
    store.holdSaves(whileMerging: false)
    try store.save([standup], holding: store.mergesMade)
  }
}
