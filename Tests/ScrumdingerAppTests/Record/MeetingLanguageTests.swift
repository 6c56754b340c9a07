import Foundation
import GtkShim
import GtkTestSupport
import Platform
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

/// A scrum held in German, as the app hears it with the models `make speech` prepares (the
/// build tree's, found where the app finds them): transcribed in German, never in English, and
/// found by search; and where only an English model is there, not transcribed, with the reason.
final class MeetingLanguageTests: XCTestCase {
  /// What the German speaker says (espeak-ng's German voice).
  private static let german =
    "Guten Morgen zusammen. Gestern habe ich die Anmeldeseite fertiggestellt. "
    + "Heute arbeite ich an der Datenbank. Ich bin nicht blockiert. Danke."

  /// The languages the app offers are the helper's own (whisper.cpp's list, but for "yue",
  /// which only large-v3 has a token for).
  func testTheAppOffersTheLanguagesTheHelperHears() throws {
    let helper = try XCTUnwrap(MainActor.assumeIsolated { ResourceLocator.speechHelper })
    let process = Process()
    process.executableURL = URL(fileURLWithPath: helper)
    process.arguments = ["--languages"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(text.split(separator: "\n").map(String.init), SpeechLanguage.all.map(\.code) + ["yue"])
  }

  /// A recorded meeting of a German scrum, its recording spoken by espeak-ng.
  @MainActor private static func germanMeeting() throws -> (ScrumStore, DailyScrum, History) {
    let wav = NSTemporaryDirectory() + "german-\(UUID()).wav"
    let speak = Process()
    speak.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
    speak.arguments = ["-v", "de", "-s", "150", "-w", wav, german]
    try speak.run()
    speak.waitUntilExit()
    XCTAssertEqual(speak.terminationStatus, 0, "make test installs espeak-ng")
    let entry = History(
      date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["Anna"], durationSeconds: 12,
      speakers: [SpeakerTime(name: "Anna", seconds: 12, shareSeconds: 12)])
    let scrum = DailyScrum(
      title: "Team", attendees: [Attendee(name: "Anna")], lengthInMinutes: 1, history: [entry], language: "de")
    let store = temporaryStore()
    XCTAssertNoThrow(try store.save([scrum]))
    recordSpeech(of: entry.id, in: store, speech: wav)
    return (store, scrum, entry)
  }

  @MainActor private static func transcription(of entry: History, in app: ScrumdingerApplication)
    -> TranscriptionStatus?
  {
    let statuses = app.services.transcriber.statuses
    withIdleMachine {
      _ = spin(
        until: {
          switch statuses.value[entry.id] {
          case .waiting?, .transcribing?: false
          default: true
          }
        }, limit: .seconds(600))  // a hang's limit: base at nice 10 beside busy cores takes a minute or more
    }
    return statuses.value[entry.id]
  }

  func testAGermanMeetingIsTranscribedInGermanAndFoundBySearch() throws {
    try MainActor.assumeIsolated {
      let (store, scrum, entry) = try Self.germanMeeting()
      withRunningApp(store: store, dependencies: recordingDependencies()) { app in
        XCTAssertNil(Self.transcription(of: entry, in: app), "transcribed")
        let transcript = app.state.scrum(scrum.id)?.history[0].transcript ?? []
        let words = transcript.map(\.text).joined()
        XCTAssertTrue(words.contains("Datenbank"), "heard in German: \(words)")
        XCTAssertTrue(words.contains("Morgen"), "heard in German: \(words)")
        XCTAssertFalse(words.lowercased().contains("database"), "never translated: \(words)")
        let found = MeetingSearch().results(of: ScrumSearch(["datenbank"]), in: app.state.scrums.value)
        XCTAssertEqual(found.map(\.historyID), [entry.id], "found by search, case ignored")
      }
    }
  }

  func testWithOnlyAnEnglishModelAGermanMeetingWaitsAndSaysWhy() throws {
    let tiny = FileManager.default.currentDirectoryPath + "/.build/whisper/models/ggml-tiny.en.bin"
    setenv("SCRUMDINGER_WHISPER_MODEL", tiny, 1)
    defer { unsetenv("SCRUMDINGER_WHISPER_MODEL") }
    try MainActor.assumeIsolated {
      let (store, scrum, entry) = try Self.germanMeeting()
      withRunningApp(store: store, dependencies: recordingDependencies(recording: [scrum.id])) { app in
        XCTAssertEqual(
          Self.transcription(of: entry, in: app), .failed(Texts.modelNeeded(for: "German")),
          "never an English transcript of German speech")
        XCTAssertEqual(app.state.scrum(scrum.id)?.history[0].transcript, [])
        let page = openDetailPage(of: app.state.scrum(scrum.id)!, in: app)
        XCTAssertTrue(page.unheardLabel.isVisible, "said where the meeting is started")
        XCTAssertEqual(page.unheardLabel.text, Texts.modelNeeded(for: "German"))
        XCTAssertTrue(page.unheardLabel.text.contains("Multilingual Speech Model"), "the way to get one")
      }
    }
  }
}
