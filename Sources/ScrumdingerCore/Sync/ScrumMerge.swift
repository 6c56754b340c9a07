// Teams keep scrums.json in a synced folder, so the file can change under a running app
// (another machine's meeting synced in, someone else's edit). Saving over it would drop the
// other side's changes; instead the app merges three ways: the scrums as the file last was
// when we read or wrote it (the base), ours in memory, and theirs on disk now. What only one
// side changed is taken from that side, field by field; a meeting recorded on either side is
// kept; only a field both sides changed needs a winner, the newer edit. Nothing here reads a
// clock or a file: the times are handed in.
import FoundationEssentials

/// The three-way merge of the scrums file.
public enum ScrumMerge {
  /// What merging gave.
  public struct Outcome: Equatable, Sendable {
    /// The scrums to show and save.
    public var scrums: [DailyScrum]
    /// The titles of scrums whose same field was changed on both sides (the newer edit won).
    public var conflicts: [String]
  }

  /// Merges `theirs` (the file now, written at `theirsWritten`) into `ours`, both descended
  /// from `base`; `oursEdited` says when each scrum was last changed here (none: not since
  /// the base).
  ///
  /// - Scrums are matched by id. A scrum new on either side is kept (ours in our order,
  ///   theirs after). One deleted on one side goes, unless the other side changed it: then
  ///   it stays, changes and all.
  /// - A scrum on both sides takes, field by field, the side that changed the field; if both
  ///   did, the newer edit wins and its title is reported.
  /// - History is a union by meeting id: a meeting recorded on either side is never dropped;
  ///   one deleted here stays deleted; one deleted only there comes back.
  public static func merge(
    base: [DailyScrum], ours: [DailyScrum], theirs: [DailyScrum], oursEdited: [UUID: Date], theirsWritten: Date
  ) -> Outcome {
    let baseByID = Dictionary(base.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let theirsByID = Dictionary(theirs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let oursIDs = Set(ours.map(\.id))
    var conflicts: [String] = []
    var merged: [DailyScrum] = []
    for scrum in ours {
      let original = baseByID[scrum.id]
      guard let other = theirsByID[scrum.id] else {
        // Gone there: it goes too, unless it is new here or changed here since.
        if original == nil || original != scrum { merged.append(scrum) }
        continue
      }
      let theirsNewer = theirsWritten > (oursEdited[scrum.id] ?? .distantPast)
      var conflicted = false
      merged.append(
        mergeScrum(base: original, ours: scrum, theirs: other, theirsNewer: theirsNewer, conflicted: &conflicted))
      if conflicted { conflicts.append(scrum.title) }
    }
    for scrum in theirs where !oursIDs.contains(scrum.id) {
      // Deleted here: it stays deleted, unless it changed there since.
      if let original = baseByID[scrum.id], original == scrum { continue }
      merged.append(scrum)
    }
    return Outcome(scrums: merged, conflicts: conflicts)
  }

  private static func mergeScrum(
    base: DailyScrum?, ours: DailyScrum, theirs: DailyScrum, theirsNewer: Bool, conflicted: inout Bool
  ) -> DailyScrum {
    var result = ours
    func field<T: Equatable>(_ path: WritableKeyPath<DailyScrum, T>) {
      let mine = ours[keyPath: path], other = theirs[keyPath: path]
      guard mine != other else { return }
      let original = base?[keyPath: path]
      if original == mine {
        result[keyPath: path] = other
      } else if original != other {
        conflicted = true
        if theirsNewer { result[keyPath: path] = other }
      }
    }
    field(\.title)
    field(\.attendees)
    field(\.lengthInMinutes)
    field(\.theme)
    field(\.shuffleSpeakingOrder)
    field(\.turnWarning)
    field(\.overtime)
    field(\.agenda)
    field(\.schedule)
    field(\.unknown)
    result.history = mergeHistory(base: base?.history ?? [], ours: ours.history, theirs: theirs.history)
    return result
  }

  /// Every meeting of either side, oldest first, but those deleted here; a meeting changed
  /// on one side only (notes, a transcript) is taken from that side.
  private static func mergeHistory(base: [History], ours: [History], theirs: [History]) -> [History] {
    let baseByID = Dictionary(base.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let theirsByID = Dictionary(theirs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let oursIDs = Set(ours.map(\.id))
    var entries = ours.map { entry -> History in
      guard let other = theirsByID[entry.id], other != entry, baseByID[entry.id] == entry else { return entry }
      return other
    }
    entries += theirs.filter { !oursIDs.contains($0.id) && baseByID[$0.id] == nil }
    if entries.count != ours.count { entries.sort { $0.date < $1.date } }
    return entries
  }
}
