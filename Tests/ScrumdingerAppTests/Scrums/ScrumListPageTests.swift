import Foundation
import GtkShim
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

/// A scrum met daily for `meetings` days.
func scrumWithHistory(_ meetings: Int, title: String = "Daily") -> DailyScrum {
  let start = Date(timeIntervalSince1970: 1_600_000_000)
  let history = (0..<meetings).map {
    History(
      date: start.addingTimeInterval(Double($0) * 86_400), attendees: ["Ana", "Ben"], durationSeconds: 300 + $0 % 60)
  }
  return DailyScrum(title: title, attendees: [Attendee(name: "Ana"), Attendee(name: "Ben")], history: history)
}

final class ScrumListPageTests: XCTestCase {
  func testRenamingOneScrumOfAHundredRebuildsOneCard() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let page = app.mainWindow!.pages.list
        app.state.scrums.value = (1...100).map { DailyScrum(title: "Scrum \($0)") }
        XCTAssertEqual(page.cardBuilds, 100)
        let rows = page.cards.map(\.row)
        app.mainWindow!.model.list.upsert(
          {
            var s = app.state.scrums.value[41]
            s.title = "Renamed"
            return s
          }())
        XCTAssertEqual(page.cardBuilds, 101, "renaming one scrum rebuilt more than its card")
        XCTAssertEqual(page.cards[41].titleLabel.text, "Renamed")
        XCTAssertEqual(page.list.children.count, 100)
        for index in rows.indices where index != 41 { XCTAssertTrue(page.cards[index].row === rows[index]) }
        // A new meeting in one scrum's history changes no card at all.
        app.state.scrums.update { $0[7].history.append(History(attendees: [], durationSeconds: 5)) }
        XCTAssertEqual(page.cardBuilds, 101)
        // Deleting and undoing moves only that card.
        let deletion = app.mainWindow!.model.undo.deleteScrum(app.state.scrums.value[3].id)!
        XCTAssertEqual(page.list.children.count, 99)
        app.mainWindow!.model.undo.undo(deletion)
        XCTAssertEqual(page.cards.map(\.titleLabel.text), app.state.scrums.value.map(\.title))
        XCTAssertTrue(page.list.children.elementsEqual(page.cards.map(\.row), by: ===))
        XCTAssertEqual(page.cardBuilds, 102, "undo built more than the one card it put back")
      }
    }
  }

  func testTenThousandPastMeetingsMakeOnlyAScreenOfRows() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let scrum = scrumWithHistory(10_000)
        let detail = openDetailPage(of: scrum, in: app)
        XCTAssertEqual(detail.history.items.count, 10_000)
        XCTAssertEqual(detail.history.items.first, scrum.history.last!.id, "newest first")
        let made = detail.history.madeRows.count
        XCTAssertGreaterThan(made, 0)
        XCTAssertLessThan(made, 15, "\(made) rows made for 10,000 meetings in a list 420 px high")
        let newest = detail.history.madeRows.first { $0.entryID == scrum.history.last!.id }
        XCTAssertEqual(newest?.row.subtitle, Texts.minutesAndSeconds(scrum.history.last!.durationSeconds))
        // Down, row after row, walks into meetings far below the first screen.
        XCTAssertTrue(newest!.showButton.grabFocus())
        for _ in 0..<30 { XCTAssertTrue(detail.history.moveFocus(by: 1)) }
        let focused = detail.history.madeRows.first { $0.row.hasFocus || $0.showButton.hasFocus }
        XCTAssertEqual(
          focused?.entryID, scrum.history[scrum.history.count - 31].id, "Down did not reach the 31st meeting")
        XCTAssertLessThan(detail.history.madeRows.count, 15, "scrolling made more rows")
      }
    }
  }

  func testTenThousandAttendeesMakeOnlyAScreenOfRows() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let people = (0..<10_000).map { Attendee(name: "Person \($0)") }
        let detail = openDetailPage(of: DailyScrum(title: "Town hall", attendees: people), in: app)
        XCTAssertEqual(detail.attendees.items.count, 10_000)
        XCTAssertLessThan(detail.attendees.madeRows.count, 20)
        XCTAssertEqual(detail.attendees.madeRows.map(\.row.title).sorted().first, "Person 0")
      }
    }
  }

  func testANewMeetingInsertsOneRowAndKeepsTheDetailPage() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let window = app.mainWindow!
        let scrum = scrumWithHistory(3)
        app.state.scrums.value = [scrum]
        app.state.navigation.value = .detail(scrumID: scrum.id)
        let detail = window.pages.detail!
        let entry = History(attendees: ["Ana"], durationSeconds: 61)
        app.state.scrums.update { $0[0].history.append(entry) }
        XCTAssertTrue(window.pages.detail === detail, "the detail page was rebuilt")
        XCTAssertEqual(detail.history.items, ([entry] + scrum.history.reversed()).map(\.id))
        app.state.scrums.update { $0[0].title = "Renamed" }
        XCTAssertTrue(window.pages.detail === detail)
        XCTAssertEqual(detail.header.title, "Renamed")
      }
    }
  }
}
