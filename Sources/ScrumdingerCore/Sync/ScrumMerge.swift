// Teams keep scrums.json in a synced folder, so the file can change under a running app
// (another machine's meeting synced in, someone else's edit). Saving over it would drop the
// other side's changes; instead the app merges three ways: ours in memory, theirs (the file
// on disk now, or a sync tool's conflict copy), and the base they both grew from, which the
// store proves from the versions' lineage (`Lineage`, `ScrumStore.mergeBase`). Without a
// proven base the merge is a union: nothing present on either side is deleted, and the
// version theirs most likely grew from only says which side changed a field. What only one
// side changed is taken from that side, field by field and meeting by meeting; a deletion is
// carried over only where a proven base has the entry and the other side left it as the
// base had it; only a field both sides changed needs a winner, the newer edit. An attendee
// or note both sides changed is kept in both versions (`BothVersions`).
// Nothing here reads a clock or a file: the times are handed in.
import FoundationEssentials

/// The version a merge compares both sides with.
public struct MergeBase: Equatable, Sendable {
  /// The scrums as that version had them.
  public var scrums: [DailyScrum]
  /// Whether both sides provably grew from it (then a deletion on one side is carried over);
  /// otherwise it is only the likeliest, and nothing is deleted.
  public var proven: Bool
  /// What the parts' dots prove, when both sides state them: the base is then made from
  /// them, part by part (`scrums` only says which field of a scrum's own fields changed where
  /// both sides changed them).
  public var causal: CausalBase?

  public init(_ scrums: [DailyScrum], proven: Bool, causal: CausalBase? = nil) {
    self.scrums = scrums
    self.proven = proven
    self.causal = causal
  }

  /// No base at all: a union, each field that differs a conflict.
  public static let none = MergeBase([], proven: false)
}

/// The three-way merge of the scrums file.
public enum ScrumMerge {
  /// What merging gave.
  public struct Outcome: Equatable, Sendable {
    /// The scrums to show and save.
    public var scrums: [DailyScrum]
    /// The scrums whose same field, attendee or note was changed on both sides.
    public var conflicts: [Conflict]
  }

  /// A scrum changed on both sides in the same place.
  public struct Conflict: Equatable, Sendable {
    /// The scrum's title.
    public var title = ""
    /// Whether a field, attendee or note was changed on both sides (a field: the newer edit won).
    public var changedOnBoth = false
    /// How many attendees and notes changed on both sides were kept in both versions.
    public var keptBoth = 0

    /// What the toast says: "Design was also changed elsewhere", with how many attendees and
    /// notes are kept in both versions.
    public var message: String {
      let title = Texts.shown(title)
      guard keptBoth > 0 else { return tr("%@ was also changed elsewhere", title) }
      return trn(
        "%1$@ was also changed elsewhere: %2$d attendee or note edited on both computers is kept in both versions",
        "%1$@ was also changed elsewhere: %2$d attendees or notes edited on both computers are kept in both versions",
        keptBoth, title, keptBoth)
    }
  }

