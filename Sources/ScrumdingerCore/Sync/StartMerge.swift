// A scrums file found at start that did not grow from the version this computer last held (a
// copy restored from a backup or from Syncthing's `.stversions`, a sync tool or a network home
// that replaced the file without leaving a conflict copy) is never taken whole: taking it
// would drop, without a word, every scrum and meeting added here since. The store merges the
// two instead; this says what that kept, and holds the file as it was for a user who meant
// to restore it.
import FoundationEssentials

/// What a merge at start kept of this computer's version that the file did not hold.
public struct StartMerge: Sendable {
  /// The scrums as the file held them: "Use the File as It Is" takes these.
  public let fileAsIs: [DailyScrum]
  /// What the merge made of the file and this computer's version.
  public let merged: [DailyScrum]
  /// What the merge kept that the file lacked (counted like what a merge removes).
  public let kept: MergeRemovals

  /// The merge of `file` with this computer's version gave `merged`.
  public init(fileAsIs file: [DailyScrum], merged: [DailyScrum]) {
    fileAsIs = file
    self.merged = merged
    kept = MergeRemovals(before: merged, after: file)
  }

  /// The file as it was, with what was edited here since the merge was shown (`current` is
  /// what the app holds now): "Use the File as It Is" later than at once loses no edit.
  public func fileAsIs(keepingEditsIn current: [DailyScrum]) -> [DailyScrum] {
    ScrumMerge.merge(
      base: MergeBase(merged, proven: true), ours: current, theirs: fileAsIs, oursEdited: [:],
      theirsWritten: .distantPast
    ).scrums
  }

  /// What the toast says: "The scrums file lacked this computer's last changes: 1 scrum and 2
  /// meetings kept"; where the merge kept changed fields only, it says they were kept.
  public var summary: String {
    if kept.isEmpty { return tr("The scrums file lacked this computer's last changes: they were kept") }
    return tr("The scrums file lacked this computer's last changes: %@ kept", kept.counted)
  }
}
