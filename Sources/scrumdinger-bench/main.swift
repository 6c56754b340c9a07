// Figures the benchmark (scripts/bench.sh) gets from inside the process, each with its
// baseline, as "name value baseline" lines: drift, store load/save, main-loop stall; with
// --display-figures, opening a detail page of 10,000 meetings against one of 10 and adding the
// 40th and 400th attendee in the editor against the 4th; with
// --transcribe, the speech figures (--live-transcribe: heard as the meeting runs); with
// --memory-figures, what the app keeps over time.
import Foundation
import GtkShim
import Platform
import ScrumdingerCore

/// Saving and loading `scrums` in a store in `directory`, against Foundation's codec.
func storeFigures(_ scrums: [DailyScrum], directory: String) throws {
  let store = ScrumStore(directory: directory)
  let save = try medianMilliseconds(runs: 7) { try store.save(scrums) }
  // Each load as at a start: a store of its own (one that has read the file already keeps
  // its base again).
  let load = try medianMilliseconds(runs: 7) { _ = try ScrumStore(directory: directory).load() }
  let size = (try FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int) ?? 0
  let foundation = try foundationTimes(scrums)
  print("store_save_ms \(save) \(foundation.save)")
  print("store_load_ms \(load) \(foundation.load)")
  print("store_file_kib \(size / 1024) 0")
}

/// Foundation's codec on the same data: the baseline for the hand-written one.
func foundationTimes(_ scrums: [DailyScrum]) throws -> (save: Double, load: Double) {
  let encoder = JSONEncoder()
  encoder.dateEncodingStrategy = .iso8601
  let decoder = JSONDecoder()
  decoder.dateDecodingStrategy = .iso8601
  var data = Data()
  let save = try medianMilliseconds(runs: 3) { data = try encoder.encode(scrums) }
  let load = try medianMilliseconds(runs: 3) { _ = try decoder.decode([DailyScrum].self, from: data) }
  return (save, load)
}

Memory.shareOneArena()  // first thing, as the app's main.swift does: every figure sees its allocator

/// The language the speech figures hear (`--language CODE`, Whisper's code), English unless given.
func heardLanguage(_ arguments: [String]) -> SpeechLanguage {
  guard let index = arguments.firstIndex(of: "--language"), index + 1 < arguments.count else { return .english }
  guard let language = SpeechLanguage(code: arguments[index + 1]) else {
    fatalError("\(arguments[index + 1]) is not a language Whisper hears")
  }
  return language
}

// For the start-up figure with a 200 MB file: writes 100 scrums × 13,000 meetings into the
// data folder under the given XDG_DATA_HOME.
if let index = CommandLine.arguments.firstIndex(of: "--write-big-file"), index + 1 < CommandLine.arguments.count {
  let home = CommandLine.arguments[index + 1]
  try ScrumStore(directory: home + "/" + appID).save(largeScrumList(meetings: bigFileMeetings))
  exit(0)
}

// Speech (run by scripts/bench/transcription.sh): transcription as the app does it, in
// English or `--language CODE`.
if let index = CommandLine.arguments.firstIndex(of: "--transcribe"), index + 6 < CommandLine.arguments.count {
  let arguments = CommandLine.arguments
  MainActor.assumeIsolated {
    transcriptionFigures(
      recording: arguments[index + 1], model: arguments[index + 2], helper: arguments[index + 3],
      ding: arguments[index + 4],
      warmUp: arguments[index + 5], threads: Int(arguments[index + 6]) ?? 1, language: heardLanguage(arguments))
  }
  exit(0)
}

// Speech heard as the meeting runs (run by scripts/bench/transcription.sh): SAMPLES RECORDING
// MODEL HELPER TURNS PACE [--heard-only] [--with-captions VAD] [--language CODE].
if let index = CommandLine.arguments.firstIndex(of: "--live-transcribe"), index + 6 < CommandLine.arguments.count {
  let arguments = CommandLine.arguments
  MainActor.assumeIsolated {
    liveTranscriptionFigures(
      samples: arguments[index + 1], recording: arguments[index + 2], model: arguments[index + 3],
      helper: arguments[index + 4],
      turns: Int(arguments[index + 5]) ?? 8, pace: Double(arguments[index + 6]) ?? 1,
      heardOnly: arguments.contains("--heard-only"), language: heardLanguage(arguments),
      captions: arguments.firstIndex(of: "--with-captions").flatMap {
        $0 + 1 < arguments.count ? arguments[$0 + 1] : nil
      })
  }
  exit(0)
}

