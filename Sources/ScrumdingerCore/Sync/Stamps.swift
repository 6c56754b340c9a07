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
enum StampedPart: Equatable, Sendable {
  case scrum(DailyScrum)
  case attendee(Attendee)
  case meeting(History)
  case note(MeetingNote)

  /// Every part of `scrums`, by id.
  static func parts(of scrums: [DailyScrum]) -> [UUID: StampedPart] {
    var parts: [UUID: StampedPart] = [:]
    for scrum in scrums {
      parts[scrum.id] = .scrum(scrum.ownFields)
      for attendee in scrum.attendees { parts[attendee.id] = .attendee(attendee) }
      for meeting in scrum.history {
        var inFile = meeting
        inFile.transcript = []
        parts[meeting.id] = .meeting(inFile)
        for note in meeting.notes { parts[note.id] = .note(note) }
      }
    }
    return parts
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

/// The dots of a version's parts, as the file keeps them: per computer, the parts it last
/// changed and the number of that save.
struct StoredStamps: Codable {
  var changed: [String: [String: Int]]

  init(changed: [String: [String: Int]]) { self.changed = changed }

  init(_ dots: [UUID: Dot]) {
    var changed: [String: [String: Int]] = [:]
    for (id, dot) in dots { changed[dot.computer, default: [:]][id.uuidString] = dot.save }
    self.changed = changed
  }

  /// The dots stated (an id or a count that cannot be read is left out: that part counts as
  /// changed by a save no other computer holds).
  var dots: [UUID: Dot] {
    var dots: [UUID: Dot] = [:]
    for (computer, parts) in changed {
      for (id, save) in parts where Lineage.saveRange.contains(save) {
        if let id = UUID(uuidString: id) { dots[id] = Dot(computer: computer, save: save) }
      }
    }
    return dots
  }
}
