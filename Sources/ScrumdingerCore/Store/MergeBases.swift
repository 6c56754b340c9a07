// A merge deletes only what it can prove was deleted on the other side: that proof is a
// version both sides grew from. So the store remembers the last few versions of the file it
// read or wrote, each with its lineage, and the lineage of what the app holds; the version
// this computer last knew is kept on disk too (`KeptBase`), for the first merge after a
// restart.
import FoundationEssentials

/// The versions of the scrums file this computer knows, and the lineage of what the app
/// holds: the bases a merge can prove. A value the store keeps under its lock.
struct MergeBases {
  /// How many versions are kept.
  static let versionLimit = 5
  /// Oldest first, each with its lineage.
  private var versions: [(scrums: [DailyScrum], lineage: Lineage)] = []
  /// The versions what the app holds grew from: the file it read, what it saved since, and
  /// every version merged in (nil before the first read).
  var held: Lineage?
  /// How many versions from elsewhere have been merged into what the app holds: scrums
  /// captured under one count are not saved under another.
  private(set) var mergesHeld = 0

  /// Keeps `version` among the known ones.
  mutating func remember(_ version: [DailyScrum], _ lineage: Lineage) {
    if versions.last?.lineage.revision != lineage.revision { versions.append((version, lineage)) }
    if versions.count > Self.versionLimit { versions.removeFirst() }
  }

  /// The base to merge `theirs` (a version from elsewhere) over what the app holds: of the
  /// known versions, the one both provably grew from and that `theirs` grew from last. Where
  /// none is proven (none kept, or neither side grew from one), the one `theirs` most likely
  /// grew from, unproven: the merge then deletes nothing. What the app holds grows from
  /// `theirs` from now on, and it is a known version.
  mutating func base(for theirs: [DailyScrum], lineage: Lineage) -> MergeBase {
    let ours = held
    let common = versions.filter {
      ours?.descends(from: $0.lineage.revision) == true && lineage.descends(from: $0.lineage.revision)
    }
    // The latest common version: one no other common version grew from (after merges,
    // theirs' nearest ancestor may be older than a version both sides merged it into).
    let candidates = common.filter { version in
      !common.contains { $0.lineage.ancestors.contains(version.lineage.revision) }
    }.map { (scrums: $0.scrums, distance: lineage.distance(to: $0.lineage.revision) ?? Int.max) }
    let base =
      candidates.min { $0.distance < $1.distance }.map { MergeBase($0.scrums, proven: true) }
      ?? MergeBase(ScrumMerge.likelyBase(of: theirs, among: versions.map(\.scrums)), proven: false)
    held = held.map { $0.including(lineage) } ?? lineage
    mergesHeld += 1
    remember(theirs, lineage)
    return base
  }
}

/// The version of the scrums file this computer last read at start or wrote, kept privately
/// across restarts (`merge-base.json`): the base a merge after a restart can prove.
struct KeptBase: Sendable {
  let path: String

  /// The version kept, when it is not `data` (the file as it is now).
  func version(unlike data: Data) -> (scrums: [DailyScrum], lineage: Lineage)? {
    guard let kept = try? ScrumFileAccess.bytes(of: path), kept != data else { return nil }
    return try? ScrumFileAccess.version(in: kept)
  }

  /// Keeps `data` (the file as read at start, or just written). Not flushed to disk: a base
  /// lost to a crash is an older base, or none (a union).
  func keep(_ data: Data) {
    try? AtomicFile.write(data, to: path, durable: false)
  }
}
