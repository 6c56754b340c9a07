import Foundation
import GtkShim
import Platform
import ScrumdingerApp
import ScrumdingerCore

/// Transcribes `recording` (any sound file) as the app does (GStreamer decodes in the app,
/// `helper` recognises in its own process) with the main loop probed meanwhile; prints
/// seconds spent and audio seconds, the longest main-loop stall and the same probe's longest
/// with nothing to do, the helper's peak memory, and the app's resident memory before, at its
/// highest while the helper reports progress, and after. Run first thing in a fresh process,
/// with `ding` (the ding's sound file) loaded first, as the app has by the time a meeting ends
/// and its transcription starts: GStreamer's own start is not transcription's. `warmUp` (a
/// short file of the same format) is transcribed first, and the memory before it is printed
/// too: the decoder's GStreamer plugins are loaded at the first transcription, once. What is
/// said is heard in `language`.
@MainActor func transcriptionFigures(
  recording: String, model: String, helper: String, ding: String, warmUp: String, threads: Int,
  language: SpeechLanguage
) {
  MainLoop.installDispatchBridge()
  setenv("SCRUMDINGER_WHISPER_MODEL", model, 1)
  let engine = WhisperEngine(modelsFolder: NSTemporaryDirectory() + "bench-models-\(UUID())", helper: helper)
  engine.threadCount = { threads }  // as many as the baseline's
  let chime = try? SoundPlayer(path: ding)
  let idle = longestMainLoopStall { done in _ = Timeout(after: .seconds(2)) { done() } }
  let first = Memory.residentKiB()
  var warmed = false
  let warming = engine.transcribe(warmUp, cuts: [], progress: { _ in }) { _ in warmed = true }
  _ = MainLoop.run(until: { warmed }, timeout: .seconds(60))
  let before = Memory.residentKiB()
  var during = before
  var seconds = 0.0
  var audioSeconds = 0.0
  var words = ""
  var task: (any CancellableTask)?
  let stall = longestMainLoopStall { done in
    let started = ContinuousClock.now
    task = engine.transcribe(
      recording, language: language, cuts: [],
      progress: { percent in
        during = max(during, Memory.residentKiB(releasing: false))
        // Progress 0 comes once the recording is decoded, the samples beside it.
        if percent == 0, audioSeconds == 0 { audioSeconds = Double(Files.size(of: recording + ".samples")) / 64_000 }
      }
    ) { result in
      seconds = (ContinuousClock.now - started).milliseconds / 1000
      switch result {
      case .success(let segments): words = segments.map(\.text).joined()
      case .failure(let failure): fatalError("transcription failed: \(failure.reason)")
      }
      done()
    }
  }
  let after = Memory.residentKiB()
  withExtendedLifetime((chime, task, warming)) {}
  var usage = rusage()
  getrusage(RUSAGE_CHILDREN.rawValue, &usage)
  print("transcribe_seconds \(seconds) \(audioSeconds)")
  print("transcribe_stall_ms \(stall) \(idle)")
  print("transcribe_peak_kib \(usage.ru_maxrss) 0")
  print("transcribe_app_rss_kib \(before) \(during) \(after) \(first)")
  _ = FileManager.default.createFile(atPath: recording + ".ours.txt", contents: Data(words.utf8))
}