  /// Merges `theirs` (the file now, written at `theirsWritten`) into `ours` over `base` (a
  /// union, deleting nothing, unless it is proven); `oursEdited` says when each scrum was last
  /// changed here (none: not since the base).
  ///
  /// - Scrums are matched by id. A scrum new on either side is kept (ours in our order,
  ///   theirs after). One deleted on one side goes, unless the other side changed it: then
  ///   it stays, changes and all.
  /// - A scrum on both sides takes, field by field, the side that changed the field; if both
  ///   did, the newer edit wins and its title is reported. Attendees are merged one by one,
  ///   like meetings: one added on either side is kept, one both sides changed is kept in
  ///   both versions, and said.
  /// - History is a union by meeting id: a meeting recorded on either side is kept; one
  ///   deleted on one side goes, unless the other side changed it (its notes) since.
  public static func merge(
    base given: MergeBase, ours: [DailyScrum], theirs: [DailyScrum], oursEdited: [UUID: Date], theirsWritten: Date
  ) -> Outcome {
    var base = given
    var made = CausalBase.Made()
    if let causal = given.causal {
      made = causal.base(ours: ours, theirs: theirs, likely: given.scrums)
      base = MergeBase(made.scrums, proven: true)
    }
    let proven = base.proven
    let baseByID = Dictionary(base.scrums.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let theirsByID = Dictionary(theirs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let oursIDs = Set(ours.map(\.id))
    var conflicts: [Conflict] = []
    var merged: [DailyScrum] = []
    for scrum in ours {
      let original = baseByID[scrum.id]
      guard let other = theirsByID[scrum.id] else {
        // Gone there: it goes too, unless it is new here or changed here since (or the base
        // is not proven). A transcript kept here is no change: it is not in the file.
        if made.changedWhereDeleted.contains(scrum.id), let original {
          merged.append(scrum.keepingChanges(over: original))
        } else if !proven || !(original.map { $0.sameInFile(as: scrum) } ?? false) {
          merged.append(scrum)
        }
        continue
      }
      let theirsNewer = theirsWritten > (oursEdited[scrum.id] ?? .distantPast)
      var conflicted = Conflict(title: scrum.title)
      merged.append(
        mergeScrum(
          base: original, fieldsBase: made.fieldsUnproven.contains(scrum.id) ? nil : original,
          noteBases: made.noteBases,
          proven: proven, ours: scrum, theirs: other, theirsNewer: theirsNewer, conflicted: &conflicted)
      )
      if conflicted.changedOnBoth { conflicts.append(conflicted) }
    }
    for scrum in theirs where !oursIDs.contains(scrum.id) {
      // Deleted here: it stays deleted, unless it changed there since (or the base is not
      // proven); where the dots say which parts changed, only those.
      if made.changedWhereDeleted.contains(scrum.id), let original = baseByID[scrum.id] {
        merged.append(scrum.keepingChanges(over: original))
      } else if !proven || !(baseByID[scrum.id].map { $0.sameInFile(as: scrum) } ?? false) {
        merged.append(scrum)
      }
    }
    return Outcome(scrums: merged, conflicts: conflicts)
  }

  /// Of the versions of the file this computer knows (read or written), the one `theirs`
  /// most likely grew from: the one it differs from least, field by field and meeting by
  /// meeting; the most recent of equals (none known: empty). Good for telling which side
  /// changed a field where no base is proven; never a proof that anything was deleted.
  /// `known` runs oldest first.
  public static func likelyBase(of theirs: [DailyScrum], among known: [[DailyScrum]]) -> [DailyScrum] {
    var best: (version: [DailyScrum], distance: Int)?
    for version in known.reversed() {
      let distance = difference(version, theirs)
      if best.map({ distance < $0.distance }) ?? true { best = (version, distance) }
    }
    return best?.version ?? []
  }

  /// How many fields and meetings tell `one` and `other` apart (a scrum on one side only
  /// counts as all of its fields and meetings).
  static func difference(_ one: [DailyScrum], _ other: [DailyScrum]) -> Int {
    let otherByID = Dictionary(other.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let fields = fields
    var count = 0
    for scrum in one {
      guard let match = otherByID[scrum.id] else {
        count += fields.count + scrum.history.count
        continue
      }
      count += fields.filter { !$0.same(scrum, match) }.count
      let theirs = Dictionary(match.history.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      for entry in scrum.history where !(theirs[entry.id].map { $0.sameInFile(as: entry) } ?? false) { count += 1 }
      count += Set(match.history.map(\.id)).subtracting(scrum.history.map(\.id)).count
    }
    let oneIDs = Set(one.map(\.id))
    let unmatched = other.filter { !oneIDs.contains($0.id) }
    count += unmatched.reduce(0) { $0 + fields.count + $1.history.count }
    return count
  }

  /// A field of a scrum merged on its own: compared, and taken from one side.
  private struct Field {
    let same: (DailyScrum, DailyScrum) -> Bool
    let take: (inout DailyScrum, DailyScrum) -> Void
    init<T: Equatable>(_ path: WritableKeyPath<DailyScrum, T>) {
      same = { $0[keyPath: path] == $1[keyPath: path] }
      take = { $0[keyPath: path] = $1[keyPath: path] }
    }
  }

  /// The fields merged one by one (the history is merged meeting by meeting).
  private static var fields: [Field] {
    [
      Field(\.title), Field(\.lengthInMinutes), Field(\.theme), Field(\.shuffleSpeakingOrder),
      Field(\.turnWarning), Field(\.turnWarningStages), Field(\.meetingWarningMinutes), Field(\.overtime),
      Field(\.agenda), Field(\.schedule), Field(\.language), Field(\.unknown),
    ]
  }

  private static func mergeScrum(
    base: DailyScrum?, fieldsBase: DailyScrum?, noteBases: [UUID: [MeetingNote]], proven: Bool, ours: DailyScrum,
    theirs: DailyScrum, theirsNewer: Bool, conflicted: inout Conflict
  ) -> DailyScrum {
    var result = ours
    for field in fields where !field.same(ours, theirs) {
      if fieldsBase.map({ field.same($0, theirs) }) == true { continue }  // changed here only
      if proven, let fieldsBase, field.same(fieldsBase, ours) {
        field.take(&result, theirs)  // changed there only
      } else {
        // Both changed it, or (no proven base) theirs may be an older version: the newer wins.
        if fieldsBase.map({ !field.same($0, ours) }) ?? true { conflicted.changedOnBoth = true }
        if theirsNewer { field.take(&result, theirs) }
      }
    }
    result.attendees = mergeList(
      base: base?.attendees ?? [], proven: proven, theirsNewer: theirsNewer, ours: ours.attendees,
      theirs: theirs.attendees, conflicted: &conflicted)
    result.history = mergeHistory(
      base: base?.history ?? [], noteBases: noteBases, proven: proven, theirsNewer: theirsNewer, ours: ours.history,
      theirs: theirs.history, conflicted: &conflicted)
    return result
  }

  /// The items of either side, matched by id: one new on either side is kept (ours in our
  /// order, theirs after), one deleted on one side goes if the base is `proven` and the other
  /// left it unchanged; one changed on one side only (over a proven base) is taken from that
  /// side. An item both sides changed, or that differs with no proven base to say which side
  /// changed it, is kept in both versions (`BothVersions`), and `conflicted` says so.
  static func mergeList<Item: BothVersionsItem>(
    base: [Item], proven: Bool, theirsNewer: Bool, ours: [Item], theirs: [Item], conflicted: inout Conflict
  ) -> [Item] {
    guard ours != theirs else { return ours }
    let baseByID = Dictionary(base.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let theirsByID = Dictionary(theirs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let oursIDs = Set(ours.map(\.id))
    var result = ours.flatMap { item -> [Item] in
      let original = baseByID[item.id]
      guard let other = theirsByID[item.id] else { return proven && original == item ? [] : [item] }
      guard other != item, original != other else { return [item] }
      if proven, original == item { return [other] }  // changed there only
      // Both changed it, or (no proven base: the likeliest base cannot prove that this side
      // did not) either may have: both versions stay, in the order every computer gives them.
      guard let (first, second) = BothVersions.kept(item, other) else {
        conflicted.changedOnBoth = true
        return [theirsNewer ? other : item]
      }
      // Kept both before (a version of the pair arriving again): the second is there already.
      if oursIDs.contains(second.id) || theirsByID[second.id] != nil { return [first] }
      conflicted.changedOnBoth = true
      conflicted.keptBoth += 1
      return [first, second]
    }
    result += theirs.filter { !oursIDs.contains($0.id) && (!proven || baseByID[$0.id] != $0) }
    return result
  }

  /// Every meeting of either side, oldest first, but those deleted on one side and not
  /// changed on the other (over a proven base); a meeting changed on one side only (notes) is
  /// taken from that side over a proven base, and otherwise keeps the notes of both. This
  /// computer's transcripts are not in the file, so they never count as a change.
  private static func mergeHistory(
    base: [History], noteBases: [UUID: [MeetingNote]], proven: Bool, theirsNewer: Bool, ours: [History],
    theirs: [History], conflicted: inout Conflict
  ) -> [History] {
    let baseByID = Dictionary(base.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let theirsByID = Dictionary(theirs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let oursIDs = Set(ours.map(\.id))
    var entries = ours.compactMap { entry -> History? in
      let original = baseByID[entry.id]
      let unchangedHere = original.map { $0.sameInFile(as: entry) } ?? false
      guard let other = theirsByID[entry.id] else {
        return proven && unchangedHere ? nil : entry  // deleted there: it goes, unless changed here since
      }
      if other.sameInFile(as: entry) || original.map({ $0.sameInFile(as: other) }) == true { return entry }
      guard proven, unchangedHere else {
        var both = entry
        both.notes = mergeList(
          base: original?.notes ?? noteBases[entry.id] ?? [], proven: proven, theirsNewer: theirsNewer,
          ours: entry.notes, theirs: other.notes,
          conflicted: &conflicted)
        return both
      }
      var taken = other
      taken.transcript = entry.transcript
      return taken
    }
    // New there, or deleted here but changed there since.
    entries += theirs.filter { entry in
      !oursIDs.contains(entry.id) && (!proven || baseByID[entry.id].map { !$0.sameInFile(as: entry) } ?? true)
    }
    if entries.map(\.id) != ours.map(\.id) { entries.sort { $0.date < $1.date } }
    return entries
  }
}

extension History {
  /// Whether the two are the same in the scrums file (this computer's transcript aside).
  func sameInFile(as other: History) -> Bool {
    var mine = self
    var theirs = other
    mine.transcript = []
    theirs.transcript = []
    return mine == theirs
  }
}

extension DailyScrum {
  /// The scrum without the attendees and meetings `deleted` holds as they are here: what stays
  /// of a scrum one side deleted and the other changed since.
  func keepingChanges(over deleted: DailyScrum) -> DailyScrum {
    let attendees = Dictionary(deleted.attendees.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let meetings = Dictionary(deleted.history.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var kept = self
    kept.attendees.removeAll { attendees[$0.id] == $0 }
    kept.history.removeAll { meetings[$0.id]?.sameInFile(as: $0) == true }
    return kept
  }

  /// Whether the two are the same in the scrums file (this computer's transcripts aside).
  func sameInFile(as other: DailyScrum) -> Bool {
    [self].withoutTranscripts == [other].withoutTranscripts
  }
}
