import Foundation
import GtkShim
import GtkTestSupport
import XCTest

final class DialogWindowTests: XCTestCase {
  func testADialogClosedWithItsParentSaysSo() {
    MainActor.assumeIsolated {
      withShimApplication { application in
        var parent: ApplicationWindow? = ApplicationWindow(application: application)
        parent?.present()
        let dialog = DialogWindow(parent: parent!, title: "x", width: 200, height: 200)
        var closed = 0
        dialog.onUnrealize { closed += 1 }
        dialog.present()
        spinUntilPainted(dialog)
        parent?.close()
        parent = nil  // the last reference: GTK destroys the parent, and with it the dialog
        _ = spin(until: { closed > 0 })
        XCTAssertEqual(closed, 1, "closing the parent did not report the dialog closed")
      }
    }
  }
}
