import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

/// Real speech: whisper.cpp's samples/jfk.wav ("And so my fellow Americans, ask not what your
/// country can do for you, …", 11 s, public domain), kept by scripts/whisper/prepare.sh.
let speechSample = ".build/whisper/samples/jfk.wav"

/// Records `speech` (a WAV file) as the app records a meeting (Ogg Opus) into `store`'s
/// recordings, as meeting `historyID`'s; returns the recording's path.
@MainActor @discardableResult func recordSpeech(
  of historyID: UUID, in store: ScrumStore, speech: String = speechSample, file: StaticString = #filePath,
  line: UInt = #line
) -> String {
  XCTAssertTrue(FileManager.default.fileExists(atPath: speech), "make speech keeps \(speech)", file: file, line: line)
  let folder = store.directory + "/recordings"
  XCTAssertNoThrow(try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true))
  let capture = MicrophoneCapture(source: "filesrc location=\(speech) ! wavparse")
  let path = folder + "/\(historyID.uuidString).ogg"
  XCTAssertNoThrow(try capture.start(to: path, samples: nil), file: file, line: line)
  // The file source ends the stream by itself, within a second (more on a busy machine): the
  // position stops moving once it has (half a second still), or after 20 s.
  let deadline = ContinuousClock.now + .seconds(20)
  var last = capture.position
  var stillSince = ContinuousClock.now
  while ContinuousClock.now - stillSince < .milliseconds(500), ContinuousClock.now < deadline {
    spin(.milliseconds(50))
    if capture.position != last { (last, stillSince) = (capture.position, ContinuousClock.now) }
  }
  var complete = false
  capture.finish { complete = true }
  XCTAssertTrue(complete, "the stream had ended by itself", file: file, line: line)
  XCTAssertTrue(FileManager.default.fileExists(atPath: path), file: file, line: line)
  return path
}

final class MeetingRecordViewTests: XCTestCase {
  /// A recorded meeting saved without a transcript (as if the app quit while transcribing):
  /// the next start transcribes it with whisper.cpp and its page shows what was said.
  func testARecordedMeetingIsTranscribedAtTheNextStartAndShownBySpeaker() throws {
    let entry = History(
      date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["Ana", "Ben"], durationSeconds: 60,
      speakers: [
        SpeakerTime(name: "Ana", seconds: 30, shareSeconds: 30),
        SpeakerTime(name: "Ben", seconds: 30, shareSeconds: 30),
      ])
    let scrum = DailyScrum(
      title: "Team", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 1, history: [entry])
    let store = temporaryStore()
    XCTAssertNoThrow(try store.save([scrum]))
    MainActor.assumeIsolated {
      recordSpeech(of: entry.id, in: store)
      withRunningApp(store: store, dependencies: recordingDependencies()) { app in
        let window = app.mainWindow!
        app.state.navigation.value = .history(scrumID: scrum.id, historyID: entry.id)
        _ = spin(until: { window.pages.history != nil })
        // The helper runs at idle priority: under make test-under-load the load rests meanwhile.
        withIdleMachine {
          let deadline = ContinuousClock.now + .seconds(60)
          while app.state.scrum(scrum.id)?.history[0].transcript.isEmpty != false, ContinuousClock.now < deadline {
            if let status = app.services.transcriber.statuses.value[entry.id], case .failed(let reason) = status {
              return XCTFail("transcription failed: \(reason)")
            }
            spin(.milliseconds(100))
          }
        }
        let transcript = app.state.scrum(scrum.id)?.history[0].transcript ?? []
        let words = transcript.map(\.text).joined().lowercased()
        XCTAssertTrue(words.contains("americans") && words.contains("country"), "heard: \(words)")
        _ = spin(until: { window.pages.history?.record.passages.isEmpty == false })
        let record = window.pages.history!.record
        XCTAssertEqual(record.passages.first?.passage.speaker, "Ana", "said in Ana's turn (0:00–0:30)")
        XCTAssertTrue(record.passages.first?.passage.heading == "Ana (0:00–0:30)")
        window.window.writePNG(to: "Tests/output/transcript-by-speaker.png")
      }
    }
  }

