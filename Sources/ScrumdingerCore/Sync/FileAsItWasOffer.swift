// After a merge at start (StartMerge) the user may have meant the file as it was (a restore),
// and the choice must not vanish with a five-second toast: the toast stays until dismissed,
// and the main menu offers "Use the File as It Is" until the next save. Once the scrums change
// again (an edit, an arrival) they are saved, the file is no longer what was read at start,
// and the menu stops offering it; the toast still may, for taking the file keeps what was
// edited since (`StartMerge.fileAsIs(keepingEditsIn:)`).

/// The file read at start as it was, on offer after a merge at start.
@MainActor public final class FileAsItWasOffer {
  /// Where the offer stands.
  public enum Status: Equatable, Sendable {
    /// Nothing on offer in the menu: no merge at start, or saved since.
    case none
    /// The main menu offers the file as it was.
    case offered
    /// The user took it (the toast saying the merge then goes).
    case taken
  }

  /// Where the offer stands now.
  public let status = ObservableValue(Status.none)
  /// The merge whose file is on offer.
  public private(set) var offered: StartMerge?
  private let scrums: ObservableValue<[DailyScrum]>
  private var nextSave: ObservationToken?

  /// The offer over the app's `scrums`.
  init(scrums: ObservableValue<[DailyScrum]>) {
    self.scrums = scrums
  }

  /// Offers `merge`'s file until the scrums next change.
  public func offer(_ merge: StartMerge) {
    offered = merge
    status.value = .offered
    nextSave = scrums.observe { [weak self] _ in self?.withdraw(.none) }
  }

  /// Takes `merge`'s file as it was, with what was edited here since; `attach` gives each
  /// meeting its transcript as this computer keeps it. The offer ends.
  public func use(_ merge: StartMerge, attaching attach: ([DailyScrum]) -> [DailyScrum]) {
    withdraw(.taken)
    scrums.value = attach(merge.fileAsIs(keepingEditsIn: scrums.value))
  }

  private func withdraw(_ status: Status) {
    nextSave = nil
    offered = nil
    self.status.value = status
  }
}
