// Keeps the journal of the meeting under way: a meeting effect, told of the meeting's life
// like the ding and the notifications. It writes at the start, at each change of turn,
// pause, resume and note, and every 10 s while the meeting runs (one timer, off while
// paused), and hands the journal over to be removed once the meeting has ended. Where the
// bytes go is injected: a file beside scrums.json in the app, memory in tests.
import FoundationEssentials

/// Where a journal is kept.
@MainActor public protocol JournalStorage: AnyObject {
  /// Replaces the journal with `data`, whole or not at all.
  func write(_ data: Data)
  /// The meeting has ended (`saved` says whether into the history): the journal can go.
  func meetingEnded(saved: Bool)
}

/// The meeting effect that journals a meeting as it runs.
@MainActor public final class JournalKeeper: MeetingEffect {
  /// How often a running meeting is written down between its events.
  public static let interval = Duration.seconds(10)
  private let storage: any JournalStorage
  private let scheduler: any TickScheduler
  private var timer: (any ScheduledTick)?
  private var notes: ObservationToken?
  /// How many times the journal was written (a test counts them).
  public private(set) var writes = 0

  /// Journals into `storage`, every `interval` by `scheduler` between events.
  public init(storage: any JournalStorage, scheduler: any TickScheduler) {
    self.storage = storage
    self.scheduler = scheduler
  }

  public func meeting(_ session: MeetingSession, did event: MeetingEvent) {
    switch event {
    case .started:
      notes = session.notes.observe { [weak self, weak session] _ in
        if let session { self?.write(session) }
      }
      write(session)
      arm(session)
    case .speakerChanged, .resumed:
      write(session)
      arm(session)
    case .paused:
      disarm()
      write(session)
    case .ended(let saved):
      disarm()
      notes = nil
      storage.meetingEnded(saved: saved)
    case .timeUp, .turnWarning, .meetingWarning, .overtimeStarted, .minuteAdded:
      break
    }
  }

  private func write(_ session: MeetingSession) {
    writes += 1
    storage.write(MeetingJournal(scrum: session.scrum, meeting: session.entrySoFar()).encoded())
  }

  private func arm(_ session: MeetingSession) {
    disarm()
    timer = scheduler.schedule(after: Self.interval) { [weak self, weak session] in
      guard let self, let session else { return }
      self.timer = nil
      self.write(session)
      self.arm(session)
    }
  }

  private func disarm() {
    timer?.cancel()
    timer = nil
  }
}
