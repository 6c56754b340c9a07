import Foundation
import GtkShim
// The meeting beside a video call: the compact strip at 320×120 and at 280 px wide, every
// element inside the window and no text cut (allocations, not pixels), and the window given
// back its size afterwards; the footer's turns that bend and the header's pace.
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

private let standup = DailyScrum(
  title: "Standup", attendees: ["Ana Lima", "Ben", "Cy"].map { Attendee(name: $0) }, lengthInMinutes: 5, theme: .sky)

final class CompactViewTests: XCTestCase {
  func testTheCompactStripShowsTheTurnInside320By120And280AndGivesTheSizeBack() {
    MainActor.assumeIsolated {
      withMeeting(of: standup, size: (720, 760)) { _, window, meeting, clock in
        let page = meeting.page
        XCTAssertEqual(window.window.title, "Standup — Meeting", "easy to pick when sharing a window")
        let before = window.window.allocatedSize
        XCTAssertTrue(window.window.activateAction(Command.meeting(.compactView).detailedName))
        _ = spin(until: { window.window.allocatedSize.height <= 130 })
        XCTAssertTrue(page.isCompact)
        XCTAssertTrue(page.compact.compactButton.isActive, "the toggle says it is on")
        clock.advance(by: .seconds(30))
        meeting.session.tick()
        let strip = page.compact
        XCTAssertEqual(strip.nameLabel.text, "Ana Lima")
        XCTAssertEqual(strip.time.label.text, "1:10", "30 s into a 100 s turn")
        XCTAssertEqual(strip.nextLabel.text, "Next: Ben")
        for (size, name) in [((320, 120), "compact-320x120.png"), ((280, 120), "compact-280x120.png")] {
          if size.0 < 320 {
            resize(window, width: size.0 + 10, height: size.1 + 10)  // with the 5 px border
            _ = spin(until: { window.window.allocatedSize.width <= size.0 })
          }
          let (width, height) = window.window.allocatedSize
          XCTAssertLessThanOrEqual(width, size.0, "the strip is too wide")
          XCTAssertLessThanOrEqual(height, size.1, "the strip is too tall")
          XCTAssertLessThanOrEqual(page.root.minimumWidth, 280, "the strip forces the window wider")
          let parts: [(Widget, String)] = [
            (strip.ring, "ring"), (strip.nameLabel, "name"), (strip.time.label, "time left"),
            (strip.nextLabel, "Next:"),
            (strip.pauseButton, "Pause"), (strip.nextButton, "Next speaker"), (strip.compactButton, "Compact View"),
          ]
          for (widget, part) in parts { assertInside(widget, part, window: window, width: width, height: height) }
          for label in [strip.nameLabel, strip.time.label, strip.nextLabel] {
            XCTAssertFalse(label.isEllipsized, "“\(label.text)” is cut at \(width) px")
            XCTAssertGreaterThanOrEqual(label.allocatedSize.height, 14, "“\(label.text)” is too small to read")
          }
          XCTAssertGreaterThanOrEqual(strip.ring.allocatedSize.width, 32)
          picture(window, name)
        }
        strip.nextButton.click()
        XCTAssertEqual(strip.nameLabel.text, "Ben", "Next speaker works from the strip")
        XCTAssertTrue(window.window.activateAction(Command.meeting(.compactView).detailedName))
        _ = spin(until: { window.window.allocatedSize == before })
        XCTAssertFalse(page.isCompact)
        XCTAssertEqual(window.window.allocatedSize.width, before.width, "the window gets its width back")
        XCTAssertEqual(window.window.allocatedSize.height, before.height, "the window gets its height back")
        XCTAssertFalse(page.compactButton.isActive)
      }
    }
  }

