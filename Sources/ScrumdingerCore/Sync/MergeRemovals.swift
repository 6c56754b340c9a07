// A merge may take away what the other computer deleted: a scrum, or a meeting with its notes.
// That is right when the other side meant it, but the user here should see it happen and be
// able to take it back, and what went should not be gone for good: the app says what a merge
// removed, offers Undo, and puts the removed entries in the Trash as a scrums file.
import FoundationEssentials

/// What a merge removed from the scrums this computer held.
public struct MergeRemovals: Sendable {
  /// Scrums removed whole, with where each stood in the list.
  public private(set) var scrums: [(index: Int, scrum: DailyScrum)] = []
  /// Meetings removed from scrums that stay, with the scrum each belonged to (as it was).
  public private(set) var meetings: [(scrum: DailyScrum, meeting: History)] = []

  /// What is in `before` and not in `after`.
  public init(before: [DailyScrum], after: [DailyScrum]) {
    let kept = Dictionary(after.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for (index, scrum) in before.enumerated() {
      guard let now = kept[scrum.id] else {
        scrums.append((index, scrum))
        continue
      }
      let meetingsKept = Set(now.history.map(\.id))
      for entry in scrum.history where !meetingsKept.contains(entry.id) { meetings.append((scrum, entry)) }
    }
  }

  /// Counts `scrum` as removed whole.
  mutating func add(scrum: DailyScrum) { scrums.append((scrums.count, scrum)) }

  /// Counts `meeting` as removed from `scrum`.
  mutating func add(meeting: History, of scrum: DailyScrum) { meetings.append((scrum, meeting)) }

  /// The ids of what was removed: every part of a scrum removed whole; a meeting and its
  /// notes, not the scrum it belonged to (which stayed, its attendees unchanged).
  var removedPartIDs: [UUID] {
    scrums.flatMap(\.scrum.partIDs) + meetings.flatMap { [$0.meeting.id] + $0.meeting.notes.map(\.id) }
  }

  /// Whether nothing was removed.
  public var isEmpty: Bool { scrums.isEmpty && meetings.isEmpty }

  /// "1 meeting removed", "1 scrum and 2 meetings removed" (a removed scrum's meetings are
  /// not counted apart).
  public var summary: String {
    switch (scrums.count, meetings.count) {
    case (0, let m): trn("%d meeting removed", "%d meetings removed", m)
    case (let s, 0): trn("%d scrum removed", "%d scrums removed", s)
    case (let s, let m): tr("%@ and %@ removed", trn("%d scrum", "%d scrums", s), trn("%d meeting", "%d meetings", m))
    }
  }

  /// "1 meeting", "2 scrums", "1 scrum and 2 meetings": what there is, counted as `summary` does.
  public var counted: String {
    switch (scrums.count, meetings.count) {
    case (0, let m): trn("%d meeting", "%d meetings", m)
    case (let s, 0): trn("%d scrum", "%d scrums", s)
    // Translators: "1 scrum and 2 meetings"; each %@ is a count with its noun.
    case (let s, let m): tr("%@ and %@", trn("%d scrum", "%d scrums", s), trn("%d meeting", "%d meetings", m))
    }
  }

  /// `scrums` with what was removed put back: each scrum where it stood (or at the end), each
  /// meeting in its scrum's history by date, unless it is there again already.
  public func restored(into scrums: [DailyScrum]) -> [DailyScrum] {
    var result = scrums
    for (index, scrum) in self.scrums where !result.contains(where: { $0.id == scrum.id }) {
      result.insert(scrum, at: min(index, result.count))
    }
    for (scrum, meeting) in meetings {
      guard let s = result.firstIndex(where: { $0.id == scrum.id }),
        !result[s].history.contains(where: { $0.id == meeting.id })
      else { continue }
      let at = result[s].history.firstIndex { $0.date > meeting.date } ?? result[s].history.endIndex
      result[s].history.insert(meeting, at: at)
    }
    return result
  }

  /// What was removed as scrums to keep in a file: the removed scrums whole, and each scrum
  /// that lost meetings with those meetings alone.
  public var asScrums: [DailyScrum] {
    var result = scrums.map(\.scrum)
    let wholeScrums = result.count
    for (scrum, meeting) in meetings {  // a scrum's meetings come one after another
      if result.count > wholeScrums, result[result.count - 1].id == scrum.id {
        result[result.count - 1].history.append(meeting)
      } else {
        var kept = scrum
        kept.history = [meeting]
        result.append(kept)
      }
    }
    return result
  }
}
