import Foundation
import GtkShim
import ScrumdingerApp
import ScrumdingerCore
import XCTest

/// Starts GTK once per process. Without a display the calling test fails loudly: these tests
/// must run under Xvfb (`make test` arranges it), never pass by skipping.
@MainActor func requireDisplay(file: StaticString = #filePath, line: UInt = #line) -> Bool {
  if displayReady == nil { displayReady = initializeToolkit() }
  guard displayReady == true else {
    XCTFail("No display: GTK tests need X (run them through `make test`, which starts Xvfb)",
            file: file, line: line)
    return false
  }
  return true
}

/// Whether GTK started; nil before the first try (gtk_init_check must not be retried).
@MainActor private var displayReady: Bool?

/// A store in a new empty folder.
func temporaryStore() -> ScrumStore {
  let path = NSTemporaryDirectory() + "scrumdinger-gtk-" + UUID().uuidString
  return ScrumStore(directory: path)
}

/// A mutable flag that a main-actor task can set.
@MainActor final class Flag {
  var isSet = false
}

  /// Runs the real application until `check` returns true (polled every 20 ms) or 10 s pass.
@MainActor func runApp(
    _ app: ScrumdingerApplication, until check: @escaping @MainActor () -> Bool
  ) -> Bool {
    let done = Flag()
    let failsafe = Timeout(after: .seconds(10)) { app.application.quit() }
    func poll() {
      if check() {
        done.isSet = true
        app.application.quit()
      } else {
        _ = Timeout(after: .milliseconds(20), poll)
      }
    }
    _ = Timeout(after: .zero, poll)
    _ = app.run(arguments: ["scrumdinger"])
    failsafe.cancel()
    return done.isSet
  }