// With a display and a sound server (run by scripts/bench/memory.py): what the app keeps over
// editor openings, an hour's meeting and recorded meetings.
if CommandLine.arguments.contains("--memory-figures") {
  MainActor.assumeIsolated { memoryFigures() }
  exit(0)
}

// With a display (run by scripts/bench/desktop.sh): the figures that need GTK on screen.
if CommandLine.arguments.contains("--display-figures") {
  MainActor.assumeIsolated {
    detailOpenTimes("detail_open_ms", make: scrumWithHistory)
    detailOpenTimes("detail_attendees_open_ms", make: scrumWithAttendees)
    attendeeAddTimes()
  }
  exit(0)
}

// The sync model's long run (scripts/bench.sh starts two, one a core): schedules FIRST,
// FIRST + STEP, … COUNT of them.
if let index = CommandLine.arguments.firstIndex(of: "--sync-model"), index + 3 < CommandLine.arguments.count {
  let arguments = CommandLine.arguments
  syncModelRun(
    first: UInt64(arguments[index + 1]) ?? 1, count: Int(arguments[index + 2]) ?? 0,
    step: UInt64(arguments[index + 3]) ?? 1)
  exit(0)
}

// A start with 5,000 conflict copies alone (also part of the in-process figures below).
if CommandLine.arguments.contains("--copies-figures") {
  let folder = NSTemporaryDirectory() + "scrumdinger-bench-copies-" + UUID().uuidString
  try MainActor.assumeIsolated { try copiesStartFigures(directory: folder) }
  try? FileManager.default.removeItem(atPath: folder)
  exit(0)
}

// The store's save, load and save stall alone (also part of the in-process figures below).
if CommandLine.arguments.contains("--store-figures") {
  let folder = NSTemporaryDirectory() + "scrumdinger-bench-store-" + UUID().uuidString
  let scrums = largeScrumList()
  try storeFigures(scrums, directory: folder)
  let stalls = MainActor.assumeIsolated { saveStalls(scrums, directory: folder + "/stall") }
  print("save_stall_ms \(stalls.autoSave) \(stalls.synchronous)")
  try? FileManager.default.removeItem(atPath: folder)
  exit(0)
}

let drift = driftMilliseconds()
print("drift_ms \(drift.timer) \(drift.naive)")

MainActor.assumeIsolated {
  meetingSearchFigures()
  meetingSearchFigures(chinese: true)
}

let scrums = largeScrumList()
let directory = NSTemporaryDirectory() + "scrumdinger-bench-" + UUID().uuidString
defer { try? FileManager.default.removeItem(atPath: directory) }
try storeFigures(scrums, directory: directory)

// A 200 MB file cut in half: how soon the reader says so, against reading the whole file.
let bigStore = ScrumStore(directory: directory + "/big")
try bigStore.save(largeScrumList(meetings: bigFileMeetings))
let whole = try medianMilliseconds(runs: 3) { _ = try bigStore.load() }
let bigBytes = try Data(contentsOf: URL(fileURLWithPath: bigStore.path))
try bigBytes.prefix(bigBytes.count / 2).write(to: URL(fileURLWithPath: bigStore.path))
let cut = medianMilliseconds(runs: 3) { _ = try? bigStore.load() }
print("truncated_big_file_ms \(cut) \(whole)")

try syncFigures(directory: directory)
try MainActor.assumeIsolated { try copiesStartFigures(directory: directory + "/copies") }

let stalls = MainActor.assumeIsolated { saveStalls(scrums, directory: directory + "/stall") }
print("save_stall_ms \(stalls.autoSave) \(stalls.synchronous)")
