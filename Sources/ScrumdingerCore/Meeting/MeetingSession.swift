// A running meeting, wired to the app state: it arms exactly one tick at the timer's next
// due instant (never a polling loop), publishes the timer's numbers (`numbers`, which its
// page follows, and AppState.meeting for the rest of the app), asks before it ends (the
// question is its state, and no control but the answer moves the meeting meanwhile), tells
// its effects (ding, notifications) of each moment of the meeting's life, and writes the
// history entry. Clock, scheduler, ids and effects are injected, so all of it runs in tests
// without waiting.
import FoundationEssentials

/// A pending tick that can be called off.
@MainActor public protocol ScheduledTick: AnyObject {
  func cancel()
}

/// Runs an action once after a delay (a GLib timeout in the app, a fake in tests).
@MainActor public protocol TickScheduler: AnyObject {
  func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledTick
}

/// The meeting under way for one scrum.
@MainActor public final class MeetingSession {
  /// The scrum being met (as it was when the meeting started).
  public let scrum: DailyScrum
  /// The timing.
  public let timer: MeetingTimer
  /// Who speaks, in order (those here today).
  public let speakers: [String]
  /// Who is on the team but not here today.
  public let absent: [String]
  /// The id the meeting's history entry gets (its recording is named after it).
  public let historyID: UUID
  private let state: AppState
  private let dependencies: Dependencies
  private let effects: [any MeetingEffect]
  private var pendingTick: (any ScheduledTick)?
  /// What has been noted so far, in the order noted; saved with the history entry.
  public let notes = ObservableValue<[MeetingNote]>([])
  /// The timer's numbers at the last change, while the meeting runs or is paused.
  public let numbers: ObservableValue<MeetingTimer.Snapshot>
  /// "End meeting?" while it is asked; nil otherwise.
  public let question = ObservableValue<EndQuestion?>(nil)
  /// Called once when the meeting ends, however it ends (finished, saved or discarded),
  /// after every effect has heard of it.
  public var onEnd: (@MainActor (_ saved: Bool) -> Void)?

  /// Starts a meeting of `scrum` now with `speakers` in that order (everyone on the team by
  /// default): publishes its first numbers, tells the effects (`dependencies.meetingEffects`
  /// unless given) and arms the first tick.
  public init(
    scrum: DailyScrum, speakers: [String]? = nil, absent: [String] = [], state: AppState,
    dependencies: Dependencies, effects: [any MeetingEffect]? = nil
  ) {
    self.absent = absent
    self.scrum = scrum
    self.state = state
    self.dependencies = dependencies
    self.effects = effects ?? dependencies.meetingEffects
    self.speakers = speakers ?? scrum.attendees.map(\.name)
    historyID = dependencies.uuid()
    timer = MeetingTimer(
      schedule: SpeakerSchedule(names: self.speakers, lengthSeconds: scrum.lengthInSeconds, items: scrum.agenda),
      clock: dependencies.clock,
      warnings: scrum.warningStages.map(\.lead.seconds), meetingWarningSeconds: scrum.meetingWarningMinutes * 60,
      overtime: scrum.overtime)
    numbers = ObservableValue(timer.snapshot)
    publish()
    tell(.started)
    arm()
  }

  /// Handles a tick: notices turn changes and the end, publishes, re-arms.
  public func tick() {
    disarm()
    let events = timer.update()
    publish()
    handle(events, dueAt: dueInstant(of: events))
    arm()
  }

  /// Pauses or resumes; nothing while "End meeting?" is asked.
  public func togglePause() {
    guard question.value == nil else { return }
    timer.phase == .paused ? resume() : pause()
  }

  /// Freezes the meeting; no tick stays armed.
  public func pause() {
    guard timer.phase == .running else { return }
    timer.pause()
    disarm()
    publish()
    tell(.paused)
  }

  /// Continues from exactly where the meeting was paused.
  public func resume() {
    guard timer.phase == .paused else { return }
    timer.resume()
    publish()
    tell(.resumed)
    arm()
  }

  /// Moves to the next speaker (a ding); on the last speaker asks "End meeting?" instead
  /// and returns `.confirmEnd`. Nothing while the question is open.
  @discardableResult public func nextSpeaker() -> MeetingTimer.SkipOutcome? {
    guard question.value == nil else { return nil }
    let outcome = timer.nextSpeaker()
    switch outcome {
    case .changed(let event):
      publish()
      handle([event], dueAt: timer.instant(atPosition: timer.elapsed))
      disarm()
      arm()
    case .confirmEnd: ask(.end)
    case .ignored: break
    }
    return outcome
  }

  /// Goes back to the previous speaker (or item), whose turn starts again (a ding); false on
  /// the first one, and while "End meeting?" is asked.
  @discardableResult public func previousSpeaker() -> Bool {
    guard question.value == nil else { return false }
    tick()  // what the clock did up to now first (it may have ended the meeting)
    guard let event = timer.previousTurn() else { return false }
    publish()
    handle([event], dueAt: timer.instant(atPosition: timer.elapsed))
    disarm()
    arm()
    return true
  }

  /// Gives the current speaker (or item) a minute more; the meeting's planned end moves too.
  /// Nothing while "End meeting?" is asked.
  public func addMinute() {
    guard question.value == nil else { return }
    disarm()
    // One update of the timer: what the clock did up to now (it may have ended the meeting),
    // then the minute.
    let (events, added) = timer.addTime(seconds: 60)
    publish()
    handle(events, dueAt: dueInstant(of: events))
    arm()
    if added { tell(.minuteAdded(turn: timer.currentTurn)) }
  }

