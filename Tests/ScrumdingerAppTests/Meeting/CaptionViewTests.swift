import Foundation
import GtkShim
import GtkTestSupport
import Platform
import XCTest

@testable import ScrumdingerApp
@testable import ScrumdingerCore

/// Live captions on the meeting page (under the ring, two lines), in the compact strip (one)
/// and on the presentation (two, at the bottom), shown and hidden by the captions key; "●
/// Captions" in every view and the title.
final class CaptionViewTests: XCTestCase {
  /// Ana's turn said and final; Ben's under way, its last words still changing.
  @MainActor static func twoTurns() -> CaptionBoard {
    var board = CaptionBoard()
    board.heard(" Nothing new from me.", final: true, to: 2_000, at: .seconds(2))
    board.turnBegan(1, at: 3_000)
    board.heard(" I fixed the", final: true, to: 4_000, at: .seconds(4))
    board.heard(" build yesterday", final: false, to: 4_000, at: .seconds(4))
    return board
  }

  func testCaptionsShowUnderTheRingAndInTheStripAndTheKeyHidesThem() {
    MainActor.assumeIsolated {
      withMeeting(of: oneMinuteStandup, size: (1280, 720)) { app, window, meeting, _ in
        let recorder = app.dependencies.recorder
        let view = meeting.page.captionView
        XCTAssertFalse(view.root.isVisible, "no captions: nothing shown")
        recorder.captions.value = Self.twoTurns()
        XCTAssertEqual(view.rows.map(\.text), ["Nothing new from me.", "I fixed the build yesterday"])
        XCTAssertNil(view.rows[0].dimmedByteOffset, "a final line is not dimmed")
        XCTAssertEqual(view.rows[1].dimmedByteOffset, "I fixed the ".utf8.count, "the changing words are dimmed")
        XCTAssertEqual(
          meeting.page.compact.captions.rows.map(\.text), ["I fixed the build yesterday"], "the newest line")
        picture(window, "captions-meeting.png")
        let ring = frame(of: meeting.page.ring.root, in: window)
        let captions = frame(of: view.root, in: window)
        XCTAssertGreaterThanOrEqual(captions.y, ring.y + ring.height - 0.5, "under the ring")
        assertInside(view.root, "the captions", window: window, width: 1280, height: 720)
        XCTAssertGreaterThanOrEqual(view.rows[1].pixelSize, 32, "read across a room at 1280×720")
        XCTAssertEqual(meeting.page.recordingIndicator.label.text, "Captions")
        XCTAssertTrue(meeting.page.recordingIndicator.root.isVisible)
        XCTAssertEqual(window.window.title, "● Captions — Standup — Meeting")

        XCTAssertTrue(window.window.activateAction(Command.meeting(.captions).detailedName))
        XCTAssertFalse(view.root.isVisible, "the key hides them")
        XCTAssertFalse(meeting.page.compact.captions.root.isVisible)
        XCTAssertTrue(meeting.page.recordingIndicator.root.isVisible, "the microphone is still on, and says so")
        XCTAssertTrue(window.window.activateAction(Command.meeting(.captions).detailedName))
        XCTAssertTrue(view.root.isVisible, "and shows them again")

        var stopped = Self.twoTurns()
        _ = stopped.stop(because: Texts.captionsTooSlow)
        recorder.captions.value = stopped
        XCTAssertFalse(view.root.isVisible, "stopped captions go")
        XCTAssertEqual(window.window.title, "Standup — Meeting", "and the microphone with them")
      }
    }
  }

  func testThePresentationShowsTwoLinesAtTheBottomSizedToItsMonitor() {
    MainActor.assumeIsolated {
      withMeeting(of: oneMinuteStandup) { app, _, meeting, _ in
        let listening = MeetingListening(app.dependencies.recorder)
        let face = PresentationFace(
          scrum: oneMinuteStandup, session: meeting.session, listening: listening, now: Date.init,
          twelveHour: false)
        face.fit(height: 1080)
        app.dependencies.recorder.captions.value = Self.twoTurns()
        XCTAssertEqual(face.captions.rows.map(\.text), ["Nothing new from me.", "I fixed the build yesterday"])
        XCTAssertGreaterThanOrEqual(face.captions.rows[0].pixelSize, 48, "a twentieth of the monitor's height or so")
        XCTAssertEqual(face.recordingIndicator.label.text, "Captions")
        // As the room sees it (a window of the presentation's size here, not a second monitor).
        let shown = ApplicationWindow(application: app.application)
        shown.setDefaultSize(width: 1280, height: 720)
        shown.content = face.root
        shown.present()
        face.fit(height: 720)
        XCTAssertTrue(paintedPNG(shown, to: "Tests/output/captions-presentation.png"))
        listening.captionsShown.value = false
        XCTAssertFalse(face.captions.root.isVisible)
        shown.close()
      }
    }
  }

