import CAdwaita
import Foundation
import GtkShim
import GtkTestSupport
import Platform
import ScrumdingerCore
import ScrumdingerTestSupport
import XCTest

@testable import ScrumdingerApp

/// The app saves and merges: the running app meets a conflict copy: what the merge removes is said, with Undo, and kept
/// in the Trash; a file restored to an older version is merged at start; a title with markup in it reads as it is.
final class SavingTests: XCTestCase {
  /// The teammate deleted m3 and the R&D scrum; their version arrives as a conflict copy
  /// while the app runs with `standup` (m1, m3) and R&D. Returns the store and both scrums.
  func teammateDeletes() throws -> (store: ScrumStore, standup: DailyScrum, research: DailyScrum) {
    let m1 = History(date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["Ana"], durationSeconds: 60)
    let m3 = History(date: Date(timeIntervalSince1970: 1_795_172_800), attendees: ["Ana"], durationSeconds: 60)
    let standup = DailyScrum(title: "Standup", attendees: [Attendee(name: "Ana")], history: [m1, m3])
    let research = DailyScrum(title: "R&D <b>weekly</b>", attendees: [Attendee(name: "Ben")])
    let store = trashableStore()
    try store.save([standup, research])
    let teammate = ScrumStore(directory: trashableFolder())
    try FileManager.default.contents(atPath: store.path)!.write(to: URL(fileURLWithPath: teammate.path))
    _ = try teammate.load()
    var theirs = standup
    theirs.history = [m1]
    try teammate.save([theirs])
    try FileManager.default.contents(atPath: teammate.path)!.write(
      to: URL(fileURLWithPath: store.directory + "/scrums.sync-conflict-20261126-101500-ABCDEFG.json"))
    return (store, standup, research)
  }

  func testWhatAMergeRemovedIsSaidKeptForUndoAndUndone() throws {
    let (store, standup, _) = try teammateDeletes()
    MainActor.assumeIsolated {
      withRunningApp(store: store) { app in
        let window = app.mainWindow!
        XCTAssertTrue(MainLoop.run(until: { !toastTexts(window.toasts).isEmpty }, timeout: .seconds(30)), "merged")
        XCTAssertEqual(app.state.scrums.value.map(\.title), ["Standup"])
        XCTAssertEqual(app.state.scrums.value[0].history.map(\.id), [standup.history[0].id])
        XCTAssertEqual(
          toastTexts(window.toasts), ["Merged changes made on another computer: 1 scrum and 1 meeting removed", "Undo"])
        let kept = pendingRemovals(in: store)
        XCTAssertEqual(kept?.map(\.title), ["R&D <b>weekly</b>", "Standup"], "kept privately until let go of")
        XCTAssertEqual(kept?.last?.history.map(\.id), [standup.history[1].id])
        XCTAssertTrue(pressToastButton(window.toasts, "Undo"))
        XCTAssertTrue(
          MainLoop.run(until: { app.state.scrums.value.count == 2 }, timeout: .seconds(30)), "Undo brings them back")
        XCTAssertEqual(app.state.scrums.value.map(\.title), ["Standup", "R&D <b>weekly</b>"])
        XCTAssertEqual(app.state.scrums.value[0].history.map(\.id), standup.history.map(\.id))
        XCTAssertTrue(MainLoop.run(until: { pendingRemovals(in: store) == nil }, timeout: .seconds(30)))
        XCTAssertEqual(
          trashedPaths(named: "Scrums removed by a merge ", prefix: true).filter {
            $0.hasPrefix(store.directory)
          }, [], "nothing to the Trash: it came back")
      }
    }
  }

  func testWhatAMergeRemovedGoesToTheTrashOnceLetGo() throws {
    let (store, _, _) = try teammateDeletes()
    MainActor.assumeIsolated {
      withRunningApp(store: store) { app in
        let trashed = {
          trashedPaths(named: "Scrums removed by a merge ", prefix: true).filter { $0.hasPrefix(store.directory) }
        }
        // The toast times out unanswered.
        XCTAssertTrue(MainLoop.run(until: { trashed().count == 1 }, timeout: .seconds(60)), "what went is in the Trash")
        XCTAssertNil(pendingRemovals(in: store), "and no longer pending")
        let file = String(cString: g_get_user_data_dir()) + "/Trash/files/" + Files.name(of: trashed()[0])
        let kept = try? ScrumFile.decode(Data(contentsOf: URL(fileURLWithPath: file)))
        XCTAssertEqual(kept?.map(\.title), ["R&D <b>weekly</b>", "Standup"])
      }
    }
  }

