import Foundation
import GtkShim
import ScrumdingerCore
import ScrumdingerTestSupport
import XCTest

@testable import ScrumdingerApp

final class MeetingPageTurnWarningTests: XCTestCase {
  func testTheLastSecondsOfATurnAreMarkedAndAnnounced() {
    MainActor.assumeIsolated {
      let clock = ManualClock()
      let sound = RecordingEffect()
      withRunningApp(dependencies: recordingDependencies(clock: clock, sound: sound)) { app in
        let window = app.mainWindow!
        openDetailPage(of: oneMinuteStandup, in: app).startButton.click()
        let meeting = window.meeting!
        let page = meeting.page
        XCTAssertFalse(page.warning.root.isVisible)
        clock.advance(by: .seconds(10))
        meeting.session.tick()
        XCTAssertTrue(page.warning.root.isMapped)
        XCTAssertEqual(page.warning.label.text, "10 seconds left for Ana")
        XCTAssertEqual(page.warning.spokenName, "10 seconds left for Ana")
        XCTAssertTrue(page.ring.nameLabel.hasCSSClass("meeting-warning"))
        XCTAssertTrue(page.ring.showsWarning)
        let warn = oneMinuteStandup.theme.warningColor
        XCTAssertTrue(page.ring.nameLabel.foregroundColor == (Int(warn.red), Int(warn.green), Int(warn.blue)))
        XCTAssertEqual(
          sound.events.last, .turnWarning(turn: 0, stage: 0, dueAt: .seconds(10)), "no soft sound asked for")
        clock.advance(by: .seconds(10))
        meeting.session.tick()
        XCTAssertFalse(page.warning.root.isVisible, "the warning outlived Ana's turn")
        XCTAssertFalse(page.ring.nameLabel.hasCSSClass("meeting-warning"))
        XCTAssertFalse(page.ring.showsWarning)
        meeting.session.end(save: false)
      }
    }
  }
}
