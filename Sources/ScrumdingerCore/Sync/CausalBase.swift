import FoundationEssentials

// The base a merge compares both sides with, made from the parts' dots (`Stamps`) rather than
// from a version kept on disk: for each part, the version that both sides provably held last,
// where the dots prove one. A part one side lacks is in the base when the other side's
// version of it is one the first side held (so it was deleted there); of two different
// versions of a part, the one the other side held is the base (only the other side changed
// it since); a part both sides changed has no base (kept in both versions, or the newer edit
// for a scrum's own fields), and a meeting both changed has its notes' base made the same way.
// `ScrumMerge` then merges over it as over any proven base.

/// What the dots of both sides prove, for one merge.
public struct CausalBase: Equatable, Sendable {
  /// The saves each side holds.
  let oursSaves: [String: Int]
  let theirsSaves: [String: Int]
  /// The dot of each part of theirs, and the parts this computer knows, with theirs.
  let theirsDots: [UUID: Dot]
  let oursKnown: KnownParts

  /// What a merge needs beyond the base's scrums.
  struct Made {
    var scrums: [DailyScrum] = []
    /// The notes' bases of meetings both sides changed.
    var noteBases: [UUID: [MeetingNote]] = [:]
    /// The scrums both sides changed the own fields of without a `likely` version of them
    /// (the newer edit wins each such field).
    var fieldsUnproven: Set<UUID> = []
    /// The scrums one side deleted and the other changed since: their base holds only the
    /// parts the deleting side held, and only the other parts stay.
    var changedWhereDeleted: Set<UUID> = []
  }

  /// The base over which `ours` and `theirs` merge.
  func base(ours: [DailyScrum], theirs: [DailyScrum], likely: [DailyScrum]) -> Made {
    let theirsByID = Dictionary(theirs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let oursIDs = Set(ours.map(\.id))
    let likelyByID = Dictionary(likely.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var made = Made()
    for scrum in ours {
      guard let other = theirsByID[scrum.id] else {
        appendDeleted(scrum, heldBy: theirsSaves, dot: { oursDot($0, $1) }, to: &made)
        continue
      }
      var base: DailyScrum
      switch older(scrum.id, ours: .scrum(scrum.ownFields), theirs: .scrum(other.ownFields)) {
      case .same, .ours: base = scrum.ownFields
      case .theirs: base = other.ownFields
      case .neither:
        base = likelyByID[scrum.id]?.ownFields ?? scrum.ownFields
        if likelyByID[scrum.id] == nil { made.fieldsUnproven.insert(scrum.id) }
      }
      base.attendees = list(ours: scrum.attendees, theirs: other.attendees) { .attendee($0) }
      base.history = list(ours: scrum.history, theirs: other.history) { .meeting($0.inFile) }
      let theirMeetings = Dictionary(other.history.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      for meeting in scrum.history {
        guard let theirs = theirMeetings[meeting.id],
          older(meeting.id, ours: .meeting(meeting.inFile), theirs: .meeting(theirs.inFile)) == .neither
        else { continue }
        made.noteBases[meeting.id] = list(ours: meeting.notes, theirs: theirs.notes) { .note($0) }
      }
      made.scrums.append(base)
    }
    for scrum in theirs where !oursIDs.contains(scrum.id) {
      appendDeleted(scrum, heldBy: oursSaves, dot: { id, _ in theirsDots[id] }, to: &made)
    }
    return made
  }

  /// The base of a scrum the other side lacks: whole when that side held every part of it as
  /// it is (so it deleted it); none when it held none (new on this side); else the parts it
  /// held, and the scrum is marked as changed where it was deleted.
  private func appendDeleted(
    _ scrum: DailyScrum, heldBy saves: [String: Int], dot: (UUID, StampedPart) -> Dot?, to made: inout Made
  ) {
    func isHeld(_ id: UUID, _ part: StampedPart) -> Bool { held(dot(id, part), by: saves) }
    var base = scrum
    base.attendees = scrum.attendees.filter { isHeld($0.id, .attendee($0)) }
    base.history = scrum.history.filter { isHeld($0.id, .meeting($0.inFile)) }
    let headHeld = isHeld(scrum.id, .scrum(scrum.ownFields))
    // None of it held: new on its side.
    guard headHeld || !base.attendees.isEmpty || !base.history.isEmpty else { return }
    if !headHeld || base.attendees.count < scrum.attendees.count || base.history.count < scrum.history.count {
      made.changedWhereDeleted.insert(scrum.id)
    }
    made.scrums.append(base)
  }

  /// Which side's version of a part is the one the other side held: the base.
  enum Older { case same, ours, theirs, neither }

  private func older(_ id: UUID, ours: StampedPart, theirs: StampedPart) -> Older {
    if ours == theirs { return .same }
    if held(oursDot(id, ours), by: theirsSaves) { return .ours }
    if held(theirsDots[id], by: oursSaves) { return .theirs }
    return .neither
  }

  /// The items of both lists that the base has: each on both sides as the side that did not
  /// change it has it, and each on one side whose version the other side held.
  private func list<Item: Identifiable & Equatable>(
    ours: [Item], theirs: [Item], part: (Item) -> StampedPart
  ) -> [Item] where Item.ID == UUID {
    let theirsByID = Dictionary(theirs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let oursIDs = Set(ours.map(\.id))
    var base: [Item] = []
    for item in ours {
      guard let other = theirsByID[item.id] else {
        if held(oursDot(item.id, part(item)), by: theirsSaves) { base.append(item) }
        continue
      }
      switch older(item.id, ours: part(item), theirs: part(other)) {
      case .same, .ours: base.append(item)
      case .theirs: base.append(other)
      case .neither: break
      }
    }
    for item in theirs where !oursIDs.contains(item.id) && held(theirsDots[item.id], by: oursSaves) {
      base.append(item)
    }
    return base
  }

  /// The dot of this computer's version of a part: none for a change not saved yet.
  private func oursDot(_ id: UUID, _ part: StampedPart) -> Dot? {
    oursKnown.dot(of: id, part)
  }

  private func held(_ dot: Dot?, by saves: [String: Int]) -> Bool {
    guard let dot else { return false }
    return (saves[dot.computer] ?? 0) >= dot.save
  }
}

extension History {
  /// The meeting as the scrums file has it: this computer's transcript left out.
  var inFile: History {
    var inFile = self
    inFile.transcript = []
    return inFile
  }
}
