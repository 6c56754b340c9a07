// A start that finds 5,000 conflict copies beside a team's file (ten scrums; each copy another
// computer's version with one meeting of its own): the file watcher merges them all, a
// hundred a pass, while a 2 ms probe measures the main loop's longest stall. Beside it, the
// same start with no copy at all: what loading the watcher costs by itself.
import Foundation
import Platform
import ScrumdingerCore

/// Prints `copies_5000_start_stall_ms` (and the stall with none) and `copies_5000_merged_s`.
@MainActor func copiesStartFigures(directory: String) throws {
  let scrums = Array(largeScrumList(meetings: 2).prefix(10))
  var merged = 0.0
  func start(copies: Int) throws -> Double {
    let folder = directory + "/copies-\(copies)"
    let store = ScrumStore(directory: folder)
    try store.save(scrums)
    for n in 0..<copies {
      var theirs = scrums
      theirs[n % scrums.count].history.append(
        History(
          date: Date(timeIntervalSince1970: 1_800_000_000 + Double(n) * 60), attendees: ["Ana"], durationSeconds: 60))
      let name = String(format: "scrums.sync-conflict-20261203-%06d-ABCDEFG.json", n)
      try ScrumFile.encode(theirs).write(to: URL(fileURLWithPath: folder + "/" + name))
    }
    let state = AppState(scrums: try store.load())
    let running = Running()
    let began = ContinuousClock.now
    let stall = longestMainLoopStall { done in
      running.watcher = FileWatcher(
        store: store, state: state, transcripts: TranscriptStore(folder: folder + "/transcripts"), now: Date.init
      ) { event in
        guard case .looked = event,
          !Files.names(in: folder).contains(where: { ConflictCopies.isCopy($0, of: "scrums.json") })
        else { return }
        done()
      }
    }
    merged = (ContinuousClock.now - began).milliseconds / 1000
    let meetings = state.scrums.value.reduce(0) { $0 + $1.history.count }
    precondition(meetings == 20 + copies, "every copy's meeting merged (\(meetings))")
    running.watcher = nil
    try FileManager.default.removeItem(atPath: folder)
    return stall
  }
  let none = try start(copies: 0)
  let many = try start(copies: Int(ProcessInfo.processInfo.environment["COPIES"] ?? "5000")!)
  print("copies_5000_start_stall_ms \(many) \(none)")
  print("copies_5000_merged_s \(merged) 0")
}

/// The watcher of the start being measured, kept until it is measured.
@MainActor private final class Running {
  var watcher: FileWatcher?
}
