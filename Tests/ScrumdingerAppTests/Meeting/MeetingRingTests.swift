import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

/// Ana, Ben and Cy in 20-second turns, each let finish, then a one-minute agenda item.
private let standup = DailyScrum(
  title: "Design Review", attendees: ["Ana", "Ben", "Cy"].map { Attendee(name: $0) }, lengthInMinutes: 1,
  theme: .orange, overtime: .letFinish, agenda: [AgendaItem(title: "Parking lot", minutes: 1)])

final class MeetingRingTests: XCTestCase {
  /// The ring drawn at five moments of a meeting, in kept pieces, is the ring in Tests/Golden,
  /// drawn in one piece by the Cairo drawing area it replaced: no channel of any pixel differs
  /// by more than 32 of 255, and at most 1 pixel in 2,000 by more than 8 (pixels on the
  /// edges where two pieces meet).
  func testTheRingLooksAsItDidAtEveryMoment() {
    MainActor.assumeIsolated {
      withMeeting(of: standup, size: (720, 760)) { _, _, meeting, clock in
        let ring = meeting.page.ring
        @MainActor func moment(_ name: String, after seconds: Int, next: Int = 0) {
          for _ in 0..<next {
            meeting.page.nextButton.click()
          }
          clock.advance(by: .seconds(seconds))
          meeting.session.tick()
          let shown = "Tests/output/ring-\(name).png"
          let golden = "Tests/Golden/ring-\(name).png"
          XCTAssertTrue(settledPNG(ring.area, to: shown), "the ring is not on screen, or never settles")
          if ProcessInfo.processInfo.environment["SCRUMDINGER_RECORD_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(atPath: golden)
            try? FileManager.default.copyItem(atPath: shown, toPath: golden)
            return XCTFail("recorded \(golden): run again without SCRUMDINGER_RECORD_GOLDEN")
          }
          guard let difference = comparePNG(shown, golden) else {
            return XCTFail("\(shown) and \(golden) cannot be compared")
          }
          let said =
            "\(name): \(difference.noticeablePixels) of \(difference.pixels) pixels differ, by up to \(difference.largest)"
          XCTAssertLessThanOrEqual(difference.largest, 32, said)
          XCTAssertLessThanOrEqual(difference.noticeablePixels * 2000, difference.pixels, said)
        }
        moment("first-turn", after: 5)
        moment("warning", after: 10)
        moment("overrun", after: 10)
        moment("second-turn", after: 5, next: 1)
        moment("agenda-item", after: 10, next: 2)
      }
    }
  }
}