  func testTheCompactStripKeepsItsSizeWithTheCaptionsNewestLine() {
    MainActor.assumeIsolated {
      withMeeting(of: oneMinuteStandup, size: (720, 760)) { app, window, meeting, _ in
        app.dependencies.recorder.captions.value = Self.twoTurns()
        XCTAssertTrue(window.window.activateAction(Command.meeting(.compactView).detailedName))
        _ = spin(until: { window.window.allocatedSize.width <= 320 && window.window.allocatedSize.height <= 120 })
        let (width, height) = window.window.allocatedSize
        XCTAssertLessThanOrEqual(width, 320, "the strip is too wide")
        XCTAssertLessThanOrEqual(height, 120, "the strip is too tall")
        let line = meeting.page.compact.captions.rows[0]
        XCTAssertEqual(line.text, "I fixed the build yesterday")
        assertInside(line, "the captions' line", window: window, width: width, height: height)
        picture(window, "captions-compact.png")
      }
    }
  }

  /// A board with one line per text, in turns, each final.
  @MainActor static func lines(_ texts: [String]) -> CaptionBoard {
    var board = CaptionBoard()
    for (turn, text) in texts.enumerated() {
      if turn > 0 { board.turnBegan(turn, at: turn * 10_000) }
      board.heard(text, final: true, to: turn * 10_000 + 5_000, at: .seconds(turn * 10 + 5))
    }
    return board
  }

  /// A line too long for a window 720 px wide gives up whole words at its start, in English,
  /// German and Chinese (where a character is a word); Arabic and Hebrew read from the right.
  func testALongLineGivesUpWholeWordsAndEveryScriptReadsAsWritten() {
    let english =
      " The comparative and the superlative degree of comparison are formed by adding er and est"
      + " to the positive degree, which is the superlative degree of comparison only."
    let german =
      " Gestern habe ich die Anmeldeseite fertiggestellt und heute arbeite ich an der Datenbankmigration,"
      + " bis die Sicherung fertig ist."
    let chinese = "我昨天完成了登录页面，今天在做数据库迁移，等备份完成以后再继续测试新的接口。"
    MainActor.assumeIsolated {
      withMeeting(of: oneMinuteStandup, size: (720, 760)) { app, window, meeting, _ in
        let view = meeting.page.captionView
        for (name, text) in [("english", english), ("german", german), ("chinese", chinese)] {
          // As in a meeting: the captions' lines are laid out before the words come.
          app.dependencies.recorder.captions.value = Self.lines([" Hello."])
          spinUntilPainted(window.window)
          app.dependencies.recorder.captions.value = Self.lines([text])
          let shown = view.rows[1].text
          XCTAssertTrue(shown.hasPrefix("… "), "\(name): cut at its start: \(shown)")
          let rest = String(shown.dropFirst(2))
          XCTAssertTrue(text.trimmed.hasSuffix(rest), "\(name): its end kept: \(shown)")
          let cut = text.trimmed.dropLast(rest.count)
          XCTAssertTrue(
            cut.last?.isWhitespace == true || cut.last?.isWrittenWithoutSpaces == true,
            "\(name): a word given up whole, never part of one: \(shown)")
          XCTAssertFalse(view.rows[1].isEllipsized, "\(name): it fits")
          picture(window, "captions-\(name).png")
        }
        app.dependencies.recorder.captions.value = Self.lines([
          " لقد نقلنا قاعدة البيانات أمس.", " עדכנו את מסד הנתונים.",
        ])
        spinUntilPainted(window.window)
        XCTAssertEqual(view.rows.map(\.text), ["لقد نقلنا قاعدة البيانات أمس.", "עדכנו את מסד הנתונים."])
        for row in view.rows {
          XCTAssertTrue(row.readsRightToLeft, "read from the right: \(row.text)")
        }
        XCTAssertTrue(window.window.labelsMissingGlyphs.isEmpty, "\(window.window.labelsMissingGlyphs)")
        picture(window, "captions-rtl.png")
      }
    }
  }
}
