import Foundation
import GtkShim
import ScrumdingerApp
import ScrumdingerCore

/// Transcribes `recording` (any sound file) as the app does (GStreamer decodes, whisper.cpp
/// recognises on a worker thread) with the main loop probed meanwhile; prints seconds spent
/// and audio seconds, the longest main-loop stall and the same probe's longest with nothing
/// to do, and the process's peak memory. Run first thing in a fresh process, with `ding`
/// (the ding's sound file) loaded first, as the app has by the time a meeting ends and its
/// transcription starts: GStreamer's own start is not transcription's.
@MainActor func transcriptionFigures(recording: String, model: String, library: String, ding: String) {
  MainLoop.installDispatchBridge()
  let chime = try? SoundPlayer(path: ding)
  let idle = longestMainLoopStall { done in _ = Timeout(after: .seconds(2)) { done() } }
  var seconds = 0.0
  var audioSeconds = 0.0
  var words = ""
  let stall = longestMainLoopStall { done in
    let samples = NSTemporaryDirectory() + "bench-\(UUID()).samples"
    let started = ContinuousClock.now
    do {
      let recognizer = try SpeechRecognizer(library: library)
      let decoder = try AudioDecoder(input: recording, output: samples) { problem in
        if let problem { fatalError("decoding failed: \(problem)") }
        audioSeconds = Double((try? FileManager.default.attributesOfItem(atPath: samples)[.size] as? Int) ?? 0) / 64_000
        _ = recognizer.recognize(samples: samples, model: model, progress: { _ in }) { result in
          seconds = (ContinuousClock.now - started).milliseconds / 1000
          switch result {
          case .success(let segments): words = segments.map(\.text).joined()
          case .failure(let failure): fatalError("recognition failed: \(failure.reason)")
          }
          try? FileManager.default.removeItem(atPath: samples)
          done()
        }
      }
      keepAlive = decoder
    } catch {
      fatalError("\(error)")
    }
  }
  withExtendedLifetime(chime) {}
  print("transcribe_seconds \(seconds) \(audioSeconds)")
  print("transcribe_stall_ms \(stall) \(idle)")
  print("transcribe_peak_kib \(peakKiB()) 0")
  _ = FileManager.default.createFile(atPath: recording + ".ours.txt", contents: Data(words.utf8))
}

@MainActor private var keepAlive: AnyObject?

/// The process's peak resident memory (VmHWM), in KiB.
func peakKiB() -> Int {
  let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
  let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
  return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
}