  /// A merge made with no window (the reminders' background process) left its removals
  /// pending: the next window says them, with Undo, and their recordings were kept meanwhile.
  func testRemovalsMadeWithNoWindowAreSaidWhenOneShows() throws {
    let meeting = History(date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["Ana"], durationSeconds: 60)
    let standup = DailyScrum(title: "Standup", attendees: [Attendee(name: "Ana")])
    var removed = standup
    removed.history = [meeting]
    let store = trashableStore()
    try store.save([standup])
    try ScrumFile.encode([removed]).write(to: URL(fileURLWithPath: store.directory + "/merge-removals.json"))
    let recordings = store.directory + "/recordings"
    try FileManager.default.createDirectory(atPath: recordings, withIntermediateDirectories: true)
    let recording = recordings + "/\(meeting.id.uuidString).ogg"
    XCTAssertTrue(FileManager.default.createFile(atPath: recording, contents: Data("OggS".utf8)))
    MainActor.assumeIsolated {
      withRunningApp(store: store) { app in
        let window = app.mainWindow!
        XCTAssertTrue(
          MainLoop.run(until: { !toastTexts(window.toasts).isEmpty }, timeout: .seconds(30)), "said once merged")
        XCTAssertEqual(
          toastTexts(window.toasts), ["Merged changes made on another computer: 1 meeting removed", "Undo"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: recording), "its recording stays while it can come back")
        XCTAssertTrue(pressToastButton(window.toasts, "Undo"))
        XCTAssertTrue(
          MainLoop.run(until: { app.state.scrums.value[0].history.map(\.id) == [meeting.id] }, timeout: .seconds(30)))
        XCTAssertTrue(FileManager.default.fileExists(atPath: recording))
      }
    }
  }

  /// Last week's copy of the file was put back while the app was closed: the app starts with
  /// what it held (and saves it), says so, and "Use the File as It Is" takes the copy.
  func testARestoredOlderFileIsMergedAtStartAndCanBeUsedAsItIs() throws {
    let m1 = History(date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["Ana"], durationSeconds: 60)
    let m2 = History(date: Date(timeIntervalSince1970: 1_795_086_400), attendees: ["Ana"], durationSeconds: 60)
    var standup = DailyScrum(title: "Standup", attendees: [Attendee(name: "Ana")], history: [m1])
    let store = temporaryStore()
    XCTAssertNoThrow(try store.save([standup]))
    let older = try XCTUnwrap(FileManager.default.contents(atPath: store.path))
    standup.history.append(m2)
    XCTAssertNoThrow(try store.save([standup, DailyScrum(title: "Retro")]))
    try older.write(to: URL(fileURLWithPath: store.path))
    let titlesOnDisk = { (try? ScrumStore.read(store.path).map(\.title)) ?? [] }
    MainActor.assumeIsolated {
      withRunningApp(store: ScrumStore(directory: store.directory)) { app in
        let window = app.mainWindow!
        XCTAssertEqual(app.state.scrums.value.map(\.title), ["Standup", "Retro"])
        XCTAssertEqual(app.state.scrums.value[0].history.map(\.id), [m1.id, m2.id])
        XCTAssertEqual(
          toastTexts(window.toasts),
          ["The scrums file lacked this computer's last changes: 1 scrum and 1 meeting kept", "Use the File as It Is"])
        XCTAssertTrue(
          MainLoop.run(until: { titlesOnDisk() == ["Standup", "Retro"] }, timeout: .seconds(30)), "the merge is saved")
        XCTAssertTrue(pressToastButton(window.toasts, "Use the File as It Is"))
        XCTAssertTrue(
          MainLoop.run(until: { app.state.scrums.value.map(\.title) == ["Standup"] }, timeout: .seconds(30)))
        XCTAssertEqual(app.state.scrums.value[0].history.map(\.id), [m1.id])
        XCTAssertTrue(MainLoop.run(until: { titlesOnDisk() == ["Standup"] }, timeout: .seconds(30)), "and saved")
      }
    }
  }

