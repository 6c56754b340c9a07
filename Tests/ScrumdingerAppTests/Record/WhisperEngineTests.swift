import Foundation
import GtkShim
import GtkTestSupport
import Platform
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

/// Speech to text in its own process: a model that cannot be read, or a helper stopped from
/// outside, leaves the app running, the recording kept and the reason on the meeting's page;
/// and the recogniser's memory leaves with the helper.
final class WhisperEngineTests: XCTestCase {
  private static let tinyModel = ".build/whisper/models/ggml-tiny.en.bin"

  /// The kinds of bad model file a user may end up with, by name.
  private static func badModels() throws -> [(String, Data)] {
    let model = try Data(contentsOf: URL(fileURLWithPath: Self.tinyModel))
    var random = SystemRandomNumberGenerator()
    let noise = Data((0..<3_000_000).map { _ in UInt8.random(in: 0...255, using: &random) })
    return [
      ("truncated", model.prefix(model.count / 3)),
      ("random bytes after the magic", Data([0x6C, 0x6D, 0x67, 0x67]) + noise),
      ("zero-length", Data()),
    ]
  }

  /// One recorded meeting of Ana's and Ben's, saved in a new store, its recording made from
  /// real speech.
  @MainActor private static func recordedMeeting() -> (ScrumStore, DailyScrum, History) {
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
    recordSpeech(of: entry.id, in: store)
    return (store, scrum, entry)
  }

  /// A helper that notes each time it is started in `log`, then is the app's own.
  private static func countingHelper(log: String) throws -> String {
    let script = NSTemporaryDirectory() + "counting-helper-\(UUID())"
    let real = try XCTUnwrap(ResourceLocator.speechHelper, "make speech builds scrumdinger-transcribe")
    try "#!/bin/sh\necho started >> '\(log)'\nexec '\(real)' \"$@\"\n".write(
      toFile: script, atomically: true, encoding: .utf8)
    chmod(script, 0o755)
    return script
  }

  @MainActor private static func waitForTranscription(of entry: History, in app: ScrumdingerApplication)
    -> TranscriptionStatus?
  {
    let statuses = app.services.transcriber.statuses
    // The helper runs at idle priority: under make test-under-load the load rests meanwhile.
    withIdleMachine {
      @MainActor func underWay() -> Bool {
        switch statuses.value[entry.id] {
        case .waiting?, .transcribing?: true
        default: false
        }
      }
      _ = spin(until: { !underWay() }, limit: .seconds(60))
    }
    return statuses.value[entry.id]
  }

