import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

private let recorded = DailyScrum(
  title: "Recorded", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 1)

final class MicrophoneCaptureTests: XCTestCase {
  /// A real GStreamer recording (a test tone as the microphone): "Recording" shows the whole
  /// meeting, the saved meeting keeps an Ogg Opus file named after it, its page plays it and
  /// deletes it.
  func testARecordedMeetingSaysSoKeepsItsAudioAndItsPagePlaysAndDeletesIt() throws {
    let store = temporaryStore()
    XCTAssertNoThrow(try store.save([recorded]))
    MainActor.assumeIsolated {
      withRunningApp(store: store, dependencies: recordingDependencies(recording: [recorded.id])) { app in
        let window = app.mainWindow!
        app.state.navigation.value = .detail(scrumID: recorded.id)
        window.pages.detail!.startButton.click()
        let meeting = window.meeting!
        XCTAssertTrue(meeting.page.recordingIndicator.root.isVisible)
        XCTAssertEqual(meeting.page.recordingIndicator.label.text, "Recording")
        _ = spin(until: { meeting.page.recordingIndicator.root.isMapped })
        XCTAssertTrue(meeting.page.recordingIndicator.root.isMapped, "on screen")
        picture(window, "recording-indicator.png")  // once the page has crossfaded in
        spin(.milliseconds(200))  // deliberate, as each wait of this meeting: a first turn of sound
        window.window.activateAction(Command.meeting(.nextSpeaker).detailedName)
        window.window.activateAction(Command.meeting(.pause).detailedName)
        spin(.milliseconds(200))  // a pause
        XCTAssertTrue(meeting.page.recordingIndicator.root.isVisible, "still said while paused")
        window.window.activateAction(Command.meeting(.pause).detailedName)
        spin(.milliseconds(1200))  // the second turn
        let id = meeting.session.historyID
        let ran = meeting.session.timer.runningTime
        meeting.session.end(save: true)
        let recorder = app.dependencies.recorder
        XCTAssertFalse(recorder.isRecording.value)
        XCTAssertTrue(recorder.isFinishing, "the sound on its way still goes to the file")
        XCTAssertNil(recorder.recording(of: id), "not handed on half-written")
        // The file's end written out, then the last window heard by the live helper (at idle
        // priority: tens of seconds while both cores build); it is handed on after both. The
        // limit is the app's own for that last window (2 minutes) and more: only a hang reaches it.
        withIdleMachine {
          _ = spin(until: { !recorder.isFinishing }, limit: .seconds(150))
        }

        guard let file = recorder.recording(of: id) else { return XCTFail("no recording kept") }
        let end = oggEnd(FileManager.default.contents(atPath: file) ?? Data())
        XCTAssertTrue(end.isComplete, "the Ogg stream ends properly")
        XCTAssertGreaterThan(end.seconds, 1.4, "all 1.5 s the meeting ran, the last moments too")
        // Where Next was pressed, read on the recording's own clock: the file's timeline. The
        // recording began a moment after the meeting; from the change on, the two clocks
        // differ by that moment, to the end of the file (a pause in between).
        let cuts = recorder.cuts(of: id).cuts
        XCTAssertEqual(cuts.count, 1, "one change of turn")
        let offset = Double((cuts.first?.meetingMilliseconds ?? 0) - (cuts.first?.recordingMilliseconds ?? 0)) / 1000
        XCTAssertGreaterThanOrEqual(offset, 0, "the recording starts after the meeting")
        XCTAssertLessThan(offset, 1, "but not long after")
        let runningSeconds = Double(ran.components.seconds) + Double(ran.components.attoseconds) / 1e18
        XCTAssertEqual(end.seconds, runningSeconds - offset, accuracy: 0.2, "the file's end where its clock said")
        XCTAssertTrue(file.hasSuffix("/recordings/\(id.uuidString).ogg"))
        let mode = (try? FileManager.default.attributesOfItem(atPath: file))?[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600, "the recording is the user's alone, whatever the umask")
        let bytes = FileManager.default.contents(atPath: file) ?? Data()
        XCTAssertEqual(bytes.prefix(4), Data("OggS".utf8))
        XCTAssertNotNil(bytes.range(of: Data("OpusHead".utf8)), "Opus in Ogg")
        XCTAssertGreaterThan(bytes.count, 2_000, "about a second of sound")

        app.state.navigation.value = .history(scrumID: recorded.id, historyID: id)
        _ = spin(until: { window.pages.history != nil })
        let record = window.pages.history!.record
        XCTAssertNotNil(record.recordingGroup)
        record.playButton.click()
        XCTAssertEqual(record.playButton.accessibleName, "Pause Recording")
        spin(.milliseconds(600))  // deliberate: heard for a while
        record.playButton.click()
        XCTAssertEqual(record.playButton.accessibleName, "Play Recording")
        XCTAssertTrue(record.positionLabel.text.hasPrefix("0:0"), record.positionLabel.text)

        record.deleteRecordingButton.click()
        spin(.milliseconds(200))  // deliberate: a deletion nothing may follow
        XCTAssertNotNil(app.dependencies.recorder.recording(of: id), "it asks first")
      }
    }
  }

  func testRecordingIsOffUnlessTheEditorSwitchIsTurnedOn() {
    let plain = DailyScrum(title: "Plain", attendees: [Attendee(name: "Ana")])
    let store = temporaryStore()
    XCTAssertNoThrow(try store.save([plain]))
    MainActor.assumeIsolated {
      withRunningApp(store: store, dependencies: recordingDependencies()) { app in
        let page = openDetailPage(of: plain, in: app)
        XCTAssertTrue(app.mainWindow!.window.activateAction(Command.window(.edit).detailedName))
        guard let sheet = app.mainWindow!.editing.sheet else { return XCTFail("no editor") }
        XCTAssertEqual(sheet.recordSwitch.accessibleName, "Record and transcribe meetings")
        XCTAssertFalse(sheet.recordSwitch.isOn, "off by default")
        sheet.recordSwitch.isOn = true
        sheet.confirmButton.click()
        XCTAssertTrue(app.dependencies.recorder.consent.records(plain.id), "this computer's choice, saved")
        XCTAssertFalse(
          String(decoding: ScrumFile.encode(app.state.scrums.value), as: UTF8.self).contains("record"),
          "and not in the team's file")
        page.startButton.click()
        XCTAssertTrue(app.mainWindow!.meeting!.page.recordingIndicator.root.isVisible)
        app.mainWindow!.meeting!.session.end(save: false)
      }
    }
  }
}
