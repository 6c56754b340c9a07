// What a merge removes must be seen by the user here, with Undo, whatever process made the
// merge: a window shows it at once, but the background process for reminders and one started
// by the overview's search have none. So what went is kept privately in the data folder
// (`merge-removals.json`, a scrums file) until a window has shown it and the user let it go
// or took it back; a merge whose removals cannot be kept there (a read-only folder) keeps the
// entries instead. While they are pending, their meetings' recordings stay too (start-up's
// clean-up keeps them), so an Undo brings everything back.
import FoundationEssentials
import Platform

/// What merges removed that no window has shown yet, kept privately across restarts.
public final class PendingRemovals {
  /// The file that holds them.
  public let path: String
  /// The removed scrums, and the scrums that lost meetings with those meetings alone.
  public private(set) var scrums: [DailyScrum]

  /// What is pending in `folder` (a file that cannot be read counts as none: it is left as
  /// it is, and overwritten by the next removal).
  public init(folder: String) {
    path = folder + "/merge-removals.json"
    scrums = (try? Files.readRegular(path, limit: ScrumFile.maximumSize)).flatMap { try? ScrumFile.decode($0) } ?? []
  }

  /// Whether nothing is pending.
  public var isEmpty: Bool { scrums.isEmpty }

  /// Keeps what `removals` took, with what was pending; false when it cannot be written (then
  /// the merge must not remove it).
  public func keep(_ removals: MergeRemovals) -> Bool {
    write(scrums.adding(removals.asScrums))
  }

  /// What adding the pending entries back to `current` would bring, but for what `shown`
  /// (toasts on screen) already says: the removals to show.
  public func removals(from current: [DailyScrum], except shown: [MergeRemovals] = []) -> MergeRemovals {
    MergeRemovals(before: current.adding(shown.reduce(scrums) { Self.without($1, in: $0) }), after: current)
  }

  /// Lets go of what is back in `current` (a scrum or meeting that came back by another way:
  /// an import, another computer's Undo): nothing is left to show or keep of it.
  public func letGoOfReturned(in current: [DailyScrum]) {
    let scrums = Set(current.map(\.id))
    let meetings = Set(current.flatMap { $0.history.map(\.id) })
    var returned = MergeRemovals(before: [], after: [])
    for scrum in self.scrums {
      if scrums.contains(scrum.id), scrum.history.allSatisfy({ meetings.contains($0.id) }) {
        returned.add(scrum: scrum)
      } else {
        for meeting in scrum.history where meetings.contains(meeting.id) { returned.add(meeting: meeting, of: scrum) }
      }
    }
    if !returned.isEmpty { letGo(returned) }
  }

  /// Lets go of what `removals` took (shown, and undone or accepted).
  public func letGo(_ removals: MergeRemovals) {
    let left = Self.without(removals, in: scrums)
    if left != scrums { _ = write(left) }
  }

  /// `pending` without what `removals` took.
  private static func without(_ removals: MergeRemovals, in pending: [DailyScrum]) -> [DailyScrum] {
    let wholeScrums = Set(removals.scrums.map(\.scrum.id))
    let meetings = Set(removals.meetings.map(\.meeting.id))
    return pending.compactMap { scrum -> DailyScrum? in
      guard !wholeScrums.contains(scrum.id) else { return nil }
      var kept = scrum
      kept.history.removeAll { meetings.contains($0.id) }
      // A scrum that was here for its meetings alone goes with the last of them.
      return kept.history.isEmpty && !scrum.history.isEmpty ? nil : kept
    }
  }

  private func write(_ pending: [DailyScrum]) -> Bool {
    do throws(StoreError) {
      if pending.isEmpty {
        if Files.exists(path), !Files.remove(path) { return false }
      } else {
        try AtomicFile.write(ScrumFile.encode(pending), to: path)
      }
      scrums = pending
      return true
    } catch {
      return false
    }
  }
}
