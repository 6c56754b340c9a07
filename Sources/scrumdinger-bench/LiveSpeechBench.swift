import Foundation
import Platform
import ScrumdingerApp
import ScrumdingerCore

/// A meeting heard as it runs, as the app hears it (`LiveTranscript` and the real helper):
/// the meeting's 16 kHz samples (`samples`, raw floats, the whole of it) are written into a
/// growing file by a thread of their own at `pace` × the pace they were spoken, a tenth of a
/// second at a time (as the recording's pipeline writes them), in `turns` turns changing at
/// the quietest moment near each equal share (where a speaker stops). When the last sample is
/// written, Save and End: prints how long the rest took (`live_final_seconds`) beside the same
/// audio transcribed after the meeting as before (`recording`, decoded, two threads), the
/// windows, the main loop's longest stall meanwhile beside an idle one's, the helper's CPU
/// seconds, and writes what it heard to SAMPLES.live.txt. `heardOnly`: only what it heard
/// (transcript_runs.py's word error rates), with no transcription after it to compare. With
/// `captions` (Silero's model), the helper captions the meeting too, as the app asks it to
/// when a scrum has live captions: the same figures then say what captions cost them. The
/// meeting is held in `language`.
@MainActor func liveTranscriptionFigures(
  samples: String, recording: String, model: String, helper: String, turns: Int, pace: Double, heardOnly: Bool,
  language: SpeechLanguage, captions: String?
) {
  MainLoop.installDispatchBridge()
  setenv("SCRUMDINGER_WHISPER_MODEL", model, 1)
  let engine = WhisperEngine(
    modelsFolder: NSTemporaryDirectory() + "bench-models-\(UUID())", helper: helper, voiceActivityModel: captions)
  var captionedWords = 0
  /// Counts the words the captions make final.
  @MainActor func countFinal(_ words: CaptionWords) {
    if words.isFinal { captionedWords += words.text.split(separator: " ").count }
  }
  guard let source = FileManager.default.contents(atPath: samples) else { fatalError("no samples at \(samples)") }
  let total = source.count / 64  // milliseconds
  let cuts = quietCuts(source, turns: turns)
  let growing = NSTemporaryDirectory() + "bench-live-\(UUID()).samples"
  _ = FileManager.default.createFile(atPath: growing, contents: nil)
  let heardFile = growing + ".heard"
  let started = ContinuousClock.now
  /// How far the recording has run (what the writer has written by now).
  let recorded: @Sendable () -> Int = { min(total, Int((ContinuousClock.now - started).milliseconds * pace)) }
  let writer = Thread {
    guard let file = FileHandle(forWritingAtPath: growing) else { return }
    var written = 0
    while written < total {
      Thread.sleep(forTimeInterval: 0.1 / pace)
      let now = min(total, Int((ContinuousClock.now - started).milliseconds * pace) / 100 * 100)
      guard now > written else { continue }
      file.write(source.subdata(in: written * 64..<now * 64))
      written = now
    }
    try? file.close()
  }
  let idle = longestMainLoopStall { done in _ = Timeout(after: .seconds(2)) { done() } }
  var final = 0.0
  var live: LiveTranscript?
  let stall = longestMainLoopStall(upTo: .seconds(Int(Double(total) / 1000 / pace) + 300)) { done in
    live = LiveTranscript(
      engine: engine, samples: growing, language: language, heardFile: heardFile, position: { recorded() },
      captions: captions == nil ? nil : countFinal)
    guard let live, !live.hasFailed else { fatalError("the helper did not start: \(live?.failure ?? "")") }
    writer.start()
    live.resume()
    var pending = cuts
    @MainActor func turnsChange() {
      let now = recorded()
      while let cut = pending.first, cut <= now {
        live.cut(at: cut)
        pending.removeFirst()
      }
      if now >= total {
        let ended = ContinuousClock.now  // Save and End
        return live.finish {
          final = (ContinuousClock.now - ended).milliseconds / 1000
          done()
        }
      }
      _ = Timeout(after: .milliseconds(Int(100 / pace) + 1)) { turnsChange() }
    }
    turnsChange()
  }
  guard let heard = live?.heard, live?.failure == nil, final > 0 else {
    fatalError("it failed: \(live?.failure ?? "it never ended")")
  }
  // The helper ends once its input does: reaped, its CPU time is the children's.
  _ = MainLoop.run(until: { false }, timeout: .seconds(1))
  var usage = rusage()
  getrusage(RUSAGE_CHILDREN.rawValue, &usage)
  let helperCPU =
    Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    / 1e6
  _ = FileManager.default.createFile(
    atPath: samples + ".live.txt", contents: Data(heard.segments.map(\.text).joined().utf8))
  try? FileManager.default.removeItem(atPath: growing)
  try? FileManager.default.removeItem(atPath: heardFile)
  if heardOnly { return }
  // Today's way on the same audio: the whole recording transcribed after the meeting.
  engine.threadCount = { 2 }
  var after = 0.0
  let began = ContinuousClock.now
  var task: (any CancellableTask)?
  task = engine.transcribe(recording, language: language, cuts: cuts, from: 0, progress: { _ in }) { result in
    if case .failure(let failure) = result { fatalError("transcription failed: \(failure.reason)") }
    after = (ContinuousClock.now - began).milliseconds / 1000
  }
  _ = MainLoop.run(until: { after > 0 }, timeout: .seconds(900))
  withExtendedLifetime(task) {}
  print("live_final_seconds \(final) \(after)")
  print("live_segments \(heard.segments.count) \(total / 1000)")
  print("live_stall_ms \(stall) \(idle)")
  print("live_helper_cpu_seconds \(helperCPU) \(Double(total) / 1000)")
  if captions != nil {  // that the captions ran beside it: their final words, and the transcript's
    print("live_captioned_words \(captionedWords) \(heard.segments.map(\.text).joined().split(separator: " ").count)")
  }
}

/// Where `turns` turns change in `samples` (raw 16 kHz floats): at the quietest 50 ms within
/// 4 s of each equal share, in milliseconds.
func quietCuts(_ samples: Data, turns: Int) -> [Int] {
  let total = samples.count / 64
  return samples.withUnsafeBytes { raw -> [Int] in
    let pcm = raw.bindMemory(to: Float.self)
    func energy(_ from: Int) -> Float {
      let start = max(0, from * 16)
      let end = min(pcm.count, (from + 50) * 16)
      return start < end ? pcm[start..<end].reduce(0) { $0 + $1 * $1 } : .infinity
    }
    return (1..<turns).map { turn in
      let near = total * turn / turns
      return stride(from: near - 4_000, to: near + 4_000, by: 50).min { energy($0) < energy($1) }! + 25
    }
  }
}