  /// Cut where the turn changed (between "…can do for you," and "ask what you can do…"),
  /// inside the segment whisper makes of the whole: the helper recognises it again in two
  /// pieces, so no segment runs across the cut and each side holds its own words.
  func testASegmentAcrossAChangeOfTurnIsRecognisedAgainInPieces() throws {
    try MainActor.assumeIsolated {
      let store = temporaryStore()
      let recording = recordSpeech(of: UUID(), in: store)
      let engine = WhisperEngine(modelsFolder: store.directory + "/models")  // the build tree's model
      var result: Result<[TranscriptSegment], CaptureFailure>?
      let task = engine.transcribe(recording, cuts: [7_800], progress: { _ in }) { result = $0 }
      withIdleMachine {  // the helper runs at nice 10: beside busy cores it gets a tenth of one
        _ = spin(until: { result != nil }, limit: .seconds(600))  // a hang's limit
      }
      _ = task
      let segments = try XCTUnwrap(result).get()
      XCTAssertFalse(segments.contains { $0.startMilliseconds < 7_800 && $0.endMilliseconds > 7_800 }, "\(segments)")
      let before = segments.filter { $0.endMilliseconds <= 7_800 }.map(\.text).joined().lowercased()
      let after = segments.filter { $0.startMilliseconds >= 7_800 }.map(\.text).joined().lowercased()
      XCTAssertTrue(before.contains("americans") && before.contains("do for you"), before)
      XCTAssertTrue(after.contains("your country") && !after.contains("americans"), after)
    }
  }

  /// The detail page's row of a meeting being transcribed says how far it is, and only that
  /// row changes.
  func testTheHistoryRowSaysHowFarTheTranscriptIs() {
    let entries = (0..<3).map { index in
      History(
        date: Date(timeIntervalSince1970: 1_795_000_000 + Double(index) * 86_400), attendees: ["Ana"],
        durationSeconds: 250)
    }
    let scrum = DailyScrum(title: "Team", attendees: [Attendee(name: "Ana")], history: entries)
    MainActor.assumeIsolated {
      withRunningApp(dependencies: recordingDependencies()) { app in
        let detail = openDetailPage(of: scrum, in: app)
        let statuses = app.services.transcriber.statuses
        statuses.value[entries[1].id] = .transcribing(percent: 40)
        let rows = detail.history.madeRows
        XCTAssertEqual(rows.first { $0.entryID == entries[1].id }?.row.subtitle, "4:10 · Transcribing… 40 %")
        XCTAssertEqual(rows.first { $0.entryID == entries[0].id }?.row.subtitle, "4:10")
        statuses.value[entries[1].id] = nil
        XCTAssertEqual(rows.first { $0.entryID == entries[1].id }?.row.subtitle, "4:10")
      }
    }
  }

  /// Without a speech model, a recorded meeting keeps its recording, says why it has no
  /// transcript, and its button leads to Preferences, where the model is downloaded.
  func testWithoutAModelTheMeetingSaysSoAndLeadsToTheDownload() {
    let entry = History(date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["Ana"], durationSeconds: 60)
    let scrum = DailyScrum(title: "Team", attendees: [Attendee(name: "Ana")], history: [entry])
    let store = temporaryStore()
    XCTAssertNoThrow(try store.save([scrum]))
    let recording = store.directory + "/recordings/\(entry.id.uuidString).ogg"
    XCTAssertNoThrow(
      try FileManager.default.createDirectory(
        atPath: store.directory + "/recordings", withIntermediateDirectories: true))
    XCTAssertTrue(FileManager.default.createFile(atPath: recording, contents: Data("OggS".utf8)))
    setenv("SCRUMDINGER_WHISPER_MODEL", "/nonexistent/ggml-none.bin", 1)
    defer { unsetenv("SCRUMDINGER_WHISPER_MODEL") }
    MainActor.assumeIsolated {
      withRunningApp(store: store, dependencies: recordingDependencies()) { app in
        let window = app.mainWindow!
        app.state.navigation.value = .history(scrumID: scrum.id, historyID: entry.id)
        _ = spin(until: { window.pages.history != nil })
        let record = window.pages.history!.record
        XCTAssertEqual(record.transcriptionRow.subtitle, "Not transcribed: no speech model")
        XCTAssertEqual(record.transcriptionButton.accessibleName, "Download…")
        XCTAssertTrue(FileManager.default.fileExists(atPath: recording), "nothing lost")
        record.transcriptionButton.click()
        _ = spin(until: { window.tools.preferences != nil })
        XCTAssertNotNil(window.tools.preferences, "Download… opens Preferences")
        XCTAssertTrue(window.tools.preferences?.modelRow.subtitle.hasPrefix("None") == true)
      }
    }
  }
}
