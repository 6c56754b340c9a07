import CAdwaita
import Foundation
import GtkShim
@testable import ScrumdingerApp
import ScrumdingerCore
import ScrumdingerTestSupport
import XCTest
import Platform

/// The app saves and merges: the running app meets a conflict copy: what the merge removes is said, with Undo, and kept
/// in the Trash; a file restored to an older version is merged at start; a title with markup in it reads as it is.
final class SavingTests: XCTestCase {
  func testWhatAMergeRemovedIsSaidUndoneAndKeptInTheTrash() throws {
    let m1 = History(date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["Ana"], durationSeconds: 60)
    let m3 = History(date: Date(timeIntervalSince1970: 1_795_172_800), attendees: ["Ana"], durationSeconds: 60)
    let standup = DailyScrum(title: "Standup", attendees: [Attendee(name: "Ana")], history: [m1, m3])
    let research = DailyScrum(title: "R&D <b>weekly</b>", attendees: [Attendee(name: "Ben")])
    let store = trashableStore()
    XCTAssertNoThrow(try store.save([standup, research]))
    // The teammate's computer read that file, deleted m3 and the R&D scrum.
    let teammate = ScrumStore(directory: trashableFolder())
    try FileManager.default.contents(atPath: store.path)!.write(to: URL(fileURLWithPath: teammate.path))
    _ = try teammate.load()
    var theirs = standup
    theirs.history = [m1]
    try teammate.save([theirs])
    MainActor.assumeIsolated {
      withRunningApp(store: store) { app in
        let window = app.mainWindow!
        XCTAssertNoThrow(try FileManager.default.contents(atPath: teammate.path)!.write(
          to: URL(fileURLWithPath: store.directory + "/scrums.sync-conflict-20261126-101500-ABCDEFG.json")))
        let deadline = ContinuousClock.now + .seconds(5)
        while app.state.scrums.value.count == 2, ContinuousClock.now < deadline { spin(.milliseconds(50)) }
        XCTAssertEqual(app.state.scrums.value.map(\.title), ["Standup"])
        XCTAssertEqual(app.state.scrums.value[0].history.map(\.id), [m1.id])
        XCTAssertEqual(
          toastTexts(window.toasts), ["Merged changes made on another computer: 1 scrum and 1 meeting removed", "Undo"])
        let trashed = trashedPaths(named: "Scrums removed by a merge ", prefix: true)
        XCTAssertEqual(trashed.count, 1, "what went is in the Trash")
        let kept = try? ScrumFile.decode(Data(contentsOf: URL(fileURLWithPath: String(cString: g_get_user_data_dir())
          + "/Trash/files/" + Files.name(of: trashed.first ?? ""))))
        XCTAssertEqual(kept?.map(\.title), ["R&D <b>weekly</b>", "Standup"])
        XCTAssertEqual(kept?.last?.history.map(\.id), [m3.id])
        // Undo: both come back, and are saved.
        XCTAssertTrue(pressToastButton(window.toasts, "Undo"))
        spin(.milliseconds(400))  // a button activated clicks once its press is shown
        XCTAssertEqual(app.state.scrums.value.map(\.title), ["Standup", "R&D <b>weekly</b>"])
        XCTAssertEqual(app.state.scrums.value[0].history.map(\.id), [m1.id, m3.id])
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
func trashableStore() -> ScrumStore { ScrumStore(directory: trashableFolder()) }
