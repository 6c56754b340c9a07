import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

/// Searching what was said: on a scrum's page (Ctrl+F) through its meetings, from the list
/// through every scrum's; each result opens its meeting's page at the sentence.
final class MeetingResultsViewTests: XCTestCase {
  let standup: DailyScrum = {
    func meeting(_ daysAgo: Double, _ said: [(Int, String)]) -> History {
      History(
        date: Date(timeIntervalSince1970: 1_795_000_000 - daysAgo * 86_400), attendees: ["Ana", "Ben"],
        durationSeconds: 120,
        speakers: [
          SpeakerTime(name: "Ana", seconds: 60, shareSeconds: 60),
          SpeakerTime(name: "Ben", seconds: 60, shareSeconds: 60),
        ],
        transcript: said.map {
          TranscriptSegment(startMilliseconds: $0.0 * 1000, endMilliseconds: $0.0 * 1000 + 4_000, text: $0.1)
        })
    }
    var fillers = (0..<40).map { (2 + $0 * 2, " Nothing to report on item \($0).") }
    fillers.append((95, " Ben thinks we should drop the migration now."))
    return DailyScrum(
      title: "Standup", attendees: ["Ana", "Ben"].map { Attendee(name: $0) },
      history: [meeting(8, [(5, " We keep the migration.")]), meeting(1, fillers)])
  }()

  func testTypingOnAScrumsPageListsTheSentencesWithTheWordsInBoldAndOpensTheMeetingThere() {
    let standup = self.standup
    MainActor.assumeIsolated {
      withRunningApp { app in
        let window = app.mainWindow!
        let page = openDetailPage(of: standup, in: app)
        XCTAssertTrue(window.window.activateAction(Command.window(.search).detailedName), "Ctrl+F on a scrum's page")
        XCTAssertTrue(page.searchBar.isOpen)
        page.searchEntry.text = "MIGRATION drop"
        _ = spin(until: { !page.results.rows.isEmpty })  // after the entry's search delay
        XCTAssertEqual(
          page.results.rows.map(\.match.text), ["Ben thinks we should drop the migration now."],
          "every word, any order, any case")
        let found = page.results.rows[0]
        XCTAssertEqual(found.sentence.boldByteRanges, [21..<25, 30..<39], "drop, migration")
        let when = Texts.meetingDate(standup.history[1].date)
        XCTAssertEqual(found.row.accessibleName, "Ben, \(when), 1:35: Ben thinks we should drop the migration now.")
        found.row.activate()
        _ = spin(until: {
          guard let record = window.pages.history?.record, let scroller = window.pages.history?.scroller,
            let row = record.sentences.first(where: { $0.segment.startMilliseconds == 95_000 })?.row
          else { return false }
          return row.hasFocus && scroller.shows(row)
        })
        XCTAssertEqual(app.state.navigation.value, .history(scrumID: standup.id, historyID: standup.history[1].id))
        let history = window.pages.history!
        let sentence = history.record.sentences.first { $0.segment.startMilliseconds == 95_000 }!.row
        XCTAssertTrue(sentence.hasFocus, "the page opens at the sentence")
        XCTAssertTrue(history.scroller.shows(sentence), "scrolled to it")
      }
    }
  }

  func testTheListsSearchAlsoFindsWhatWasSaidInEveryScrum() {
    let standup = self.standup
    MainActor.assumeIsolated {
      withRunningApp { app in
        let list = app.mainWindow!.pages.list
        app.state.scrums.value = [standup, DailyScrum(title: "Design")]
        list.search(["keep migration"])
        _ = spin(until: { list.meetingResults.group.isMapped })
        XCTAssertTrue(list.cards.isEmpty, "no title holds those words")
        XCTAssertEqual(list.meetingResults.rows.map(\.match.text), ["We keep the migration."])
        XCTAssertTrue(list.meetingResults.group.isMapped, "shown under the cards")
        list.search(["design"])
        _ = spin(until: { list.cards.count == 1 })
        XCTAssertEqual(list.cards.count, 1)
        XCTAssertFalse(list.meetingResults.group.isVisible, "nothing said holds it")
      }
    }
  }
}
