// A meeting is a position on the schedule that moves with an injected monotonic clock.
// Elapsed time is always `base + (now - since)`, never a count of ticks, so late, early or
// missing ticks cannot make it drift; ticks only decide *when* events are noticed. The
// timer also says when its next visible change is due, so the UI arms one timeout at a
// time instead of polling. Like GNOME Clocks' timer model, it knows nothing of widgets.
import Foundation

/// The timing of one running meeting.
public final class MeetingTimer {
  /// Where the meeting is in its life.
  public enum Phase: Equatable, Sendable {
    case running, paused
    /// The clock reached the meeting length.
    case finished
    /// Stopped early by `end()`.
    case ended
  }

  /// Something the user should notice (both ding).
  public enum Event: Equatable, Sendable {
    /// Another speaker's turn began, by time running out or by a skip.
    case speakerChanged(from: Int, to: Int)
    /// The meeting length was reached.
    case finished
  }

  /// The answer to "next speaker".
  public enum SkipOutcome: Equatable, Sendable {
    /// Something changed: the next turn began, or the meeting turned out to be over already.
    case changed(Event)
    /// This is the last speaker: ending the meeting needs the user's confirmation.
    case confirmEnd
    /// The meeting is over; nothing to skip.
    case ignored
  }

  /// What the meeting page shows.
  public struct Snapshot: Equatable, Sendable {
    public let phase: Phase
    /// Whole seconds elapsed on the meeting clock.
    public let secondsElapsed: Int
    /// Whole seconds left: `length - secondsElapsed`.
    public let secondsRemaining: Int
    /// Elapsed / length, 0…1.
    public let fraction: Double
    /// Index of the current turn.
    public let turnIndex: Int
    /// How far the current speaker is through their turn, 0…1.
    public let turnFraction: Double
    /// Whether the current speaker is the last one.
    public let isLastSpeaker: Bool
  }

  /// The turns this meeting runs through.
  public let schedule: SpeakerSchedule
  private let clock: any MonotonicClock
  public private(set) var phase: Phase = .running
  /// The clock reading when the current running stretch began.
  private var since: Duration
  /// Meeting position when the current stretch began (or the frozen position).
  private var elapsedBase: Duration = .zero
  /// Real running time before the current stretch (or the frozen total).
  private var runningBase: Duration = .zero
  /// The clock reading at which the meeting reached its length, once it has.
  public private(set) var finishedAt: Duration?
  /// The turn whose start has already been reported.
  private var reportedTurn = 0

  /// Starts a meeting now, on `clock`.
  public init(schedule: SpeakerSchedule, clock: any MonotonicClock) {
    self.schedule = schedule
    self.clock = clock
    since = clock.now
    reportedTurn = schedule.turnIndex(at: .zero)
  }

  private var length: Duration { .seconds(schedule.lengthSeconds) }

  /// Position on the meeting clock, 0…length. Skips move it; pauses freeze it.
  public var elapsed: Duration {
    phase == .running ? min(length, elapsedBase + (clock.now - since)) : elapsedBase
  }

  /// How long the meeting has really run, pauses excluded (skips shorten it).
  public var runningTime: Duration {
    guard phase == .running else { return runningBase }
    let stretch = clock.now - since
    let untilFinish = length - elapsedBase
    return runningBase + min(stretch, untilFinish)
  }

  /// `runningTime` to the nearest whole second: what the history records.
  public var runningSeconds: Int { Self.roundedSeconds(runningTime) }

  /// The clock reading at which the meeting clock stood (or will stand) at `position`, given
  /// how it runs now; for a paused or ended meeting, now.
  public func instant(atPosition position: Duration) -> Duration {
    phase == .running ? clock.now - (elapsed - position) : clock.now
  }

  /// Notices what the clock has done since the last call: a new turn, or the end.
  /// Several boundaries crossed at once (a late tick) are one change, so one ding.
  public func update() -> [Event] {
    guard phase == .running else { return [] }
    if clock.now - since >= length - elapsedBase {
      finishedAt = since + (length - elapsedBase)
      freeze(at: length, running: runningTime)
      phase = .finished
      reportedTurn = schedule.turns.count - 1
      return [.finished]
    }
    let turn = schedule.turnIndex(at: elapsed)
    guard turn != reportedTurn else { return [] }
    defer { reportedTurn = turn }
    return [.speakerChanged(from: reportedTurn, to: turn)]
  }

  /// Freezes the meeting clock and the running time.
  public func pause() {
    guard phase == .running else { return }
    freeze(at: elapsed, running: runningTime)
    phase = .paused
  }

  /// Lets the clock run again from exactly where it was paused.
  public func resume() {
    guard phase == .paused else { return }
    since = clock.now
    phase = .running
  }

  /// Completes the current turn: the meeting clock jumps to the next turn's start. On the
  /// last speaker nothing changes and the caller is asked to confirm ending the meeting.
  public func nextSpeaker() -> SkipOutcome {
    switch phase {
    case .finished, .ended: return .ignored
    case .running, .paused: break
    }
    let previous = reportedTurn
    if update() == [.finished] { return .changed(.finished) }
    let current = reportedTurn
    let boundary = Duration.seconds(schedule.turns[current].end)
    guard boundary < length else { return .confirmEnd }
    let next = schedule.turnIndex(at: boundary)
    let wasRunning = phase == .running
    freeze(at: boundary, running: runningTime)
    if wasRunning { since = clock.now }
    reportedTurn = next
    return .changed(.speakerChanged(from: previous, to: next))
  }

  /// Stops the meeting early (or confirms a finished one); returns the whole seconds it ran.
  @discardableResult
  public func end() -> Int {
    if phase == .running || phase == .paused {
      freeze(at: elapsed, running: runningTime)
      phase = .ended
    }
    return runningSeconds
  }

  /// How long until the display next changes (the next whole second of the meeting clock,
  /// which is also where every turn boundary lies); nil while nothing moves.
  public var delayUntilNextChange: Duration? {
    guard phase == .running else { return nil }
    let position = elapsed
    let whole = Duration.seconds(position.components.seconds)
    return whole + .seconds(1) - position
  }

  /// The numbers the meeting page shows, read at the clock's current instant.
  public var snapshot: Snapshot {
    let position = elapsed
    let seconds = Int(position.components.seconds)
    let turnIndex = schedule.turnIndex(at: position)
    let turn = schedule.turns[turnIndex]
    let intoTurn = position - .seconds(turn.start)
    let turnFraction = turn.seconds == 0 ? 1 : min(1, max(0, intoTurn / .seconds(turn.seconds)))
    return Snapshot(
      phase: phase,
      secondsElapsed: seconds,
      secondsRemaining: schedule.lengthSeconds - seconds,
      fraction: schedule.lengthSeconds == 0 ? 1 : position / length,
      turnIndex: turnIndex,
      turnFraction: turnFraction,
      isLastSpeaker: turn.end >= schedule.lengthSeconds
    )
  }

  private func freeze(at position: Duration, running: Duration) {
    elapsedBase = position
    runningBase = running
    since = clock.now
  }

  private static func roundedSeconds(_ d: Duration) -> Int {
    let (seconds, attoseconds) = d.components
    return Int(seconds) + (attoseconds >= 500_000_000_000_000_000 ? 1 : 0)
  }
}
