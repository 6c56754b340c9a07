// The sync figures of a long life: a 1,000-meeting file whose lineage states 10,000 saves of
// two computers, then two computers apart while one saves 500 times (a meeting a save: a
// laptop closed for a month) and the other once (a meeting deleted, a scrum renamed). The
// copy that then arrives is merged over the parts' dots, timed beside the union made with no
// base at all; and the bytes the lineage takes in the file beside the scrums'.
import Foundation
import Platform
import ScrumdingerCore

/// Prints `merge_after_500_apart_ms` (and the union's) and `lineage_bytes` (and the file's).
func longApartFigures(directory: String) throws {
  let (here, there) = (ScrumStore(directory: directory + "/here"), ScrumStore(directory: directory + "/there"))
  var scrums = largeScrumList(meetings: 10)
  var lineage = Lineage(revision: UUID(), saves: ["0123456789abcdef": 6_000, "fedcba9876543210": 4_000])
  var dots: [UUID: Dot] = [:]
  for scrum in scrums {
    for id in [scrum.id] + scrum.attendees.map(\.id) + scrum.history.map(\.id) {
      dots[id] = Dot(computer: dots.count % 2 == 0 ? "0123456789abcdef" : "fedcba9876543210", save: 3_000)
    }
  }
  lineage.dots = dots
  let history = ScrumFile.encode(scrums, unknown: lineage.unknownFields)
  for store in [here, there] {
    try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
    try history.write(to: URL(fileURLWithPath: store.path))
    _ = try store.load()
  }
  var theirs = scrums
  let deleted = theirs[1].history.removeFirst()
  theirs[2].title += " (renamed)"
  try there.save(theirs)
  for save in 0..<500 {
    scrums[save % 100].history.append(
      History(
        date: Date(timeIntervalSince1970: 1_800_000_000 + Double(save) * 86_400), attendees: ["Ana"],
        durationSeconds: 60))
    try here.save(scrums)
  }
  let arrived = try ScrumStore.readArrived(there.path)
  let base = here.mergeBase(for: arrived.scrums, lineage: arrived.lineage)
  var merged: [DailyScrum] = []
  let proven = medianMilliseconds(runs: 7) {
    merged =
      ScrumMerge.merge(base: base, ours: scrums, theirs: arrived.scrums, oursEdited: [:], theirsWritten: Date())
      .scrums
  }
  precondition(!merged[1].history.contains { $0.id == deleted.id }, "the meeting deleted there stays deleted")
  precondition(merged[2].title == theirs[2].title && merged.map(\.history.count).reduce(0, +) == 1_499, "all kept")
  let union = medianMilliseconds(runs: 7) {
    _ = ScrumMerge.merge(base: .none, ours: scrums, theirs: arrived.scrums, oursEdited: [:], theirsWritten: Date())
  }
  print("merge_after_500_apart_ms \(proven) \(union)")
  let file = try Data(contentsOf: URL(fileURLWithPath: here.path))
  let stated = try ScrumFile.contents(of: file).unknown.fields.filter {
    [Lineage.key, Lineage.vectorKey].contains($0.key)
  }
  print("lineage_bytes \(stated.reduce(0) { $0 + $1.json.utf8.count }) \(file.count)")
}
