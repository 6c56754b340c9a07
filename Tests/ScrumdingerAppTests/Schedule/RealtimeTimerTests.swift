import Foundation
import GtkShim
import Platform
import XCTest

@testable import ScrumdingerApp

final class RealtimeTimerTests: XCTestCase {
  /// The reminders' timer fires at a wall-clock time on the real clock (after it,
  /// never before), and a cancelled one never does.
  func testItFiresAtTheWallClockTimeAndNotOnceCancelled() {
    MainActor.assumeIsolated {
      let timer = RealtimeTimer()
      let due = Date().addingTimeInterval(0.3)
      var firedAt: Date?
      timer.arm(at: due) { firedAt = Date() }
      // How late is the machine's to say (a loaded one runs the main loop late): a limit only
      // a hang reaches.
      _ = MainLoop.run(until: { firedAt != nil }, timeout: .seconds(60))
      let fired = try? XCTUnwrap(firedAt, "the timer never fired")
      XCTAssertGreaterThanOrEqual(fired?.timeIntervalSince(due) ?? -1, 0, "it fired early")

      var cancelledFired = false
      timer.arm(at: Date().addingTimeInterval(0.3)) { cancelledFired = true }
      timer.cancel()
      // A deliberate window, five times the delay, in which the cancelled timer must not fire.
      _ = MainLoop.run(until: { cancelledFired }, timeout: .seconds(1.5))
      XCTAssertFalse(cancelledFired, "a cancelled timer fired")
    }
  }
}
