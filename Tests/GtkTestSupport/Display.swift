// What every GTK test needs, whatever it tests (the shim alone or the whole app): GTK started
// once on a display, or a loud failure, and the main loop run for a while. Its own target, so
// GtkShimTests need not link the app.
import GtkShim
import Platform
import XCTest

/// Starts GTK once per process. Without a display the calling test fails loudly: these tests
/// must run under Xvfb (`make test` arranges it), never pass by skipping.
@MainActor public func requireDisplay(file: StaticString = #filePath, line: UInt = #line) -> Bool {
  if displayReady == nil { displayReady = initializeToolkit() }
  guard displayReady == true else {
    XCTFail(
      "No display: GTK tests need X (run them through `make test`, which starts Xvfb)",
      file: file, line: line)
    return false
  }
  return true
}

/// Whether GTK started; nil before the first try (gtk_init_check must not be retried).
@MainActor private var displayReady: Bool?

/// A mutable flag that a main-actor task can set.
@MainActor public final class Flag {
  public var isSet = false

  public init() {}
}

/// Lets the main loop run for `duration` (timeouts fire, widgets update).
@MainActor public func spin(_ duration: Duration) {
  let done = Flag()
  _ = Timeout(after: duration) { done.isSet = true }
  _ = MainLoop.run(until: { done.isSet }, timeout: duration + .seconds(5))
}
