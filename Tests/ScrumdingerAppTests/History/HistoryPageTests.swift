import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

private let meeting = History(
  date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["Ana", "Ben"], durationSeconds: 130,
  speakers: [
    SpeakerTime(name: "Ana", seconds: 65, shareSeconds: 60), SpeakerTime(name: "Ben", seconds: 65, shareSeconds: 60),
  ],
  notes: [
    MeetingNote(speaker: "Ana", text: "blocked on the review", atSeconds: 12),
    MeetingNote(speaker: "Ben", text: "demo Friday", atSeconds: 70),
  ],
  transcript: [
    TranscriptSegment(startMilliseconds: 0, endMilliseconds: 4_000, text: " Yesterday I fixed the build."),
    TranscriptSegment(startMilliseconds: 66_000, endMilliseconds: 71_000, text: " The demo is on Friday."),
  ])
private let team = DailyScrum(
  title: "Team", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 2, history: [meeting])

final class HistoryPageTests: XCTestCase {
  func testAPastMeetingShowsItsNotesAndItsTranscriptBySpeaker() {
    let store = temporaryStore()
    MainActor.assumeIsolated {
      do { try saveKeepingTranscripts([team], in: store) } catch { XCTFail("\(error)") }
      withRunningApp(store: store, dependencies: recordingDependencies()) { app in
        let window = app.mainWindow!
        resize(window, width: 360, height: 640)
        app.state.navigation.value = .history(scrumID: team.id, historyID: meeting.id)
        _ = spin(until: { window.pages.history?.record.noteRows.isEmpty == false })
        let record = window.pages.history!.record
        XCTAssertEqual(record.noteRows.map(\.row.text), ["blocked on the review", "demo Friday"])
        XCTAssertEqual(record.noteRows.map(\.row.accessibleName), ["Ana · 0:12", "Ben · 1:10"])
        XCTAssertEqual(record.passages.map(\.passage.heading), ["Ana (0:00–1:05)", "Ben (1:05–2:10)"])
        XCTAssertEqual(record.passages.map(\.passage.text), ["Yesterday I fixed the build.", "The demo is on Friday."])
        assertFits(window.pages.history!.root, "history page with notes and transcript", in: window)
        window.window.writePNG(to: "Tests/output/transcript-360x640.png")

        record.filter("friday")
        XCTAssertEqual(record.passages.map(\.box.isVisible), [false, true])
        XCTAssertFalse(record.noMatch.isVisible)
        record.filter("FRÏDAY demo")
        XCTAssertEqual(record.passages.map(\.box.isVisible), [false, true], "every word, case and accents ignored")
        record.filter("standup")
        XCTAssertTrue(record.noMatch.isVisible, "says nothing matches")
        record.filter("")
        XCTAssertEqual(record.passages.map(\.box.isVisible), [true, true])

        // Notes stay editable after the meeting: Enter keeps the change, saved in the scrum.
        record.noteRows[1].row.text = "demo moved to Monday"
        record.noteRows[1].row.activate()
        XCTAssertEqual(
          app.state.scrum(team.id)?.history[0].notes.map(\.text), ["blocked on the review", "demo moved to Monday"])
      }
    }
  }

  /// A meeting recorded on another computer, synced here: its figures and notes, and where
  /// its audio and transcript are (nothing of them here, and nothing to play).
  func testAMeetingRecordedElsewhereSaysSoAndHasNothingToPlay() {
    var elsewhere = meeting
    elsewhere.id = UUID()
    elsewhere.transcript = []
    elsewhere.recorded = true
    let synced = DailyScrum(
      title: "Team", attendees: team.attendees, lengthInMinutes: 2, history: [elsewhere, meeting])
    let store = temporaryStore()
    MainActor.assumeIsolated {
      do { try store.save([synced]) } catch { XCTFail("\(error)") }
      withRunningApp(store: store, dependencies: recordingDependencies()) { app in
        let window = app.mainWindow!
        app.state.navigation.value = .history(scrumID: synced.id, historyID: elsewhere.id)
        _ = spin(until: { window.pages.history?.record.recordedElsewhereRow != nil })
        let record = window.pages.history!.record
        XCTAssertEqual(record.recordedElsewhereRow?.title, "Recorded on another computer")
        XCTAssertEqual(record.recordedElsewhereRow?.isMapped, true, "on the page")
        XCTAssertNil(record.recordingGroup, "nothing to play")
        XCTAssertEqual(record.noteRows.map(\.row.text), ["blocked on the review", "demo Friday"])
        // A meeting recorded nowhere says nothing of it.
        app.state.navigation.value = .history(scrumID: synced.id, historyID: meeting.id)
        _ = spin(until: { window.pages.history.map { $0.record.recordedElsewhereRow == nil } == true })
        XCTAssertNil(window.pages.history!.record.recordedElsewhereRow)
      }
    }
  }

  func testCopySummaryPutsTheMeetingOnTheClipboardAsMarkdown() {
    let store = temporaryStore()
    MainActor.assumeIsolated {
      do { try saveKeepingTranscripts([team], in: store) } catch { XCTFail("\(error)") }
      withRunningApp(store: store, dependencies: recordingDependencies()) { app in
        let window = app.mainWindow!
        app.state.navigation.value = .history(scrumID: team.id, historyID: meeting.id)
        _ = spin(until: { window.pages.history != nil })
        let page = window.pages.history!
        XCTAssertEqual(page.copyButton.accessibleName, "Copy Summary")
        @MainActor func paste(after button: Button) -> String? {
          button.click()
          var pasted: String?
          window.window.readClipboard { pasted = $0 }
          _ = spin(until: { pasted != nil })
          return pasted
        }
        let plain = paste(after: page.copyButton)
        XCTAssertEqual(plain, HistoryExport.summary(of: meeting, in: team))
        XCTAssertFalse(plain?.contains("The demo is on Friday") == true, "the transcript is sent on only when asked")
        XCTAssertTrue(page.copyWithTranscriptButton.isVisible)
        XCTAssertEqual(page.copyWithTranscriptButton.accessibleName, "Copy Summary with Transcript")
        let full = paste(after: page.copyWithTranscriptButton)
        XCTAssertEqual(full, HistoryExport.summary(of: meeting, in: team, transcript: true))
        XCTAssertTrue(full?.contains("**Ben (1:05–2:10)** The demo is on Friday.") == true)
      }
    }
  }

  func testTheDetailPagesMenuOffersExportHistory() {
    let store = temporaryStore()
    MainActor.assumeIsolated {
      do { try saveKeepingTranscripts([team], in: store) } catch { XCTFail("\(error)") }
      withRunningApp(store: store, dependencies: recordingDependencies()) { app in
        let window = app.mainWindow!
        app.state.navigation.value = .detail(scrumID: team.id)
        _ = spin(until: { window.history.actions[.exportHistory]!.isEnabled })
        XCTAssertTrue(window.history.actions[.exportHistory]!.isEnabled)
        app.state.navigation.value = .list
        _ = spin(until: { !window.history.actions[.exportHistory]!.isEnabled })
        XCTAssertFalse(window.history.actions[.exportHistory]!.isEnabled, "no scrum, nothing to export")
      }
    }
  }
}
