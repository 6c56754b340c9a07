// A scrums file from elsewhere (what a merge removed, kept in the Trash; a teammate's export; a
// backup) is added to the list, never put in its place: a scrum not held joins whole, one held
// gains the meetings it lacks, and nothing held is changed or taken away. The same union
// brings back what a merge removed (Undo of a removal kept across restarts).
import FoundationEssentials

/// Adding a scrums file's scrums and meetings to the list.
public enum ScrumImport {
  /// `current` with `file`'s scrums and meetings added, and what that added.
  public static func adding(_ file: [DailyScrum], to current: [DailyScrum]) -> (
    scrums: [DailyScrum], added: MergeRemovals
  ) {
    let scrums = current.adding(file)
    return (scrums, MergeRemovals(before: scrums, after: current))
  }

  /// A file's scrums as they may join the team's file: what only this version of the file
  /// says is left out (keys this version does not know, which the file to import may carry
  /// by any name), and ids that stand twice in it are made unique the same way on every
  /// computer (`ScrumFile.freshenDuplicateIDs`).
  public static func prepared(_ file: [DailyScrum]) -> [DailyScrum] {
    var scrums = file
    _ = ScrumFile.freshenDuplicateIDs(&scrums)
    for s in scrums.indices {
      scrums[s].unknown = UnknownFields()
      for a in scrums[s].attendees.indices { scrums[s].attendees[a].unknown = UnknownFields() }
      for h in scrums[s].history.indices { scrums[s].history[h].unknown = UnknownFields() }
    }
    return scrums
  }

  /// Whether `scrums` make a file any reader takes (no larger than `limit`, the reader's cap):
  /// an import that would make a larger one is refused, or every later save would be.
  public static func fits(_ scrums: [DailyScrum], limit: Int = ScrumFile.maximumSize) -> Bool {
    ScrumFile.encode(scrums).count <= limit
  }

  /// `scrums` without what an import `added`: its Undo.
  public static func removing(_ added: MergeRemovals, from scrums: [DailyScrum]) -> [DailyScrum] {
    let wholeScrums = Set(added.scrums.map(\.scrum.id))
    let meetings = Set(added.meetings.map(\.meeting.id))
    return scrums.filter { !wholeScrums.contains($0.id) }.map { scrum in
      var kept = scrum
      kept.history.removeAll { meetings.contains($0.id) }
      return kept
    }
  }

  /// What the question before an import says will be added: "1 scrum and 2 meetings will be
  /// added to yours…".
  public static func question(for added: MergeRemovals) -> String {
    tr("%@ will be added to yours. Nothing of yours is changed or removed.", added.counted)
  }

  /// What importing the file called `name` did, said in a toast.
  public static func summary(of added: MergeRemovals, from name: String) -> String {
    added.isEmpty
      ? tr("Nothing to import: every scrum and meeting in “%@” is here already", name)
      : tr("Imported %@ from “%@”", added.counted, name)
  }
}

extension [DailyScrum] {
  /// These scrums with `other`'s added and nothing taken away: a scrum not here joins at the
  /// end, whole; one here gains the meetings it lacks, in date order. (An Undo of what a merge
  /// removed, a scrums file imported.)
  public func adding(_ other: [DailyScrum]) -> [DailyScrum] {
    var result = self
    var index = Dictionary(result.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    for scrum in other {
      guard let at = index[scrum.id] else {
        index[scrum.id] = result.count
        result.append(scrum)
        continue
      }
      let held = Set(result[at].history.map(\.id))
      let missing = scrum.history.filter { !held.contains($0.id) }
      guard !missing.isEmpty else { continue }
      result[at].history += missing
      result[at].history.sort { $0.date < $1.date }
    }
    return result
  }
}
