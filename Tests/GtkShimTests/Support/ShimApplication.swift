import GtkShim
import GtkTestSupport
import XCTest

/// Runs `body` inside a running application that the shim's windows belong to (GTK adds a
/// window only to an application that has started up): the app's id, not unique, run as the
/// app's tests run it and quit afterwards, so nothing of it stays registered for the tests
/// after. Fails the test if it never activates.
@MainActor func withShimApplication(
  file: StaticString = #filePath, line: UInt = #line, _ body: @escaping @MainActor (Application) -> Void
) {
  guard requireDisplay(file: file, line: line) else { return }
  let application = Application(id: "io.github.scrumdinger.Scrumdinger", unique: false)
  var ran = false
  application.onActivate {
    body(application)
    ran = true
    application.quit()
  }
  _ = application.run(arguments: ["scrumdinger"])
  XCTAssertTrue(ran, "the application never activated", file: file, line: line)
}