  /// A truncated model, random bytes behind the right magic, and an empty file, each found in
  /// the models folder as the app finds one: the entry says "Not transcribed: the speech model
  /// could not be read" with "Transcribe Again", the recording is kept, the app goes on, and
  /// the next start does not run the helper on that model again.
  func testABadModelIsSaidOnceKeepsTheRecordingAndIsNotRetriedAtTheNextStart() throws {
    for (kind, bytes) in try Self.badModels() {
      try MainActor.assumeIsolated {
        let (store, scrum, entry) = Self.recordedMeeting()
        let models = store.directory + "/models"
        try FileManager.default.createDirectory(atPath: models, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: models + "/ggml-bad.bin", contents: bytes))
        let log = NSTemporaryDirectory() + "helper-starts-\(UUID())"
        let helper = try Self.countingHelper(log: log)
        let recording = store.directory + "/recordings/\(entry.id.uuidString).ogg"
        for start in 1...2 {
          withRunningApp(store: store, dependencies: recordingDependencies(speechHelper: helper)) { app in
            app.state.navigation.value = .history(scrumID: scrum.id, historyID: entry.id)
            let status = Self.waitForTranscription(of: entry, in: app)
            XCTAssertEqual(status, .failed("the speech model could not be read"), "\(kind), start \(start)")
            _ = spin(until: { app.mainWindow?.pages.history != nil })
            let record = app.mainWindow!.pages.history!.record
            XCTAssertEqual(
              record.transcriptionRow.subtitle, "Not transcribed: the speech model could not be read", kind)
            XCTAssertEqual(record.transcriptionButton.accessibleName, "Transcribe Again", kind)
            XCTAssertTrue(FileManager.default.fileExists(atPath: recording), "\(kind): the recording is kept")
            XCTAssertNotNil(app.mainWindow, "\(kind): the app goes on")
          }
        }
        let starts = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").count ?? 0
        XCTAssertEqual(starts, 1, "\(kind): the helper ran on the bad model at the first start only")
      }
    }
  }

  /// Transcribe Again after a bad model was replaced runs the helper again and transcribes.
  func testTranscribeAgainTriesOnceMoreAndAGoodModelTranscribes() throws {
    try MainActor.assumeIsolated {
      let (store, scrum, entry) = Self.recordedMeeting()
      let models = store.directory + "/models"
      try FileManager.default.createDirectory(atPath: models, withIntermediateDirectories: true)
      XCTAssertTrue(
        FileManager.default.createFile(atPath: models + "/ggml-bad.bin", contents: Data([0x6C, 0x6D, 0x67, 0x67])))
      withRunningApp(store: store, dependencies: recordingDependencies()) { app in
        app.state.navigation.value = .history(scrumID: scrum.id, historyID: entry.id)
        XCTAssertEqual(Self.waitForTranscription(of: entry, in: app), .failed("the speech model could not be read"))
        // The user puts a good model in its place and asks again.
        XCTAssertNoThrow(try FileManager.default.removeItem(atPath: models + "/ggml-bad.bin"))
        XCTAssertNoThrow(try FileManager.default.copyItem(atPath: Self.tinyModel, toPath: models + "/ggml-tiny.en.bin"))
        app.mainWindow!.pages.history!.record.transcriptionButton.click()
        XCTAssertNil(Self.waitForTranscription(of: entry, in: app), "transcribed")
        let words = (app.state.scrum(scrum.id)?.history[0].transcript ?? []).map(\.text).joined().lowercased()
        XCTAssertTrue(words.contains("country"), "heard: \(words)")
      }
    }
  }

  /// The helper killed mid-way (as the out-of-memory killer would): the entry says so, the
  /// model is not set aside, and Transcribe Again then transcribes.
  func testAHelperKilledMidwayIsSaidAndTranscribeAgainWorks() {
    MainActor.assumeIsolated {
      let (store, scrum, entry) = Self.recordedMeeting()
      withRunningApp(store: store, dependencies: recordingDependencies()) { app in
        app.state.navigation.value = .history(scrumID: scrum.id, historyID: entry.id)
        let deadline = ContinuousClock.now + .seconds(20)
        var helper: Int32?
        while helper == nil, ContinuousClock.now < deadline {
          helper = Self.childProcess(named: "scrumdinger-transcribe", arguing: entry.id.uuidString)
          if helper == nil {
            _ = MainLoop.iterate(blocking: false)
            usleep(2_000)
          }
        }
        guard let helper else { return XCTFail("the helper was never seen running") }
        // Held where it is first, then killed: mid-way for sure (a loaded run once saw the
        // kill come after the helper had finished, and the meeting transcribed).
        kill(helper, SIGSTOP)
        var state: Character?
        for _ in 0..<3_000 where state != "T" && state != "Z" {
          state = Self.processState(helper)
          if state != "T" && state != "Z" { usleep(10_000) }
        }
        XCTAssertEqual(state, "T", "the helper is held mid-way (Z: it had already finished)")
        kill(helper, SIGKILL)
        XCTAssertEqual(
          Self.waitForTranscription(of: entry, in: app),
          .failed("the transcription was stopped from outside (signal 9)"))
        XCTAssertTrue(
          FileManager.default.fileExists(atPath: store.directory + "/recordings/\(entry.id.uuidString).ogg"))
        XCTAssertEqual(app.mainWindow!.pages.history!.record.transcriptionButton.accessibleName, "Transcribe Again")
        app.mainWindow!.pages.history!.record.transcriptionButton.click()
        XCTAssertNil(Self.waitForTranscription(of: entry, in: app), "transcribed the second time")
      }
    }
  }

  /// A helper that crashes after whisper made progress (before any segment) crashed on the
  /// speech, not on loading the model: the run says so and the model is not taken for
  /// unreadable (before, it was set aside).
  func testACrashAfterProgressIsNotTheModels() {
    MainActor.assumeIsolated {
      let crash = "echo '{\"progress\": 0}'; echo '{\"progress\": 40}'; kill -SEGV $$"
      var ending: TranscriptionHelperEnding?
      let run = HelperRun(["/bin/sh", "-c", crash], limit: .seconds(60), progress: { _ in }) { end, _ in ending = end }
      XCTAssertTrue(MainLoop.run(until: { ending != nil }, timeout: .seconds(30)))
      XCTAssertEqual(ending, .failed("the transcription crashed (signal 11)"))
      let early = "echo '{\"progress\": 0}'; kill -SEGV $$"
      ending = nil
      let before = HelperRun(["/bin/sh", "-c", early], limit: .seconds(60), progress: { _ in }) { end, _ in ending = end
      }
      XCTAssertTrue(MainLoop.run(until: { ending != nil }, timeout: .seconds(30)))
      XCTAssertEqual(ending, .modelUnreadable, "a crash before any progress is the model's loading")
      withExtendedLifetime((run, before)) {}
    }
  }

  /// The app's resident memory after a transcription is within 5 % of what it was before:
  /// the recogniser's memory was the helper's, and left with it.
  func testTheAppsMemoryComesBackAfterATranscription() {
    MainActor.assumeIsolated {
      let (store, scrum, entry) = Self.recordedMeeting()
      // Stopped by the user earlier: it waits for Transcribe.
      let recording = store.directory + "/recordings/\(entry.id.uuidString).ogg"
      XCTAssertTrue(FileManager.default.createFile(atPath: recording + ".stopped", contents: Data()))
      withRunningApp(store: store, dependencies: recordingDependencies()) { app in
        app.state.navigation.value = .history(scrumID: scrum.id, historyID: entry.id)
        _ = spin(until: { app.mainWindow!.pages.history != nil })
        XCTAssertEqual(app.services.transcriber.statuses.value[entry.id], .stopped)
        let before = Memory.residentKiB()
        app.mainWindow!.pages.history!.record.transcriptionButton.click()
        XCTAssertNil(Self.waitForTranscription(of: entry, in: app), "transcribed")
        spin(.milliseconds(500))  // deliberate: what the app frees as the helper ends, freed
        let after = Memory.residentKiB()
        XCTAssertLessThanOrEqual(Double(after), Double(before) * 1.05, "RSS \(before) KiB before, \(after) KiB after")
      }
    }
  }

  /// A child of this process running `name`, if one is.
  /// The state letter /proc gives process `pid` ("T" stopped, "Z" ended and not yet reaped).
  private static func processState(_ pid: Int32) -> Character? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")"),
      let letter = stat[stat.index(after: close)...].first(where: { $0 != " " })
    else { return nil }
    return letter
  }

  /// This process's child running `name` with an argument that holds `argument` (this test's
  /// meeting: a helper an earlier test's app let go may still be ending, under load).
  private static func childProcess(named name: String, arguing argument: String) -> Int32? {
    let me = getpid()
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { continue }
      let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
      let command = stat[stat.index(after: stat.firstIndex(of: "(")!)..<close]
      guard fields.count > 1, Int32(fields[1]) == me, name.hasPrefix(command),
        let arguments = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
        String(decoding: arguments, as: UTF8.self).contains(argument)
      else { continue }
      return pid
    }
    return nil
  }
}
