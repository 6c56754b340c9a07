import Foundation
import GtkShim
import GtkTestSupport
import Platform
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

/// The speech helper as a process the app does not trust to behave: one that ignores SIGTERM
/// is killed, and a model that fails to load for want of memory is not set aside.
final class HelperRunTests: XCTestCase {
  /// A helper past its time limit that ignores SIGTERM is killed 5 s later (SIGKILL): the app
  /// hears it ended, and no process is left.
  func testAHelperThatIgnoresSIGTERMIsKilled() throws {
    try MainActor.assumeIsolated {
      let pidFile = NSTemporaryDirectory() + "helper-\(UUID()).pid"
      let script = "echo $$ > \(pidFile); trap '' TERM; echo '{\"progress\":1}'; while :; do sleep 1; done"
      var ending: TranscriptionHelperEnding?
      let started = ContinuousClock.now
      let run = HelperRun(["/bin/sh", "-c", script], limit: .milliseconds(300), progress: { _ in }) { end, _ in
        ending = end
      }
      _ = spin(until: { ending != nil })
      _ = run
      XCTAssertEqual(ending, .tooLong)
      let took = ContinuousClock.now - started
      XCTAssertGreaterThanOrEqual(took, ChildProcess.stopGrace, "SIGTERM was given its 5 s")
      let pid = try XCTUnwrap(
        Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
      XCTAssertEqual(kill(pid, 0), -1, "the helper is gone")
    }
  }

  /// A live helper that crashes after its first window was answered: its model loaded, so
  /// the crash is the transcription's, and the model is not set aside.
  func testALiveHelperThatCrashesAfterItSpokeKeepsItsModel() {
    MainActor.assumeIsolated {
      let script =
        #"read window; echo '{"start":0,"end":900,"text":"Nothing new."}'; echo '{"done":300}'; "#
        + "read window; kill -SEGV $$"
      var heard: [[TranscriptSegment]] = []
      var ending: TranscriptionHelperEnding?
      let listener = HelperListener(["/bin/sh", "-c", script], heard: { said, _ in heard.append(said) }, captions: nil)
      { ending = $0 }
      listener.recognise(TranscriptWindows.Window(from: 0, to: 300, seam: true))
      XCTAssertTrue(MainLoop.run(until: { !heard.isEmpty }, timeout: .seconds(60)), "the first window was answered")
      listener.recognise(TranscriptWindows.Window(from: 300, to: 600, seam: true))
      XCTAssertTrue(MainLoop.run(until: { ending != nil }, timeout: .seconds(60)))
      XCTAssertEqual(heard.first?.map(\.text), ["Nothing new."])
      XCTAssertEqual(ending, .failed("the transcription crashed (signal 11)"))
      XCTAssertEqual(
        ending?.reason, "the transcription crashed (signal 11)", "never \"the speech model could not be read\"")
    }
  }

  /// The real helper, given too little memory to load the build tree's model (an address-space
  /// limit), says so and exits 5: the transcription fails with that reason, and the model is
  /// not set aside (it is offered again at once).
  func testAModelThatCannotLoadForWantOfMemoryIsNotSetAside() throws {
    try MainActor.assumeIsolated {
      let helper = try XCTUnwrap(ResourceLocator.speechHelper, "make speech builds the helper")
      let wrapper = NSTemporaryDirectory() + "low-memory-helper-\(UUID()).sh"
      try "#!/bin/sh\nulimit -v 150000\nexec \(helper) \"$@\"\n".write(
        toFile: wrapper, atomically: true, encoding: .utf8)
      chmod(wrapper, 0o755)
      let store = temporaryStore()
      let recording = recordSpeech(of: UUID(), in: store)
      let engine = WhisperEngine(modelsFolder: store.directory + "/models", helper: wrapper)
      let model = try XCTUnwrap(engine.model, "the build tree's model")
      var result: Result<[TranscriptSegment], CaptureFailure>?
      let task = engine.transcribe(recording, cuts: [], progress: { _ in }) { result = $0 }
      _ = spin(until: { result != nil }, limit: .seconds(60))
      _ = task
      guard case .failure(let failure)? = result else {
        return XCTFail("the load should have failed: \(String(describing: result))")
      }
      XCTAssertEqual(failure.reason, "there was not enough memory to load the speech model")
      XCTAssertEqual(engine.model, model, "not set aside")
      XCTAssertNil(engine.unavailableReason(for: .english))
    }
  }

  /// A meeting's windows are asked for on one thread; so is the rest at Save and End while
  /// other programs keep every core busy (two threads would spin waiting for each other).
  func testTheRestIsAskedForOnOneThreadWhileOtherProgramsKeepTheCoresBusy() throws {
    try MainActor.assumeIsolated {
      let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
      var stopped = 0
      let busy = try (0..<cores).map { _ in
        try ChildProcess(["/bin/sh", "-c", "while :; do :; done"], onLine: { _ in }, onEnd: { _ in stopped += 1 })
      }
      defer {  // GLib signals from a thread of its own: they are gone once their ends are heard
        for program in busy { program.terminate() }
        XCTAssertTrue(MainLoop.run(until: { stopped == cores }, timeout: .seconds(60)))
      }
      let log = NSTemporaryDirectory() + "helper-lines-\(UUID())"
      defer { try? FileManager.default.removeItem(atPath: log) }
      let script =
        "while read window; do echo \"$window\" >> '\(log)'; "
        + #"case "$window" in *' -1 '*) echo '{"done":-1}';; *) echo '{"done":30000}';; esac; done"#
      var answers: [Int?] = []
      let listener = HelperListener(
        ["/bin/sh", "-c", script], heard: { _, next in answers.append(next) }, captions: nil
      ) { XCTFail("the helper ended: \($0)") }
      listener.recognise(TranscriptWindows.Window(from: 0, to: 30_000, seam: true))
      XCTAssertTrue(MainLoop.run(until: { answers.count == 1 }, timeout: .seconds(60)))
      // A second of every core's time, spent by the busy programs.
      let start = try XCTUnwrap(ProcessorTime.now(process: getpid()))
      XCTAssertTrue(
        MainLoop.run(
          until: { (ProcessorTime.now(process: getpid())?.total ?? 0) - start.total >= 100 * cores },
          timeout: .seconds(60)))
      listener.recognise(TranscriptWindows.Window(from: 30_000, to: nil, seam: true))
      XCTAssertTrue(MainLoop.run(until: { answers.count == 2 }, timeout: .seconds(60)))
      XCTAssertEqual(answers, [30_000, nil])
      let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
      XCTAssertEqual(lines, ["0 30000 1 1", "30000 -1 1 1"])
    }
  }
}
