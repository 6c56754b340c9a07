import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import ScrumdingerTestSupport
import XCTest

@testable import ScrumdingerApp

private let entry = History(
  attendees: ["Ana", "Cy"], durationSeconds: 95,
  speakers: [
    SpeakerTime(name: "Ana", seconds: 65, shareSeconds: 60), SpeakerTime(name: "Cy", seconds: 30, shareSeconds: 60),
  ],
  absent: ["Ben"])

final class SpeakerChartTests: XCTestCase {
  func testTheHistoryPageChartsWhoSpokeHowLongInWords() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let scrum = DailyScrum(title: "Standup", attendees: threeAttendees, lengthInMinutes: 2, history: [entry])
        openDetailPage(of: scrum, in: app)
        app.state.navigation.value = .history(scrumID: scrum.id, historyID: entry.id)
        let page = app.mainWindow!.pages.history!
        XCTAssertEqual(page.chart?.bars.map(\.accessibleName), ["Ana spoke 1:05 of 1:00", "Cy spoke 0:30 of 1:00"])
        try? FileManager.default.createDirectory(atPath: "Tests/output", withIntermediateDirectories: true)
        for (index, bar) in page.chart!.bars.enumerated() {
          let path = "Tests/output/speaker-bar-\(index).png"
          XCTAssertTrue(paintedPNG(bar, to: path), "the bar is not on screen")
          XCTAssertGreaterThan(paintedPixelCount(path) ?? 0, 0, "the bar \(bar.accessibleName ?? "") shows nothing")
        }
      }
    }
  }

  func testTheDetailPageSumsUpTheLastMeetings() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let scrum = DailyScrum(
          title: "Standup", attendees: threeAttendees, lengthInMinutes: 2, history: [entry, entry])
        let detail = openDetailPage(of: scrum, in: app)
        XCTAssertTrue(detail.statisticsGroup.isMapped)
        XCTAssertEqual(detail.averageLabel.text, "1:35 of 2:00")
        XCTAssertEqual(detail.averageLabel.accessibleName, "1 minute 35 seconds of 2 minutes")
        XCTAssertEqual(detail.onTimeLabel.text, "2 of 2")
        XCTAssertEqual(
          detail.lengthsChart?.area.accessibleName, "Lengths of the last 2 meetings against the planned 2:00")
        app.state.scrums.update { $0[0].history.append(History(attendees: [], durationSeconds: 150)) }
        XCTAssertEqual(detail.onTimeLabel.text, "2 of 3", "a new meeting updates the figures")
      }
    }
  }
}