  /// The same restore, decided later: the toast stays past its usual five seconds, and the
  /// main menu offers "Use the File as It Is" beside it; taken from the menu, the toast goes.
  func testTheFileAsItWasStaysOnOfferInTheToastAndTheMenu() throws {
    let store = try restoredOlderFile()
    let offered: @MainActor () -> [String] = { MainMenu.offers.items.map(\.label) }
    MainActor.assumeIsolated {
      withRunningApp(store: ScrumStore(directory: store.directory)) { app in
        let window = app.mainWindow!
        XCTAssertEqual(offered(), ["Use the File as It Is"])
        XCTAssertTrue(window.actions[.useFileAsItIs]!.isEnabled)
        // Past a usual toast's five seconds, and the merge's own save, the question is still up.
        _ = MainLoop.run(until: { false }, timeout: .seconds(7))
        XCTAssertEqual(toastTexts(window.toasts).last, "Use the File as It Is", "the toast waits for the user")
        XCTAssertEqual(offered(), ["Use the File as It Is"], "the merge's own save keeps the offer")
        XCTAssertTrue(window.window.activateAction(Command.window(.useFileAsItIs).detailedName))
        XCTAssertEqual(app.state.scrums.value.map(\.title), ["Standup"], "the file as it was")
        XCTAssertEqual(offered(), [], "taken: no longer offered")
        XCTAssertFalse(window.actions[.useFileAsItIs]!.isEnabled)
        XCTAssertTrue(MainLoop.run(until: { toastTexts(window.toasts).isEmpty }, timeout: .seconds(30)))
        XCTAssertTrue(
          MainLoop.run(
            until: { (try? ScrumStore.read(store.path).map(\.title)) == ["Standup"] }, timeout: .seconds(30)),
          "and saved")
      }
    }
  }

  /// An edit after the merge (saved soon after) ends the menu's offer, for the file is no
  /// longer as it was; the toast still takes the file, keeping the meeting added since.
  func testAnEditAfterTheMergeEndsTheMenusOfferAndTheToastKeepsTheEdit() throws {
    let store = try restoredOlderFile()
    let held = History(date: Date(timeIntervalSince1970: 1_795_172_800), attendees: ["Ana"], durationSeconds: 60)
    MainActor.assumeIsolated {
      withRunningApp(store: ScrumStore(directory: store.directory)) { app in
        let window = app.mainWindow!
        let first = app.state.scrums.value[0].history[0].id
        app.state.scrums.update { $0[0].history.append(held) }
        XCTAssertEqual(MainMenu.offers.items.map(\.label), [])
        XCTAssertFalse(window.actions[.useFileAsItIs]!.isEnabled)
        XCTAssertTrue(pressToastButton(window.toasts, "Use the File as It Is"))
        XCTAssertTrue(
          MainLoop.run(until: { app.state.scrums.value.map(\.title) == ["Standup"] }, timeout: .seconds(30)),
          "the file as it was")
        XCTAssertEqual(app.state.scrums.value[0].history.map(\.id), [first, held.id], "with the meeting held since")
      }
    }
  }

  /// A store whose file was put back to the version before its last save (a meeting and a
  /// scrum, Retro, later), while the app was closed.
  private func restoredOlderFile() throws -> ScrumStore {
    let m1 = History(date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["Ana"], durationSeconds: 60)
    let m2 = History(date: Date(timeIntervalSince1970: 1_795_086_400), attendees: ["Ana"], durationSeconds: 60)
    var standup = DailyScrum(title: "Standup", attendees: [Attendee(name: "Ana")], history: [m1])
    let store = temporaryStore()
    try store.save([standup])
    let older = try XCTUnwrap(FileManager.default.contents(atPath: store.path))
    standup.history.append(m2)
    try store.save([standup, DailyScrum(title: "Retro")])
    try older.write(to: URL(fileURLWithPath: store.path))
    return store
  }

