// The scrums (and the journal of a meeting a crash cut short) are read once, off the main loop,
// so the window shows at once with "Loading"; what the first save needs of them is made after
// they are shown. Work that needs them (a search from the overview) waits here until they are
// in; the application is held while they are read, with or without a window (--background).
import FoundationEssentials
import GtkShim
import Platform
import ScrumdingerCore

/// Reading the scrums once, and the work that waits for them.
@MainActor final class Loading {
  /// What was read: the scrums or why not, the notes on what was set aside, the journal.
  struct Read: Sendable {
    /// The scrums, or why they could not be read.
    let scrums: Result<[DailyScrum], StoreError>
    /// What the reader set aside, said once each.
    let notes: [String]
    /// The journal of an interrupted meeting, if one was left.
    let journal: Result<MeetingJournal, UnreadableReason>?
  }

  /// Whether reading has finished (well or not).
  private(set) var hasFinished = false
  private var started = false
  private var waiting: [@MainActor () -> Void] = []
  private let store: ScrumStore
  private let journalPath: String
  private let application: Application
  /// Runs on the main loop with what was read, before the waiting work.
  private let finished: @MainActor (Read) -> Void

  /// Reads `store`'s scrums and the journal at `journalPath`, holding `application` meanwhile.
  init(
    store: ScrumStore, journalPath: String, application: Application, finished: @escaping @MainActor (Read) -> Void
  ) {
    self.store = store
    self.journalPath = journalPath
    self.application = application
    self.finished = finished
  }

  /// Starts reading, the first time only.
  func start() {
    guard !started else { return }
    started = true
    application.hold()
    let (store, journalPath) = (store, journalPath)
    WorkerThreads.run(
      {
        var notes: [String] = []
        let result: Result<[DailyScrum], StoreError>
        do throws(StoreError) {
          result = .success(try store.load { notes.append($0) })
        } catch {
          result = .failure(error)
        }
        return Read(scrums: result, notes: notes, journal: JournalFile.read(journalPath))
      }, then: { [weak self] read in self?.finish(read) })
  }

  /// Runs `work` once the scrums are read (now, if they are).
  func whenLoaded(_ work: @escaping @MainActor () -> Void) {
    if hasFinished { work() } else { waiting.append(work) }
  }

  private func finish(_ read: Read) {
    hasFinished = true
    finished(read)
    let work = waiting
    waiting = []
    for each in work { each() }
    // Shown: what the first save or merge needs can be made now, off the main loop.
    let store = store
    WorkerThreads.run({ store.hashKnownParts() }, then: { [application] in application.release() })
  }
}
