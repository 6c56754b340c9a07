// A meeting is a position on the schedule that moves with an injected monotonic clock.
// Elapsed time is always `base + (now - since)`, never a count of ticks, so late, early or
// missing ticks cannot make it drift; ticks only decide *when* events are noticed. The
// timer also says when its next visible change is due, so the UI arms one timeout at a
// time instead of polling. Like GNOME Clocks' timer model, it knows nothing of widgets.
// Turns bend: a skip jumps the position forward, going back jumps it to the previous
// turn's start, an added minute lengthens the schedule; who spoke how long is kept as the
// sequence of spans actually run, so time spoken again still counts to its speaker. A turn is
// warned in stages (the last reached is the one told: a late tick tells one), and the meeting
// once before its end; an added minute or going back makes a stage told due again.
import FoundationEssentials

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

  /// Something the user should notice.
  public enum Event: Equatable, Sendable {
    /// Another speaker's turn began, by time running out or by a skip (a ding).
    case speakerChanged(from: Int, to: Int)
    /// The meeting length was reached (a ding).
    case finished
    /// Stage `stage` of the turn's warning was reached: it ends soon (a soft sound).
    case turnWarning(turn: Int, stage: Int)
    /// The meeting's warning time was reached: it ends soon.
    case meetingWarning
    /// The turn's share ran out and its speaker goes on (let-finish mode; a ding).
    case overtimeStarted(turn: Int)
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
    /// How far the current speaker is through their turn in whole seconds, 0…1.
    public let turnFraction: Double
    /// Whether the current speaker is the last one.
    public let isLastSpeaker: Bool
    /// The stage of the warning the current turn is in (nil: none yet).
    public var warningStage: Int?
    /// How the stage the current turn is in looks (nil: none yet).
    public var warningLevel: WarningLevel?
    /// Whether the current turn is within its warning time.
    public var isWarning: Bool { warningStage != nil }
    /// How the current turn is drawn: in its warning stage's colour, or the final stage's once
    /// it has run over (nil: neither).
    public var turnLevel: WarningLevel? { overrunSeconds > 0 ? .final : warningLevel }
    /// Whether the meeting is within its warning time.
    public var isMeetingWarning = false
    /// Whole seconds the current speaker has run past their share (let-finish mode).
    public var overrunSeconds = 0
    /// Whole seconds the meeting has run past its length (let-finish mode).
    public var meetingOverSeconds = 0
    /// How long the meeting has really run, to the nearest second: what the page shows as
    /// elapsed, the end question says and the history records (skips do not add to it).
    public var secondsRunning = 0
    /// How far the meeting will end after its planned end (added minutes included) at the
    /// current pace, in whole seconds; negative when it will end early. Pauses, overruns and
    /// going back add to it, skips take from it.
    public var secondsBehind = 0
    /// Whether there is a turn to go back to (Previous speaker).
    public var canGoBack = false
  }

  /// The turns this meeting runs through (added minutes lengthen them).
  public private(set) var schedule: SpeakerSchedule
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
  /// The last turn whose warning has been reported, and the stage told.
  private var warned: (turn: Int, stage: Int)?
  /// How long before the end of a turn its speaker is warned, stage by stage, longest lead
  /// first. A turn no longer than a stage's lead gets no warning at that stage.
  public let warnings: [Int]
  /// How long before the meeting's planned end it is warned (0: never).
  public let meetingWarningSeconds: Int
  /// Whether the meeting's warning has been told.
  private var meetingWarned = false
  /// What happens when a share runs out.
  public let overtime: OvertimeRule
  /// The last turn whose running out has been reported (let-finish mode).
  private var overtimeReportedTurn: Int?
  /// The spans run so far, in order, each as its turn and the running time it ended at (the
  /// next one starts there; the current turn's span is still open): who spoke how long.
  private var spans: [(turn: Int, end: Duration)] = []
  /// The clock reading when the meeting started.
  private let startedAt: Duration

  /// Starts a meeting now, on `clock`, warning each turn `warnings` seconds before it ends
  /// (stage by stage, longest first) and the meeting `meetingWarningSeconds` before its end;
  /// when a share runs out the next turn begins, or with `.letFinish` the speaker goes on.
  public init(
    schedule: SpeakerSchedule, clock: any MonotonicClock, warnings: [Int] = [], meetingWarningSeconds: Int = 0,
    overtime: OvertimeRule = .moveOn
  ) {
    self.schedule = schedule
    self.clock = clock
    self.warnings = warnings.filter { $0 > 0 }.sorted(by: >)
    self.meetingWarningSeconds = max(0, meetingWarningSeconds)
    self.overtime = overtime
    since = clock.now
    startedAt = since
    reportedTurn = schedule.turnIndex(at: .zero)
  }

  /// Where the clock would stand with no holding at a turn's end: the position plus any
  /// overrun of the current turn.
  private var rawPosition: Duration {
    phase == .running ? elapsedBase + (clock.now - since) : elapsedBase
  }

  /// The current turn: reported by the last update or skip.
  public var currentTurn: Int { overtime == .letFinish ? reportedTurn : schedule.turnIndex(at: elapsed) }

  /// How far the current speaker has run past their share (let-finish mode).
  public var overrun: Duration {
    guard overtime == .letFinish else { return .zero }
    return max(.zero, rawPosition - .seconds(schedule.turns[reportedTurn].end))
  }

  /// The meeting-clock position at which turn `index` is warned at `stage`, if it is.
  public func warningPosition(ofTurn index: Int, stage: Int) -> Duration? {
    let turn = schedule.turns[index]
    guard warnings[stage] < turn.seconds else { return nil }
    return .seconds(turn.end - warnings[stage])
  }

  /// The last stage of turn `index`'s warning reached at `position`, if any.
  private func warningStage(ofTurn index: Int, at position: Duration) -> Int? {
    warnings.indices.last { stage in warningPosition(ofTurn: index, stage: stage).map { position >= $0 } == true }
  }

  /// The meeting-clock position at which the meeting is warned, if it is.
  public var meetingWarningPosition: Duration? {
    guard meetingWarningSeconds > 0, meetingWarningSeconds < schedule.lengthSeconds else { return nil }
    return .seconds(schedule.lengthSeconds - meetingWarningSeconds)
  }

  /// The warnings due at the current position and not told yet: the turn's latest stage, and
  /// the meeting's.
  private func dueWarnings(turn: Int) -> [Event] {
    var events: [Event] = []
    if let stage = warningStage(ofTurn: turn, at: elapsed), warned.map({ $0.turn != turn || $0.stage < stage }) ?? true
    {
      warned = (turn, stage)
      events.append(.turnWarning(turn: turn, stage: stage))
    }
    if !meetingWarned, let position = meetingWarningPosition, elapsed >= position {
      meetingWarned = true
      events.append(.meetingWarning)
    }
    return events
  }

  /// After the position or the turn's end moved: a stage or the meeting's warning told but
  /// not reached any more is told again when it is.
  private func rearmWarnings(turn: Int) {
    if warned?.turn == turn { warned = warningStage(ofTurn: turn, at: elapsed).map { (turn, $0) } }
    if meetingWarned, let position = meetingWarningPosition, elapsed < position { meetingWarned = false }
  }

  private var length: Duration { .seconds(schedule.lengthSeconds) }

  /// Position on the meeting clock, 0…length. Skips move it; pauses freeze it; in let-finish
  /// mode it waits at the end of a turn whose speaker goes on.
  public var elapsed: Duration {
    let limit = overtime == .letFinish ? Duration.seconds(schedule.turns[reportedTurn].end) : length
    return min(limit, rawPosition)
  }

  /// How long the meeting has really run, pauses excluded (skips shorten it, overruns
  /// lengthen it).
  public var runningTime: Duration {
    guard phase == .running else { return runningBase }
    let stretch = clock.now - since
    if overtime == .letFinish { return runningBase + stretch }
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
    if overtime == .letFinish { return updateLettingFinish() }
    if clock.now - since >= length - elapsedBase {
      finishedAt = since + (length - elapsedBase)
      closeTurns(upTo: schedule.turns.count)
      freeze(at: length, running: runningTime)
      phase = .finished
      reportedTurn = schedule.turns.count - 1
      return [.finished]
    }
    let turn = schedule.turnIndex(at: elapsed)
    var events: [Event] = []
    if turn != reportedTurn {
      closeTurns(upTo: turn)
      events.append(.speakerChanged(from: reportedTurn, to: turn))
      reportedTurn = turn
    }
    return events + dueWarnings(turn: turn)
  }

  /// Records the ends of the turns from the current one up to (not including) `turn`, each
  /// reached by the clock in this stretch (where running time and position move together).
  private func closeTurns(upTo turn: Int) {
    for index in reportedTurn..<max(reportedTurn, turn) {
      let end = Duration.seconds(schedule.turns[index].end)
      spans.append((index, runningBase + (end - elapsedBase)))
    }
  }

  /// The spans run so far in order, on whole seconds of running time: each one's turn, start
  /// and end (rounded, so they follow each other and the last ends at `runningSeconds`).
  /// Spans of no whole second are left out.
  public var spokenSpans: [(turn: Int, start: Int, end: Int)] {
    let all = spans + [(reportedTurn, runningTime)]  // the current span (empty once finished)
    var start = 0
    return all.compactMap { span in
      let end = Self.roundedSeconds(span.end)
      defer { start = max(start, end) }
      return end > start ? (span.turn, start, end) : nil
    }
  }

  /// The running time at which each change of turn so far happened (a turn's end reached by
  /// the clock, or a skip), in order.
  public var turnChanges: [Duration] { spans.map(\.end) }

  /// Whole seconds each turn's speaker has spoken so far, in turn order: pauses excluded, a
  /// skip ends a turn, an overrun counts, a turn gone back to counts again; 0 for turns not
  /// reached. They add up to `runningSeconds` exactly.
  public var spokenSeconds: [Int] {
    var seconds = Array(repeating: 0, count: schedule.turns.count)
    for span in spokenSpans { seconds[span.turn] += span.end - span.start }
    return seconds
  }

  /// In let-finish mode turns change only on Next speaker: an update notices the warning and
  /// the share running out.
  private func updateLettingFinish() -> [Event] {
    let turn = reportedTurn
    var events = dueWarnings(turn: turn)
    if overtimeReportedTurn != turn, rawPosition >= .seconds(schedule.turns[turn].end) {
      overtimeReportedTurn = turn
      events.append(.overtimeStarted(turn: turn))
    }
    return events
  }

  /// Freezes the meeting clock and the running time.
  public func pause() {
    guard phase == .running else { return }
    // Let-finish keeps the overrun: the clock waits at the turn's end, the overrun does not.
    freeze(at: overtime == .letFinish ? rawPosition : elapsed, running: runningTime)
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
    if update().contains(.finished) { return .changed(.finished) }
    let current = reportedTurn
    let boundary = Duration.seconds(schedule.turns[current].end)
    guard current < schedule.turns.count - 1, boundary < length else { return .confirmEnd }
    return .changed(jump(to: schedule.turnIndex(at: boundary), from: previous))
  }

  /// Goes back to the previous turn, which starts again from its beginning (the meeting's
  /// end moves later by as much). Nil on the first turn or once the meeting is over.
  public func previousTurn() -> Event? {
    guard phase == .running || phase == .paused else { return nil }
    let current = reportedTurn
    if update().contains(.finished) { return nil }
    guard let back = schedule.turns.indices.prefix(currentTurn).last(where: { schedule.turns[$0].seconds > 0 })
    else { return nil }
    return jump(to: back, from: current)
  }

  /// Ends the current span and moves the meeting clock to turn `turn`'s start; a turn run
  /// again is warned again.
  private func jump(to turn: Int, from previous: Int) -> Event {
    if overtimeReportedTurn == turn { overtimeReportedTurn = nil }
    let wasRunning = phase == .running
    spans.append((reportedTurn, runningTime))
    freeze(at: .seconds(schedule.turns[turn].start), running: runningTime)
    if wasRunning { since = clock.now }
    reportedTurn = turn
    rearmWarnings(turn: turn)
    return .speakerChanged(from: previous, to: turn)
  }

  /// Gives the current turn `seconds` more (and the meeting as much), after one update: what
  /// the clock did up to now (`events`, to be told like a tick's). A warning or overrun
  /// already told is told again when the new end nears. Not `added` once the meeting is over.
  @discardableResult public func addTime(seconds: Int) -> (events: [Event], added: Bool) {
    let events = update()
    guard phase == .running || phase == .paused else { return (events, false) }
    let turn = reportedTurn
    schedule.extend(turn: turn, by: seconds)
    rearmWarnings(turn: turn)
    if overtimeReportedTurn == turn, rawPosition < .seconds(schedule.turns[turn].end) { overtimeReportedTurn = nil }
    return (events, true)
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
    let position = rawPosition
    let whole = Duration.seconds(position.components.seconds)
    return whole + .seconds(1) - position
  }

  /// The numbers the meeting page shows, read at the clock's current instant.
  public var snapshot: Snapshot {
    let position = elapsed
    let seconds = Int(position.components.seconds)
    let turnIndex = currentTurn
    let turn = schedule.turns[turnIndex]
    // Whole seconds, as the numbers show them: the ring grows a second at a time, and at 0 s
    // draws nothing (a sliver of a second would be a round-capped dot).
    let intoTurn = seconds - turn.start
    let turnFraction = turn.seconds == 0 ? 1 : min(1, max(0, Double(intoTurn) / Double(turn.seconds)))
    let live = phase == .running || phase == .paused
    let stage = live ? warningStage(ofTurn: turnIndex, at: position) : nil
    return Snapshot(
      phase: phase,
      secondsElapsed: seconds,
      secondsRemaining: schedule.lengthSeconds - seconds,
      fraction: schedule.lengthSeconds == 0 ? 1 : position / length,
      turnIndex: turnIndex,
      turnFraction: turnFraction,
      isLastSpeaker: turn.end >= schedule.lengthSeconds,
      warningStage: stage,
      warningLevel: stage.map { WarningLevel(stage: $0, of: warnings.count) },
      isMeetingWarning: live && meetingWarningPosition.map { position >= $0 } == true,
      overrunSeconds: Int(overrun.components.seconds),
      meetingOverSeconds: max(0, Int(runningTime.components.seconds) - schedule.lengthSeconds),
      secondsRunning: runningSeconds,
      secondsBehind: Self.roundedSeconds(clock.now - startedAt - position),
      canGoBack: schedule.turns.prefix(turnIndex).contains { $0.seconds > 0 }
    )
  }

  private func freeze(at position: Duration, running: Duration) {
    elapsedBase = position
    runningBase = running
    since = clock.now
  }

  /// `d` to the nearest whole second, halves away from zero.
  private static func roundedSeconds(_ d: Duration) -> Int {
    if d < .zero { return -roundedSeconds(.zero - d) }
    let (seconds, attoseconds) = d.components
    return Int(seconds) + (attoseconds >= 500_000_000_000_000_000 ? 1 : 0)
  }
}
