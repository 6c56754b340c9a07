// A merge deletes only what it can prove was deleted on the other side. Where both sides state
// their parts' dots, the proof is in them (`CausalBase`): the store keeps the dots of the parts
// it last read or wrote and merged since (`KnownParts`), and stamps each save's parts with
// them. For a version that states none (an earlier version's file), the proof is a version
// both sides grew from: so the store also remembers the last few versions it read or wrote,
// each with its lineage, and the lineage of what the app holds; the version this computer
// last knew is kept on disk too (`KeptBase`), for the first merge after a restart.
import FoundationEssentials

/// The versions of the scrums file this computer knows, and the lineage of what the app
/// holds: the bases a merge can prove. A value the store keeps under its lock.
struct MergeBases {
  /// How many of the newest versions are kept, for a version that states no dots.
  static let versionLimit = 8
  /// Oldest first, each with its lineage.
  private var versions: [(scrums: [DailyScrum], lineage: Lineage)] = []
  /// The versions what the app holds grew from: the file it read, what it saved since, and
  /// every version merged in (nil before the first read).
  var held: Lineage?
  /// How many versions from elsewhere have been merged into what the app holds: scrums
  /// captured under one count are not saved under another.
  private(set) var mergesHeld = 0
  /// This computer's name in the versions' saves, and how many saves it has made.
  private(set) var computer = ""
  private var savesMade = 0
  /// The parts of the last version read or written, and of every version merged since, each
  /// with its dot: what a save stamps a part it did not change with. A version read is hashed
  /// when first needed, not as it is read (start does not wait for it): until then it is
  /// `unhashed`, and `known` is empty.
  private var known = KnownParts()
  private(set) var unhashed: UnhashedParts?
  private var versionsRead = 0
  /// The parts known once the save `nextSave` stamped last is written (hashed as it stamped).
  private var stamped: (revision: UUID, parts: KnownParts)?

  /// A version read whose parts are not hashed yet, with their dots; `number` tells it from
  /// a version read later.
  struct UnhashedParts: Sendable {
    let version: [DailyScrum]
    let dots: [UUID: Dot]
    let number: Int

    /// Its parts, hashed (off the store's lock: a file of a million parts takes a while).
    var hashed: (parts: KnownParts, of: Int) { (KnownParts(version, dots: dots), number) }
  }

  /// Takes the parts of the version read, hashed: `hashed` if made from the one still
  /// unhashed, else hashed now.
  mutating func hashParts(_ hashed: (parts: KnownParts, of: Int)? = nil) {
    guard let unhashed else { return }
    known = hashed?.of == unhashed.number ? hashed!.parts : unhashed.hashed.parts
    self.unhashed = nil
  }

  /// Names this computer `computer`; its saves count on from the most any known version holds.
  mutating func name(_ computer: String) {
    self.computer = computer
    savesMade = max(
      savesMade, versions.map { $0.lineage.saves(of: computer) }.max() ?? 0, held?.saves(of: computer) ?? 0)
  }

  /// The lineage of the next save of `scrums`, grown from what the app holds, with the dot of
  /// each part: the one it came with where a known version had it so, this save's otherwise.
  mutating func nextSave(of scrums: [DailyScrum]) -> Lineage {
    hashParts()
    savesMade = max(savesMade, held?.saves(of: computer) ?? 0) + 1
    var lineage = (held ?? Lineage(revision: UUID())).child(by: computer, save: savesMade)
    let (dots, written) = known.stamping(scrums, by: Dot(computer: computer, save: savesMade))
    lineage.dots = dots
    stamped = (lineage.revision, written)
    return lineage
  }

  /// Forgets the dots of the parts `ids`: the next save stamps them as its own change (what
  /// an Undo put back is made anew, and every merge keeps it).
  mutating func forget(_ ids: some Sequence<UUID>) {
    hashParts()
    known.forget(ids)
  }

  /// Keeps `version` among the known ones (the newest few), and its parts with their dots.
  mutating func remember(_ version: [DailyScrum], _ lineage: Lineage, replacingParts: Bool = false) {
    // Dots stated by this version of the app (a file read, a save written) are taken as they
    // are, and the parts are only hashed; others need the parts to be compared.
    if replacingParts, let stated = lineage.dots, !lineage.dotsAreStale {
      savesMade = max(savesMade, lineage.saves(of: computer))
      if let stamped, stamped.revision == lineage.revision {
        known = stamped.parts
        unhashed = nil
      } else {
        known = KnownParts()
        versionsRead += 1
        unhashed = UnhashedParts(version: version, dots: stated, number: versionsRead)
      }
      stamped = nil
      keep(version, lineage)
      return
    }
    hashParts()
    let parts = StampedPart.parts(of: version)
    remember(version, lineage, parts: parts, dots: dots(of: parts, lineage), replacingParts: replacingParts)
  }

