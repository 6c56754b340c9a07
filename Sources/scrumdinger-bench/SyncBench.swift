// The sync figures: the model test's schedules per second (and, with --sync-model, a long
// run of it in a process of its own, `make bench` running two at once), the time to refuse
// the largest hostile conflict copy beside reading an ordinary one, and the merge of a
// 1,000-meeting file over its proven base (found among the versions known) beside the union
// made with no base at all; the start-up merge of a 1,000-meeting file restored to an older
// version with the version kept on disk, beside loading the file when it grew from that one;
// and reading the largest set of conflict copies one pass accepts (512 MiB), beside reading
// their bytes alone.
import Foundation
import Platform
import ScrumdingerCore
import ScrumdingerTestSupport

/// Where the simulated computers' folders go: memory, where there is a tmpfs.
func syncModelRoot() -> String {
  let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
  let folder = base + "/scrumdinger-sync-bench-\(UUID().uuidString)"
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  return folder
}

/// Runs the model test's schedules `seeds` (every `step`-th from `first`); prints
/// "sync_model_run COUNT FAILURES SECONDS" and the first failure (`SyncSimulation.report`).
func syncModelRun(first: UInt64, count: Int, step: UInt64) {
  let root = syncModelRoot()
  defer { try? FileManager.default.removeItem(atPath: root) }
  let start = ContinuousClock.now
  var failures = 0
  for index in 0..<UInt64(count) {
    let seed = first + index * step
    guard let failure = SyncSimulation.check(seed: seed, root: root) else { continue }
    // The first in full (its schedule and what the stores answered), the rest a line each.
    let said =
      failures == 0
      ? SyncSimulation.report(failure, root: root)
      : "seed \(seed): \(failure.problem) (\(failure.schedule.count) steps)"
    FileHandle.standardError.write(Data("\(said)\n".utf8))
    failures += 1
  }
  print("sync_model_run \(count) \(failures) \((ContinuousClock.now - start).milliseconds / 1000)")
}

/// The in-process sync figures.
func syncFigures(directory: String) throws {
  // Schedules per second, against the same schedules with no merge at all (the store's
  // saves and the engine's copies alone): what the merge rules add.
  let root = syncModelRoot()
  defer { try? FileManager.default.removeItem(atPath: root) }
  let count = 500
  let start = ContinuousClock.now
  for seed in 1...UInt64(count) { _ = SyncSimulation.check(seed: seed, root: root) }
  let rate = Double(count) / ((ContinuousClock.now - start).milliseconds / 1000)
  print("sync_model_schedules_per_s \(rate) 0")

  // The largest hostile copy (300 MB, sparse) refused, beside reading an ordinary copy.
  let folder = directory + "/hostile"
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  let file = folder + "/scrums.json"
  let ordinary = folder + "/scrums.sync-conflict-20261126-101500-ABCDEFG.json"
  try ScrumFile.encode(largeScrumList(meetings: 10)).write(to: URL(fileURLWithPath: ordinary))
  let read = medianMilliseconds(runs: 7) { _ = ConflictCopies.read(besides: file) }
  try FileManager.default.removeItem(atPath: ordinary)
  let huge = open(ordinary, O_CREAT | O_WRONLY, 0o600)
  ftruncate(huge, 300_000_000)
  close(huge)
  let refused = medianMilliseconds(runs: 7) { _ = ConflictCopies.read(besides: file) }
  print("hostile_copy_refused_ms \(refused) \(read)")

  // A 1,000-meeting file (100 scrums × 10) merged with a copy that grew from it (a meeting
  // deleted, one added, a rename in every tenth scrum) over the kept base, and as a union.
  let store = ScrumStore(directory: directory + "/merge")
  let ours = largeScrumList(meetings: 10)
  try store.save(ours)
  var theirs = ours
  for s in theirs.indices where s % 10 == 0 {
    theirs[s].title += " (renamed)"
    theirs[s].history.removeFirst()
    theirs[s].history.append(
      History(date: Date(timeIntervalSince1970: 1_800_000_000), attendees: ["Ana"], durationSeconds: 60))
  }
  let written = try ScrumFile.contents(of: Data(contentsOf: URL(fileURLWithPath: store.path)))
  let grown = Lineage(of: written.unknown, bytes: Data()).child(by: "bench", save: 1)
  let reader = ScrumStore(directory: directory + "/merge")
  _ = try reader.load()
  let based = medianMilliseconds(runs: 7) {
    let base = reader.mergeBase(for: theirs, lineage: grown)
    _ = ScrumMerge.merge(base: base, ours: ours, theirs: theirs, oursEdited: [:], theirsWritten: Date())
  }
  let union = medianMilliseconds(runs: 7) {
    _ = ScrumMerge.merge(base: .none, ours: ours, theirs: theirs, oursEdited: [:], theirsWritten: Date())
  }
  print("merge_1000_meetings_ms \(based) \(union)")

  try startMergeFigure(directory: directory + "/restored")
  try longApartFigures(directory: directory + "/apart")
  try largestCopiesFigure(directory: directory + "/copies")
}

