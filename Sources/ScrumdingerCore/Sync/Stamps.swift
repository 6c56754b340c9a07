import FoundationEssentials

// Which save last changed each part of a version: a scrum's own fields, each attendee, each
// meeting (notes included) and each note, stamped with a dot, the computer and the number of
// its save that changed it. With the version's saves per computer (`Lineage.saves`) a dot
// says what no kept base has to: a part one side lacks was deleted there when that side holds
// the save that made the part as the other side has it; of two different versions of a part,
// the one whose dot the other side holds is the older, and where neither holds the other's,
// both changed it. So a merge needs no version both sides grew from, and its proof cannot
// age, whatever the number of computers or of saves since (`CausalBase`).

/// The save that last changed a part: `computer`'s `save`-th.
public struct Dot: Hashable, Sendable {
  public var computer: String
  public var save: Int

  public init(computer: String, save: Int) {
    self.computer = computer
    self.save = save
  }
}

/// A part of a version that a dot stamps, as it is compared: a scrum's own fields (its lists
/// left out), an attendee, a meeting as the file has it (notes in, this computer's transcript
/// out), a note.
enum StampedPart: Hashable, Sendable {
  case scrum(DailyScrum)
  case attendee(Attendee)
  case meeting(History)
  case note(MeetingNote)

  /// Every part of `scrums`, by id.
  static func parts(of scrums: [DailyScrum]) -> [UUID: StampedPart] {
    var parts: [UUID: StampedPart] = [:]
    forEach(in: scrums) { id, part in parts[id] = part }
    return parts
  }

  /// Runs `body` with every part of `scrums` and its id, making no table of them (a file of
  /// a million parts is stamped and known at load and at every save).
  static func forEach(in scrums: [DailyScrum], _ body: (UUID, StampedPart) -> Void) {
    for scrum in scrums {
      body(scrum.id, .scrum(scrum.ownFields))
      for attendee in scrum.attendees { body(attendee.id, .attendee(attendee)) }
      for meeting in scrum.history {
        var inFile = meeting
        inFile.transcript = []
        body(meeting.id, .meeting(inFile))
        for note in meeting.notes { body(note.id, .note(note)) }
      }
    }
  }
}

extension DailyScrum {
  /// The scrum's own fields, without its attendees and meetings (each stamped on its own).
  var ownFields: DailyScrum {
    var fields = self
    fields.attendees = []
    fields.history = []
    return fields
  }

  /// The ids of the scrum and of every part in it.
  var partIDs: [UUID] {
    [id] + attendees.map(\.id) + history.flatMap { [$0.id] + $0.notes.map(\.id) }
  }
}

/// The parts of the versions known here, each as a hash of its value with its dot: what a save
/// stamps a part it did not change with, and how a merge finds the dot of this side's version
/// of a part. Hashes are this process's own (`Hasher`), never stored, so a part costs a few
/// bytes here, not a copy of its value.
struct KnownParts: Equatable, Sendable {
  private struct Known: Equatable, Sendable {
    var hash: Int
    var dot: Dot
  }

  /// Of the version read or written last, and of versions merged since where they differ.
  private var last: [UUID: Known] = [:]
  private var merged: [UUID: [Known]] = [:]

  /// None known.
  init() {}

  /// Only the parts of `version`, with `dots` (a version read or written).
  init(_ version: [DailyScrum], dots: [UUID: Dot]) {
    last.reserveCapacity(dots.count)
    StampedPart.forEach(in: version) { id, part in
      if let dot = dots[id] { last[id] = Known(hash: part.hashValue, dot: dot) }
    }
  }

  /// The dots a save by `save` stamps `scrums`' parts with (the one a known version had a
  /// part with, this save's otherwise), and the parts known once it is written: each part
  /// hashed once for both.
  func stamping(_ scrums: [DailyScrum], by save: Dot) -> (dots: [UUID: Dot], written: KnownParts) {
    var dots: [UUID: Dot] = [:]
    var written = KnownParts()
    dots.reserveCapacity(last.count)
    written.last.reserveCapacity(last.count)
    StampedPart.forEach(in: scrums) { id, part in
      let hash = part.hashValue
      let dot = dot(of: id, hash: hash) ?? save
      dots[id] = dot
      written.last[id] = Known(hash: hash, dot: dot)
    }
    return (dots, written)
  }

  /// Adds the parts of `version` with `dots` (a version merged in).
  mutating func add(_ version: [UUID: StampedPart], dots: [UUID: Dot]) {
    for (id, part) in version {
      guard let dot = dots[id] else { continue }
      let known = Known(hash: part.hashValue, dot: dot)
      if last[id] == known || merged[id]?.contains(known) == true { continue }
      merged[id, default: []].append(known)
    }
  }

  /// The dot of `part` (of id `id`) as a known version had it; nil when none did.
  func dot(of id: UUID, _ part: StampedPart) -> Dot? {
    dot(of: id, hash: part.hashValue)
  }

  /// The dot of the part of id `id` and hash `hash` as a known version had it.
  private func dot(of id: UUID, hash: Int) -> Dot? {
    if let known = last[id], known.hash == hash { return known.dot }
    return merged[id]?.last { $0.hash == hash }?.dot
  }

  /// Whether a known version had `part` (of id `id`) with `dot`.
  func has(_ id: UUID, _ part: StampedPart, dot: Dot?) -> Bool {
    let known = Known(hash: part.hashValue, dot: dot ?? Dot(computer: "", save: 0))
    return dot != nil && (last[id] == known || merged[id]?.contains(known) == true)
  }

  /// Forgets the parts `ids`: the next save stamps them anew.
  mutating func forget(_ ids: some Sequence<UUID>) {
    for id in ids {
      last[id] = nil
      merged[id] = nil
    }
  }
}
