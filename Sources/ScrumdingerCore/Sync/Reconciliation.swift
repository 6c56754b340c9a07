// What the app does with a version of the scrums file that came from elsewhere, apart from
// GLib's file monitors and the main loop (FileWatcher drives it), so that a model test can run
// these same rules through thousands of schedules of computers editing, syncing and
// restarting. A change to the file and each conflict copy are merged into what the app holds
// over the base the store proves (`ScrumStore.mergeBase`; none: a union); the newer edit wins
// a field both sides changed, so the time of each edit made here is remembered.
import FoundationEssentials

/// Merges versions of the scrums file from elsewhere into what the app holds.
public struct Reconciliation: Sendable {
  /// When what the app holds of each scrum was last changed: edited here, or the time of
  /// the file version it was read or merged from.
  private var changedAt: [UUID: Date] = [:]

  public init() {}

  /// What merging one version gave.
  public struct Step: Sendable {
    /// What the app holds now.
    public var scrums: [DailyScrum]
    /// Whether that differs from what the app held before.
    public var changed: Bool
    /// Whether the file must be written (what the app holds differs from what it says).
    public var needsSave: Bool
    /// The scrums whose same field, attendee or note both sides changed.
    public var conflicts: [ScrumMerge.Conflict]
  }

  /// Remembers that the app read `scrums` from a file written at `written`.
  public mutating func loaded(_ scrums: [DailyScrum], written: Date) {
    for scrum in scrums where changedAt[scrum.id] == nil { changedAt[scrum.id] = written }
  }

  /// Remembers that the scrums that differ between `before` and `after` were edited at `time`.
  public mutating func noteEdits(before: [DailyScrum], after: [DailyScrum], at time: Date) {
    let old = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for scrum in after where old[scrum.id] != scrum { changedAt[scrum.id] = time }
  }

  /// The scrums that `merged` took from a version written at `written` date from then.
  private mutating func noteMerged(_ merged: [DailyScrum], from ours: [DailyScrum], written: Date) {
    let old = Dictionary(ours.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for scrum in merged where old[scrum.id] != scrum {
      changedAt[scrum.id] = max(changedAt[scrum.id] ?? .distantPast, written)
    }
  }

  /// Merges the file's contents `theirs` (written at `written`, read over `base`; `attach`
  /// gives this computer's transcripts) into `ours`.
  public mutating func file(
    _ theirs: [DailyScrum], base: MergeBase, written: Date, into ours: [DailyScrum],
    attach: ([DailyScrum]) -> [DailyScrum] = { $0 }
  ) -> Step {
    let attached = attach(theirs)
    var outcome = ScrumMerge.merge(
      base: base, ours: ours, theirs: attached, oursEdited: changedAt, theirsWritten: written)
    // The same scrums, attendees, meetings or notes in another order: the file's order is
    // taken, so that two computers that each put the other's new item after their own settle
    // on one order instead of saving theirs over each other for ever.
    if outcome.scrums.holdsTheSame(as: attached) { outcome.scrums = attached }
    noteMerged(outcome.scrums, from: ours, written: written)
    return Step(
      scrums: outcome.scrums, changed: outcome.scrums != ours,
      needsSave: outcome.scrums.withoutTranscripts != theirs, conflicts: outcome.conflicts)
  }

  /// Merges a conflict copy's `theirs` (written at `written`) into `ours`, over `base` (what the
  /// store proves of the copy's lineage: `ScrumStore.mergeBase(for:lineage:)`).
  public mutating func copy(
    _ theirs: [DailyScrum], base: MergeBase, written: Date, into ours: [DailyScrum],
    attach: ([DailyScrum]) -> [DailyScrum] = { $0 }
  ) -> Step {
    var outcome = ScrumMerge.merge(
      base: base, ours: ours, theirs: attach(theirs), oursEdited: changedAt, theirsWritten: written)
    // The same scrums in another order: the file's order (ours) stays.
    if outcome.scrums.holdsTheSame(as: ours) { outcome.scrums = ours }
    noteMerged(outcome.scrums, from: ours, written: written)
    let changed = outcome.scrums != ours
    return Step(scrums: outcome.scrums, changed: changed, needsSave: changed, conflicts: outcome.conflicts)
  }
}

extension [DailyScrum] {
  /// Whether these and `other` hold the same scrums, attendees, meetings and notes, in any
  /// order: lists of other lengths are told apart before anything is sorted (a merge that
  /// brought a meeting costs no sort of every meeting).
  fileprivate func holdsTheSame(as other: [DailyScrum]) -> Bool {
    guard count == other.count else { return false }
    let others = Dictionary(other.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for scrum in self {
      guard let twin = others[scrum.id], twin.attendees.count == scrum.attendees.count,
        twin.history.count == scrum.history.count
      else { return false }
    }
    return self == other || inAnyOrder == other.inAnyOrder
  }

  /// The scrums with every list the merge matches by id (scrums, attendees, meetings, notes)
  /// in the order of their ids: two that are equal so hold the same in another order.
  fileprivate var inAnyOrder: [DailyScrum] {
    sorted { $0.id < $1.id }.map { scrum in
      var scrum = scrum
      scrum.attendees.sort { $0.id < $1.id }
      scrum.history.sort { $0.id < $1.id }
      for h in scrum.history.indices { scrum.history[h].notes.sort { $0.id < $1.id } }
      return scrum
    }
  }
}