  /// A recorded meeting says so in every view: a red dot named "Recording" inside the strip at
  /// 320×120 and 280 px (the name still whole), and the window's title, which is what a
  /// screen-sharing picker shows.
  func testARecordedMeetingShowsItsDotInTheStripAndSaysSoInTheWindowTitle() {
    MainActor.assumeIsolated {
      withMeeting(of: standup, size: (720, 760), recorded: true) { _, window, meeting, _ in
        XCTAssertEqual(window.window.title, "● Recording — Standup — Meeting")
        XCTAssertTrue(window.window.activateAction(Command.meeting(.compactView).detailedName))
        _ = spin(until: { window.window.allocatedSize.height <= 130 })
        let strip = meeting.page.compact
        XCTAssertEqual(strip.recordingDot.accessibleName, "Recording")
        for (width, height) in [(320, 120), (280, 120)] {
          if width < 320 {
            resize(window, width: width + 10, height: height + 10)
            _ = spin(until: { window.window.allocatedSize.width <= width })
          }
          let size = window.window.allocatedSize
          XCTAssertTrue(strip.recordingDot.isMapped, "the dot shows at \(width) px")
          assertInside(strip.recordingDot, "the recording dot", window: window, width: size.width, height: size.height)
          XCTAssertFalse(strip.nameLabel.isEllipsized, "the speaker's name is whole beside the dot at \(width) px")
        }
        picture(window, "compact-recording-280x120.png")
        meeting.session.end(save: false)
        XCTAssertEqual(window.window.title, "Scrumdinger")
      }
    }
  }

  func testAddAMinutePreviousSpeakerAndThePaceInTheHeader() {
    MainActor.assumeIsolated {
      withMeeting(of: standup, size: (720, 760)) { _, window, meeting, clock in
        let page = meeting.page
        XCTAssertFalse(page.previousButton.isSensitive, "nobody before the first speaker")
        XCTAssertTrue(page.pace.label.text.hasPrefix("Ends at "), page.pace.label.text)
        XCTAssertFalse(page.pace.label.text.contains("·"), "on plan: no “behind”")
        clock.advance(by: .seconds(10))
        meeting.session.tick()
        XCTAssertEqual(page.remaining.label.text, "4:50")
        XCTAssertEqual(page.addMinuteButton.accessibleName, "Add a minute for Ana Lima")
        page.addMinuteButton.click()
        XCTAssertEqual(page.remaining.label.text, "5:50", "Remaining rises by 60 s")
        meeting.session.pause()
        clock.advance(by: .seconds(65))
        meeting.session.resume()
        XCTAssertTrue(page.pace.label.text.hasSuffix(" · 1:05 behind"), page.pace.label.text)
        XCTAssertTrue(page.pace.spokenName.hasSuffix(", 1 minute 5 seconds behind"), page.pace.spokenName)
        picture(window, "meeting-ends-at-behind.png")
        page.nextButton.click()
        XCTAssertEqual(page.ring.nameLabel.text, "Ben")
        XCTAssertTrue(page.previousButton.isSensitive)
        page.previousButton.click()
        XCTAssertEqual(page.ring.nameLabel.text, "Ana Lima", "back to the previous speaker")
        XCTAssertEqual(page.speakerLabel.text, "Speaker 1 of 3")
      }
    }
  }

  /// Pictures of the strip for the note: two themes, light and dark style.
  func testPicturesOfTheStripInTwoThemesLightAndDark() {
    MainActor.assumeIsolated {
      for theme in [Theme.sky, .orange] {
        var scrum = standup
        scrum.theme = theme
        withMeeting(of: scrum, size: (720, 760)) { _, window, meeting, _ in
          defer { Style.setScheme(.followSystem) }
          XCTAssertTrue(window.window.activateAction(Command.meeting(.compactView).detailedName))
          for scheme in [Style.Scheme.forceLight, .forceDark] {
            Style.setScheme(scheme)
            spinUntilPainted(meeting.page.root)
            XCTAssertTrue(meeting.page.isCompact)
            picture(window, "compact-\(theme.rawValue)-\(scheme == .forceDark ? "dark" : "light").png")
          }
        }
      }
    }
  }
}