  /// The scrums file was deleted while the app was closed: the list shows this computer's
  /// last version and says so; Start Empty empties it, and that version goes to the Trash.
  func testAFileGoneWhileClosedShowsTheLastVersionWithStartEmpty() throws {
    let store = ScrumStore(directory: trashableFolder())
    XCTAssertNoThrow(try store.save([DailyScrum(title: "Standup"), DailyScrum(title: "Retro")]))
    try FileManager.default.removeItem(atPath: store.path)
    MainActor.assumeIsolated {
      withRunningApp(store: ScrumStore(directory: store.directory)) { app in
        let window = app.mainWindow!
        XCTAssertEqual(app.state.scrums.value.map(\.title), ["Standup", "Retro"])
        XCTAssertEqual(
          toastTexts(window.toasts),
          ["The scrums file was missing: this computer's last version is shown", "Start Empty"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path), "nothing written before the user chooses")
        XCTAssertTrue(pressToastButton(window.toasts, "Start Empty"))
        XCTAssertTrue(MainLoop.run(until: { app.state.scrums.value.isEmpty }, timeout: .seconds(30)))
        XCTAssertTrue(
          MainLoop.run(until: { (try? ScrumStore.read(store.path)) == [] }, timeout: .seconds(30)), "and saved")
        let trashed = trashedPaths(named: "Scrums shown when the file was missing ", prefix: true).filter {
          $0.hasPrefix(store.directory)
        }
        XCTAssertEqual(trashed.count, 1, "the version shown is in the Trash")
        let file = String(cString: g_get_user_data_dir()) + "/Trash/files/" + Files.name(of: trashed.first ?? "")
        XCTAssertEqual(
          (try? ScrumFile.decode(Data(contentsOf: URL(fileURLWithPath: file))))?.map(\.title), ["Standup", "Retro"])
      }
    }
  }

  /// Ana was renamed here and, before the computers synced, on the teammate's: the teammate's
  /// version arrives as a conflict copy. Both names stay, the second marked on the detail
  /// page, and the toast says so.
  func testAnAttendeeRenamedOnBothComputersIsKeptInBothVersions() throws {
    let standup = DailyScrum(title: "Standup", attendees: [Attendee(name: "Ana"), Attendee(name: "Ben")])
    let store = temporaryStore()
    try store.save([standup])
    let teammate = ScrumStore(directory: trashableFolder())
    try FileManager.default.contents(atPath: store.path)!.write(to: URL(fileURLWithPath: teammate.path))
    _ = try teammate.load()
    var here = standup
    var there = standup
    here.attendees[0].name = "Ana M."
    there.attendees[0].name = "Ana K."
    try store.save([here])
    try teammate.save([there])
    try FileManager.default.contents(atPath: teammate.path)!.write(
      to: URL(fileURLWithPath: store.directory + "/scrums.sync-conflict-20261127-101500-ABCDEFG.json"))
    MainActor.assumeIsolated {
      withRunningApp(store: ScrumStore(directory: store.directory)) { app in
        let window = app.mainWindow!
        XCTAssertTrue(MainLoop.run(until: { !toastTexts(window.toasts).isEmpty }, timeout: .seconds(30)), "merged")
        XCTAssertEqual(
          toastTexts(window.toasts),
          ["Standup was also changed elsewhere: 1 attendee or note edited on both computers is kept in both versions"])
        XCTAssertEqual(app.state.scrums.value[0].attendees.map(\.name), ["Ana K.", "Ana M.", "Ben"])
        let rows = openDetailPage(of: app.state.scrums.value[0], in: app).attendees.madeRows
        XCTAssertEqual(rows.map(\.row.title), ["Ana K.", "Ana M.", "Ben"])
        XCTAssertEqual(rows.map(\.row.subtitle), ["", "Second version: edited on two computers at once", ""])
        XCTAssertTrue(
          MainLoop.run(
            until: { (try? ScrumStore.read(store.path))?.first?.attendees.map(\.name) == ["Ana K.", "Ana M.", "Ben"] },
            timeout: .seconds(30)), "and saved")
      }
    }
  }

  func testAToastTitleIsPlainTextNeverMarkup() {
    MainActor.assumeIsolated {
      guard requireDisplay() else { return }
      let overlay = ToastOverlay(Label(""))
      overlay.show("R&D <b>was</b> also changed elsewhere")
      XCTAssertEqual(toastTexts(overlay), ["R&D <b>was</b> also changed elsewhere"])
    }
  }
}

/// A store whose folder is on the Trash's file system (the app's Trash there, as a user's).
/// The scrums and meetings kept privately for Undo (`merge-removals.json`).
func pendingRemovals(in store: ScrumStore) -> [DailyScrum]? {
  FileManager.default.contents(atPath: store.directory + "/merge-removals.json").flatMap { try? ScrumFile.decode($0) }
}

func trashableStore() -> ScrumStore { ScrumStore(directory: trashableFolder()) }