  /// `remember`, with `version`'s parts and their dots already made.
  private mutating func remember(
    _ version: [DailyScrum], _ lineage: Lineage, parts: [UUID: StampedPart], dots: [UUID: Dot], replacingParts: Bool
  ) {
    savesMade = max(savesMade, lineage.saves(of: computer))
    if replacingParts { known = KnownParts(version, dots: dots) } else { known.add(parts, dots: dots) }
    keep(version, lineage)
  }

  /// Keeps `version` among the newest few known.
  private mutating func keep(_ version: [DailyScrum], _ lineage: Lineage) {
    guard !versions.contains(where: { $0.lineage.revision == lineage.revision }) else { return }
    versions.append((version, lineage))
    if versions.count > Self.versionLimit { versions.removeFirst() }
  }

  /// The dots of `version`'s parts: as stated; where an earlier version of the app wrote the
  /// file over stated dots, those of parts as this computer knows them, and that save's for
  /// the rest; where none are stated (an earlier version's file), the version's own for all.
  private func dots(of parts: [UUID: StampedPart], _ lineage: Lineage) -> [UUID: Dot] {
    let own = Dot(computer: Lineage.computer(named: lineage.revision), save: 1)
    guard let stated = lineage.dots else { return parts.mapValues { _ in own } }
    guard lineage.dotsAreStale else { return stated }
    var dots: [UUID: Dot] = [:]
    for (id, part) in parts {
      let dot = stated[id]
      dots[id] = known.has(id, part, dot: dot) ? dot : own
    }
    return dots
  }

  /// The base to merge `theirs` (a version from elsewhere) over what the app holds: made from
  /// the parts' dots where `theirs` states them (`CausalBase`), with the latest known version
  /// both provably grew from for the fields both sides changed; for a version that states
  /// none, that version. Where no version is proven (none kept, or neither side grew from
  /// one), the one `theirs` most likely grew from, unproven: the merge then deletes nothing.
  /// What the app holds grows from `theirs` from now on, and it is a known version.
  mutating func base(for theirs: [DailyScrum], lineage: Lineage) -> MergeBase {
    hashParts()
    let ours = held
    let common = versions.filter {
      ours?.descends(from: $0.lineage) == true && lineage.descends(from: $0.lineage)
    }
    // The latest common version: the one that holds the most saves (of two, one grew from
    // the other, the later holds more; of two neither grew from, either is proven).
    var base =
      common.max { $0.lineage.saveCount < $1.lineage.saveCount }.map { MergeBase($0.scrums, proven: true) }
      ?? MergeBase(ScrumMerge.likelyBase(of: theirs, among: versions.map(\.scrums)), proven: false)
    // Their parts and dots, made once: for the merge, and to be known from now on.
    let parts = StampedPart.parts(of: theirs)
    let dots = dots(of: parts, lineage)
    if lineage.dots != nil, let ours {
      base.causal = CausalBase(oursSaves: ours.saves, theirsSaves: lineage.saves, theirsDots: dots, oursKnown: known)
    }
    held = held.map { $0.including(lineage) } ?? lineage
    mergesHeld += 1
    remember(theirs, lineage, parts: parts, dots: dots, replacingParts: false)
    return base
  }
}

/// The version of the scrums file this computer last read at start or wrote, kept privately
/// across restarts (`merge-base.json`): the base a merge after a restart can prove.
struct KeptBase: Sendable {
  let path: String

  /// What is kept, told against `data` (the file as it is now).
  enum Version {
    /// `data` itself: nothing to merge, nothing to keep again.
    case same
    /// None that can be read.
    case none
    /// Another version.
    case other(scrums: [DailyScrum], lineage: Lineage)
  }

  /// The version kept, told against `data` (the file as it is now).
  func version(against data: Data) -> Version {
    guard let kept = try? ScrumFileAccess.bytes(of: path) else { return .none }
    if kept == data { return .same }
    return (try? ScrumFileAccess.version(in: kept)).map { .other(scrums: $0.scrums, lineage: $0.lineage) } ?? .none
  }

  /// Keeps `data` (the file as read at start, or just written). Not flushed to disk: a base
  /// lost to a crash is an older base, or none (a union).
  func keep(_ data: Data) {
    try? AtomicFile.write(data, to: path, durable: false)
  }
}
