import FoundationEssentials

/// What the store and sync (`ScrumSync`) say to the user, each answered through the model.
public enum SyncNotice: Sendable {
  /// A short message: a conflict, a conflict copy merged or left as it is, a save that failed.
  case toast(String)
  /// What a merge removed, kept until let go: said with Undo (`ScrumSync.undo(_:)`), and let go
  /// of when the toast goes (`ScrumSync.toastGone(_:)`).
  case removed(MergeRemovals, toast: UUID)
  /// The file read at start was merged with this computer's version: said until dismissed,
  /// with "Use the File as It Is" (`ScrumSync.useFileAsItWas(_:)`).
  case mergedAtStart(StartMerge)
  /// The file was missing at start, and this computer's last version is shown in its place:
  /// said with Start Empty (`ScrumSync.startEmpty(_:)`).
  case missingAtStart([DailyScrum])
  /// The file cannot be read: a question, at start (Start Fresh or Quit) or while the app runs
  /// (Keep Mine or Not Now); the move is `ScrumSync.moveUnreadableAside(atStart:)`.
  case unreadable(StoreError, atStart: Bool)
}

/// What says the notices: the app's window, with its toasts and questions.
@MainActor public protocol SyncRenderer: AnyObject {
  /// Says `notice`; false when no window shows (a notice that must be said waits for one).
  func render(_ notice: SyncNotice) -> Bool
}