/// A 1,000-meeting file put back to the version before the last save (a restore): loading
/// it merges it with the version kept on disk; the baseline loads the file as saved.
private func startMergeFigure(directory: String) throws {
  let older = largeScrumList(meetings: 10)
  var newer = older
  for s in newer.indices where s % 10 == 0 {
    newer[s].history.append(
      History(date: Date(timeIntervalSince1970: 1_800_000_000), attendees: ["Ana"], durationSeconds: 60))
  }
  let store = ScrumStore(directory: directory)
  try store.save(older)
  let restored = try Data(contentsOf: URL(fileURLWithPath: store.path))
  try store.save(newer)
  let saved = try Data(contentsOf: URL(fileURLWithPath: store.path))
  let kept = try Data(contentsOf: URL(fileURLWithPath: store.keptBasePath))
  func load(_ file: Data) throws -> Double {
    try medianMilliseconds(runs: 7) {
      try file.write(to: URL(fileURLWithPath: store.path))
      try kept.write(to: URL(fileURLWithPath: store.keptBasePath))
      _ = try ScrumStore(directory: directory).load()
    }
  }
  print("start_merge_1000_meetings_ms \(try load(restored)) \(try load(saved))")
}

/// Copies that fill one pass (512 MiB: two of 256 MiB, the largest file read) read as the
/// watcher reads them, beside reading their bytes alone.
private func largestCopiesFigure(directory: String) throws {
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: directory) }
  let file = directory + "/scrums.json"
  let scrums = ScrumFile.encode(largeScrumList(meetings: 1_000))
  // Grown to just under the reader's cap with a key of a newer version's, kept as it came.
  let end = scrums.lastIndex(of: UInt8(ascii: "}"))!
  let filler =
    Data(#", "attachments": ""#.utf8) + Data(repeating: 0x61, count: ScrumFile.maximumSize - scrums.count - 64)
  let copy = scrums[..<end] + filler + Data(#""}"#.utf8)
  var paths: [String] = []
  for n in 1...2 {
    let path = directory + "/scrums.sync-conflict-20261126-10150\(n)-ABCDEFG.json"
    try copy.write(to: URL(fileURLWithPath: path))
    paths.append(path)
  }
  let bytes = medianMilliseconds(runs: 3) {
    for path in paths { _ = try? Files.readRegular(path, limit: ScrumFile.maximumSize) }
  }
  var read = 0
  let decoded = medianMilliseconds(runs: 3) {
    read = ConflictCopies.read(besides: file).filter { (try? $0.contents.get()) != nil }.count
  }
  precondition(read == 2, "both copies read")
  print("copies_512mib_read_ms \(decoded) \(bytes)")
}
