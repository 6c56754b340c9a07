import Foundation
import Platform
import Testing

@testable import ScrumdingerCore

/// The notices the store and sync told, as a window would say them (none while no window shows).
@MainActor final class SaidNotices: SyncRenderer {
  var windowShows = true
  private(set) var said: [SyncNotice] = []

  func render(_ notice: SyncNotice) -> Bool {
    guard windowShows else { return false }
    said.append(notice)
    return true
  }

  /// The store and sync of `store`'s data folder, for what `state` shows, telling this.
  func sync(_ store: ScrumStore, showing state: AppState) -> ScrumSync {
    ScrumSync(
      store: store, state: state, transcripts: TranscriptStore(folder: store.directory + "/transcripts"),
      now: Date.init, renderer: self)
  }

  /// The toasts' texts said so far.
  var toasts: [String] {
    said.compactMap {
      guard case .toast(let text) = $0 else { return nil }
      return text
    }
  }
}

/// The store and sync as one model on the main loop, with GLib's file monitor and a real data
/// folder: the rules the window only says (what is saved, merged, kept, asked), tested without
/// a display.
@MainActor @Suite struct ScrumSyncTests {
  let standup = DailyScrum(title: "Standup", attendees: [Attendee(name: "Ana")])

  /// A data folder whose file holds `scrums`, its store (read, as at start), what it shows,
  /// and its sync, telling `renderer`.
  func started(_ scrums: [DailyScrum], renderer: SaidNotices) throws -> (ScrumStore, AppState, ScrumSync) {
    let store = ScrumStore(directory: makeTemporaryDirectory())
    try store.save(scrums)
    let state = AppState(scrums: try store.load())
    let sync = renderer.sync(store, showing: state)
    return (store, state, sync)
  }

  /// A conflict copy from another computer (a meeting of its own) arrives: merged into what is
  /// shown, saved, moved aside, and said once.
  @Test func aConflictCopyIsMergedSavedMovedAsideAndSaid() throws {
    let renderer = SaidNotices()
    let (store, state, sync) = try started([standup], renderer: renderer)
    var first = false
    sync.start { first = true }
    #expect(MainLoop.run(until: { first }, timeout: .seconds(30)), "the first look was merged")
    var theirs = standup
    theirs.history = [
      History(date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["Ana"], durationSeconds: 60)
    ]
    let copy = store.directory + "/scrums.sync-conflict-20261204-101500-ABCDEFG.json"
    try ScrumFile.encode([theirs]).write(to: URL(fileURLWithPath: copy))
    let onDisk = { (try? ScrumStore.read(store.path))?.first?.history.count ?? 0 }
    #expect(
      MainLoop.run(until: { onDisk() == 1 && !renderer.toasts.isEmpty }, timeout: .seconds(30)),
      "the copy's meeting saved and said")
    #expect(state.scrums.value.first?.history.map(\.id) == theirs.history.map(\.id))
    #expect(renderer.toasts == ["Merged changes made on another computer"])
    #expect(Files.kind(at: copy) == nil, "moved aside")
    #expect(Files.names(in: store.mergedConflictsFolder).count == 1)
    #expect(sync.flush() == nil)
  }

  /// The other computer deleted Retro (its file grew from ours, so the merge can prove it):
  /// what the merge removed is said only once a window shows; Undo brings it back and saves it.
  @Test func whatAMergeRemovedWaitsForAWindowAndUndoBringsItBack() throws {
    let renderer = SaidNotices()
    renderer.windowShows = false
    let retro = DailyScrum(title: "Retro")
    let (store, state, sync) = try started([standup, retro], renderer: renderer)
    var first = false
    sync.start { first = true }
    #expect(MainLoop.run(until: { first }, timeout: .seconds(30)))
    let elsewhere = ScrumStore(directory: store.directory)  // the other computer, on the same file
    _ = try elsewhere.load()
    try elsewhere.save([standup])
    #expect(
      MainLoop.run(until: { state.scrums.value == [standup] && !sync.pendingRemovals.isEmpty }, timeout: .seconds(30)),
      "merged, the removal kept")
    #expect(renderer.said.isEmpty, "no window: nothing said, nothing let go")
    #expect(sync.pendingRemovals.map(\.id) == [retro.id], "kept, with its recordings")
    renderer.windowShows = true
    sync.windowShown()
    guard case .removed(let removals, let toast)? = renderer.said.last else {
      Issue.record("the removal was not said: \(renderer.said)")
      return
    }
    #expect(removals.scrums.map(\.scrum.id) == [retro.id])
    sync.undo(toast)
    sync.toastGone(toast)
    #expect(state.scrums.value.map(\.title) == ["Standup", "Retro"])
    #expect(sync.flush() == nil)
    #expect(try ScrumStore.read(store.path).map(\.title) == ["Standup", "Retro"])
    #expect(sync.pendingRemovals.isEmpty, "let go of once its toast went")
  }

  /// A file that cannot be read at start is asked about once a window shows; Start Fresh keeps
  /// it aside, and the next edit is saved.
  @Test func anUnreadableFileIsAskedAboutOnceAWindowShowsAndKeptAside() throws {
    let renderer = SaidNotices()
    renderer.windowShows = false
    let store = ScrumStore(directory: makeTemporaryDirectory())
    try Data("not a scrums file".utf8).write(to: URL(fileURLWithPath: store.path))
    let state = AppState()
    let sync = renderer.sync(store, showing: state)
    do {
      _ = try store.load()
      Issue.record("the file was read")
    } catch {
      sync.loadFailed(error)
    }
    #expect(renderer.said.isEmpty)
    renderer.windowShows = true
    sync.windowShown()
    guard case .unreadable(_, atStart: true)? = renderer.said.first, renderer.said.count == 1 else {
      Issue.record("not asked once: \(renderer.said)")
      return
    }
    let aside = try #require(try sync.moveUnreadableAside(atStart: true))
    #expect(try String(contentsOfFile: aside, encoding: .utf8) == "not a scrums file", "kept")
    state.scrums.value = [standup]
    #expect(sync.flush() == nil)
    #expect(try ScrumStore.read(store.path) == [standup])
  }

  /// The file was deleted while the app was closed: this computer's last version is shown and
  /// said once a window shows, nothing written before the user chooses; Start Empty empties
  /// the list and saves it.
  @Test func aFileGoneWhileClosedWaitsForTheUserThenStartEmptySaves() throws {
    let renderer = SaidNotices()
    renderer.windowShows = false
    let earlier = ScrumStore(directory: makeTemporaryDirectory())
    try earlier.save([standup])
    try FileManager.default.removeItem(atPath: earlier.path)
    let store = ScrumStore(directory: earlier.directory)
    let state = AppState(scrums: try store.load())
    let sync = renderer.sync(store, showing: state)
    sync.start()
    renderer.windowShows = true
    sync.windowShown()
    guard case .missingAtStart(let shown)? = renderer.said.first else {
      Issue.record("not said: \(renderer.said)")
      return
    }
    #expect(shown == [standup] && state.scrums.value == [standup])
    #expect(sync.flush() == nil && Files.kind(at: store.path) == nil, "nothing written before the user chooses")
    sync.startEmpty(shown)
    #expect(sync.flush() == nil)
    #expect(try ScrumStore.read(store.path) == [])
  }
}
