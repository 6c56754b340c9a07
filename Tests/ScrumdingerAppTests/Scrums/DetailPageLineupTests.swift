import Foundation
import GtkShim
import ScrumdingerCore
import ScrumdingerTestSupport
import XCTest

@testable import ScrumdingerApp

final class DetailPageLineupTests: XCTestCase {
  /// Unchecking "Ben is here" leaves him out of the next meeting only; the time is shared
  /// among those here; after the meeting everyone is checked again.
  func testWhoIsHereShapesTheNextMeetingOnly() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let window = app.mainWindow!
        let rows = openDetailPage(of: oneMinuteStandup, in: app).attendees.madeRows
        XCTAssertEqual(rows.map(\.row.title), ["Ana", "Ben", "Cy"])
        XCTAssertTrue(rows.allSatisfy(\.here.isChecked), "everyone is here by default")
        let ben = rows[1]
        ben.here.isChecked = false
        ben.onChange?(threeAttendees[1].id, false)  // as the user's click reports it
        window.pages.detail!.startButton.click()
        let meeting = window.meeting!
        XCTAssertEqual(meeting.session.timer.schedule.turns.map(\.name), ["Ana", "Cy"])
        XCTAssertEqual(meeting.session.timer.schedule.turns.map(\.seconds), [30, 30])
        XCTAssertEqual(meeting.page.speakerLabel.text, "Speaker 1 of 2")
        XCTAssertEqual(meeting.page.nextLabel.text, "Next: Cy")
        meeting.perform(.nextSpeaker)
        XCTAssertEqual(meeting.page.nextLabel.text, "", "nothing after the last speaker")
        XCTAssertFalse(meeting.page.nextLabel.isVisible)
        meeting.session.end(save: true)
        XCTAssertEqual(app.state.scrum(oneMinuteStandup.id)?.attendees, threeAttendees, "the team was edited")
        XCTAssertEqual(app.state.scrum(oneMinuteStandup.id)?.history.first?.attendees, ["Ana", "Cy"])
        XCTAssertTrue(window.pages.detail!.attendees.madeRows.allSatisfy(\.here.isChecked), "checks not reset")
      }
    }
  }

  func testNobodyHereGreysStartMeetingAndSaysWhy() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let window = app.mainWindow!
        let detail = openDetailPage(of: oneMinuteStandup, in: app)
        XCTAssertFalse(detail.nobodyHereLabel.isVisible)
        for person in threeAttendees {
          window.model.detail.setPresent(false, attendee: person.id, in: oneMinuteStandup.id)
        }
        XCTAssertFalse(detail.startButton.isSensitive)
        XCTAssertTrue(detail.nobodyHereLabel.isMapped, "no reason shown")
        XCTAssertFalse(detail.attendees.madeRows.contains { $0.here.isChecked })
        XCTAssertEqual(
          detail.attendees.madeRows.map { $0.here.accessibleName }, ["Ana is here", "Ben is here", "Cy is here"])
        window.model.detail.setPresent(true, attendee: threeAttendees[0].id, in: oneMinuteStandup.id)
        XCTAssertTrue(detail.startButton.isSensitive)
        XCTAssertFalse(detail.nobodyHereLabel.isVisible)
      }
    }
  }

  func testShuffleReordersTodayAndTheMeetingFollows() {
    MainActor.assumeIsolated {
      let six = (1...6).map { Attendee(name: "P\($0)") }
      let scrum = DailyScrum(title: "Six", attendees: six, lengthInMinutes: 1)
      withRunningApp { app in
        let window = app.mainWindow!
        let detail = openDetailPage(of: scrum, in: app)
        var order = detail.attendees.madeRows.sorted { $0.row.title < $1.row.title }.map(\.row.title)
        for _ in 0..<5 where order == six.map(\.name) {
          detail.shuffleButton.click()
          order = window.model.detail.lineup(for: scrum).attendees(of: scrum).map(\.name)
        }
        XCTAssertNotEqual(order, six.map(\.name), "five shuffles kept the team's order")
        XCTAssertEqual(
          detail.attendees.items, window.model.detail.lineup(for: scrum).order, "the page shows another order")
        detail.startButton.click()
        XCTAssertEqual(window.meeting?.session.timer.schedule.turns.map(\.name), order)
        window.meeting?.session.end(save: false)
      }
    }
  }

  func testTheEditorSavesTheShuffleSetting() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let confirmed = edit(oneMinuteStandup, in: app) { sheet in
          XCTAssertFalse(sheet.shuffleSwitch.isOn)
          sheet.shuffleSwitch.isOn = true
        }
        XCTAssertEqual(confirmed?.shuffleSpeakingOrder, true)
      }
    }
  }
}