  /// Notes `text` (one line), stamped with who is speaking and the running time; nil for a
  /// blank line or a meeting that is over.
  @discardableResult public func addNote(_ text: String) -> MeetingNote? {
    guard timer.phase == .running || timer.phase == .paused, let line = MeetingNote.cleaned(text) else { return nil }
    let note = MeetingNote(
      id: dependencies.uuid(), speaker: timer.schedule.turns[timer.currentTurn].name, text: line,
      atSeconds: timer.runningSeconds)
    notes.value.append(note)
    return note
  }

  /// Gives note `id` a new text; a blank one removes it.
  public func editNote(_ id: UUID, text: String) {
    notes.update { $0.edit(id, text: text) }
  }

  /// Asks before the meeting ends (`occasion`: End Meeting, or a quit) and pauses it
  /// meanwhile, so nobody loses time to the question; nothing if one is open already or the
  /// meeting is over.
  public func ask(_ occasion: EndQuestion.Occasion) {
    guard question.value == nil, timer.phase == .running || timer.phase == .paused else { return }
    pause()
    question.value = EndQuestion(occasion: occasion, ranSeconds: timer.runningSeconds)
  }

  /// Answers the open question: save or discard ends the meeting, keep going resumes it.
  public func answer(_ answer: EndAnswer) {
    guard question.value != nil else { return }
    switch answer {
    case .save: end(save: true)  // which withdraws the question, the meeting over
    case .discard: end(save: false)
    case .keepGoing:
      question.value = nil
      resume()
    }
  }

  /// Ends the meeting early. `save` records a history entry with the real running time.
  public func end(save: Bool) {
    guard timer.phase != .finished else { return }
    timer.end()
    finish(saved: save)
  }

  /// When the change behind `events` was due: the new turn's start, or the meeting's end.
  private func dueInstant(of events: [MeetingTimer.Event]) -> Duration {
    for case .speakerChanged(_, let to) in events.reversed() {
      return timer.instant(atPosition: .seconds(timer.schedule.turns[to].start))
    }
    return timer.finishedAt ?? timer.instant(atPosition: timer.elapsed)
  }

  private func handle(_ events: [MeetingTimer.Event], dueAt: Duration) {
    // Several changes in one late tick are one ding; warnings and overruns are told apart.
    let change = events.last { event in
      switch event {
      case .speakerChanged, .finished: true
      case .turnWarning, .meetingWarning, .overtimeStarted: false
      }
    }
    switch change {
    case .speakerChanged(_, let to): tell(.speakerChanged(to: to, dueAt: dueAt))
    case .finished:
      tell(.timeUp(dueAt: dueAt))
      return finish(saved: true)
    default: break
    }
    for event in events {
      switch event {
      case .turnWarning(let turn, let stage):
        let due =
          timer.warningPosition(ofTurn: turn, stage: stage).map(timer.instant(atPosition:)) ?? dependencies.clock.now
        tell(.turnWarning(turn: turn, stage: stage, dueAt: due))
      case .meetingWarning:
        tell(
          .meetingWarning(dueAt: timer.meetingWarningPosition.map(timer.instant(atPosition:)) ?? dependencies.clock.now)
        )
      case .overtimeStarted(let turn):
        let due = dependencies.clock.now - (timer.overrun)
        tell(.overtimeStarted(turn: turn, dueAt: due))
      case .speakerChanged, .finished: break
      }
    }
  }

  private func tell(_ event: MeetingEvent) {
    for effect in effects { effect.meeting(self, did: event) }
  }

  /// The history entry of the meeting as far as it went, dated now: what ending it now would
  /// save (and what the journal keeps while it runs).
  public func entrySoFar() -> History {
    let turns = timer.schedule.turns
    let spoken = zip(turns, timer.spokenSeconds).map { turn, seconds in
      SpeakerTime(name: turn.name, seconds: seconds, shareSeconds: turn.plannedSeconds, addedSeconds: turn.addedSeconds)
    }
    let speakerTimes = Array(spoken.prefix(timer.schedule.speakerCount))
    let ran = timer.spokenSpans.map {
      TurnSpan(speaker: turns[$0.turn].name, startSeconds: $0.start, endSeconds: $0.end)
    }
    return History(
      id: historyID, date: dependencies.now(), attendees: speakers, durationSeconds: timer.runningSeconds,
      speakers: speakerTimes, absent: absent, notes: notes.value, items: Array(spoken.dropFirst(speakerTimes.count)),
      turns: ran == History.timeline(of: speakerTimes) ? [] : ran,
      recorded: dependencies.recorder.lastRecorded == historyID)
  }

  private func finish(saved: Bool) {
    disarm()
    if saved {
      let entry = entrySoFar()
      state.scrums.update { scrums in
        guard let index = scrums.firstIndex(where: { $0.id == scrum.id }) else { return }
        scrums[index].history.append(entry)
      }
    }
    state.meeting.value = nil
    question.value = nil
    tell(.ended(saved: saved))
    onEnd?(saved)
    onEnd = nil
  }

  private func publish() {
    guard timer.phase == .running || timer.phase == .paused else { return }
    let snapshot = timer.snapshot
    numbers.value = snapshot
    state.meeting.value = MeetingState(scrumID: scrum.id, snapshot: snapshot)
  }

  private func arm() {
    guard pendingTick == nil, let delay = timer.delayUntilNextChange else { return }
    pendingTick = dependencies.scheduler.schedule(after: delay) { [weak self] in self?.tick() }
  }

  private func disarm() {
    pendingTick?.cancel()
    pendingTick = nil
  }
}
