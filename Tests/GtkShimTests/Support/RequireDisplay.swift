import GtkTestSupport
import XCTest

/// Starts GTK once per process; without a display the calling test fails loudly.
@MainActor func requireDisplay(file: StaticString = #filePath, line: UInt = #line) -> Bool {
  startDisplay { XCTFail($0, file: file, line: line) }
}
