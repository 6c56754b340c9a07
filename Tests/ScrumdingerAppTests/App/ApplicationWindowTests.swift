import GtkShim
import GtkTestSupport
import Platform
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

final class ApplicationWindowTests: XCTestCase {
  func testTheRealWindowOpensTitledScrumdingerUnderTheAppID() {
    MainActor.assumeIsolated {
      guard requireDisplay() else { return }
      let app = ScrumdingerApplication(store: temporaryStore(), unique: false)
      let shown = runApp(app) { app.mainWindow?.window.isMapped == true }
      XCTAssertTrue(shown, "the main window was never mapped")
      XCTAssertEqual(app.mainWindow?.window.title, "Scrumdinger")
      XCTAssertEqual(app.application.id, "io.github.scrumdinger.Scrumdinger")
    }
  }

  func testTheAppIconShowsFromTheBuildTreeOnTheEmptyList() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        XCTAssertTrue(Style.hasIcon("io.github.scrumdinger.Scrumdinger"), "About would show a broken icon")
        XCTAssertNotNil(ResourceLocator.emptyListIcon, "the symbolic icon is not found from the build tree")
        XCTAssertTrue(app.mainWindow?.pages.list.emptyPage.hasIcon == true, "the empty list has no icon")
        XCTAssertTrue(app.mainWindow?.pages.list.emptyPage.isMapped == true, "the empty list is not on show")
        spinUntilPainted(app.mainWindow!.window)
        app.mainWindow?.window.writePNG(to: "Tests/output/empty-list-icon.png")
      }
    }
  }

  func testAMainActorTaskRunsInsideTheGLibMainLoop() {
    MainActor.assumeIsolated {
      guard requireDisplay() else { return }
      let app = ScrumdingerApplication(store: temporaryStore(), unique: false)
      let taskRan = Flag()
      let queueRan = Flag()
      _ = Timeout(after: .zero) {
        Task { @MainActor in taskRan.isSet = true }
        DispatchQueue.main.async { MainActor.assumeIsolated { queueRan.isSet = true } }
      }
      let ran = runApp(app) { taskRan.isSet && queueRan.isSet }
      XCTAssertTrue(ran, "a @MainActor task never ran while g_application_run was in charge")
    }
  }

  func testAnUnreadableFileIsShownNotReplaced() throws {
    try MainActor.assumeIsolated {
      guard requireDisplay() else { return }
      let store = temporaryStore()
      try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
      let garbage = Data("{\"version\": 1, \"scr".utf8)
      XCTAssertTrue(FileManager.default.createFile(atPath: store.path, contents: garbage))
      let app = ScrumdingerApplication(store: store, unique: false)
      XCTAssertTrue(runApp(app) { app.mainWindow?.window.isMapped == true && app.hasFinishedLoading })
      XCTAssertTrue(store.isBlocked)
      XCTAssertEqual(FileManager.default.contents(atPath: store.path), garbage)
    }
  }
}

final class WindowMemoryTests: XCTestCase {
  /// The window is closed at one size and state and opens again so (GSettings, key file).
  func testTheWindowOpensAsItWasClosed() {
    MainActor.assumeIsolated {
      guard requireDisplay() else { return }
      let keyFile = NSTemporaryDirectory() + "scrumdinger-settings-" + UUID().uuidString
      defer { try? FileManager.default.removeItem(atPath: keyFile) }
      let store = temporaryStore()
      let first = ScrumdingerApplication(store: store, unique: false, settings: .keyFile(keyFile))
      XCTAssertTrue(
        runApp(first) {
          guard let window = first.mainWindow?.window, window.isMapped, first.hasFinishedLoading else { return false }
          XCTAssertEqual(window.defaultSize.width, 720, "the first start is not at the schema's default size")
          window.setDefaultSize(width: 500, height: 640)
          window.close()
          return true
        })
      let contents = (try? String(contentsOfFile: keyFile, encoding: .utf8)) ?? ""
      XCTAssertTrue(contents.contains("window-width=500"), "the size was not kept: \(contents)")

      let second = ScrumdingerApplication(store: store, unique: false, settings: .keyFile(keyFile))
      XCTAssertTrue(
        runApp(second) {
          guard let window = second.mainWindow?.window, window.isMapped else { return false }
          XCTAssertTrue(window.defaultSize == (500, 640), "opened at \(window.defaultSize)")
          return true
        })
    }
  }
}
