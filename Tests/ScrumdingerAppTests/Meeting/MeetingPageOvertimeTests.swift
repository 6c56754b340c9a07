import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import ScrumdingerTestSupport
import XCTest

@testable import ScrumdingerApp

final class MeetingPageOvertimeTests: XCTestCase {
  func testLetTheSpeakerFinishShowsTheOverrunAndTheMeetingsOvertime() {
    MainActor.assumeIsolated {
      let clock = ManualClock()
      var pair = DailyScrum(title: "Pair", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 1)
      pair.overtime = .letFinish
      withRunningApp(dependencies: recordingDependencies(clock: clock)) { app in
        let window = app.mainWindow!
        openDetailPage(of: pair, in: app).startButton.click()
        let meeting = window.meeting!
        let page = meeting.page
        clock.advance(by: .seconds(42))
        meeting.session.tick()
        XCTAssertEqual(page.warning.label.text, "Ana is over by 0:12")
        XCTAssertEqual(page.warning.spokenName, "Ana is over by 12 seconds", "screen readers get words")
        XCTAssertTrue(page.ring.showsOverrun)
        XCTAssertEqual(page.speakerLabel.text, "Speaker 1 of 2", "the turn did not move on by itself")
        page.nextButton.click()
        XCTAssertEqual(page.speakerLabel.text, "Last Speaker")
        XCTAssertFalse(page.ring.showsOverrun)
        clock.advance(by: .seconds(33))  // 42 + 33 = 75 s: 15 s past the meeting's length
        meeting.session.tick()
        XCTAssertEqual(page.remaining.label.text, "0:15 over")
        XCTAssertEqual(page.warning.label.text, "Ben is over by 0:03")
        page.nextButton.click()
        XCTAssertNotNil(meeting.page.endQuestion.dialog, "the last speaker's Next asks to end")
        meeting.page.endQuestion.dialog?.respond("save")
        XCTAssertEqual(app.state.scrum(pair.id)?.history.first?.durationSeconds, 75)
      }
    }
  }

  func testTheEditorSavesTheOvertimeRule() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let confirmed = edit(oneMinuteStandup, in: app) { sheet in
          XCTAssertEqual(
            sheet.overtimeChoices.map { $0.1.accessibleName }, ["Move to the next speaker", "Let the speaker finish"])
          XCTAssertEqual(sheet.overtimeChoices.filter { $0.1.isActive }.map(\.0), [.moveOn])
          sheet.overtimeChoices[1].1.isActive = true
        }
        XCTAssertEqual(confirmed?.overtime, .letFinish)
      }
    }
  }
}
