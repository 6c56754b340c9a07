// What a screen reader says by itself during a meeting, one sentence a moment: who speaks and
// how long they have, each warning, a pause, an added minute, the end. Never the ticking
// clocks (read when asked, see SpokenFigure). The words are the meeting's rules, so they live
// here, apart from how the app gets a screen reader to say them (ScreenReaderAnnouncer).

/// The sentence a screen reader is given at each moment of a meeting.
public enum MeetingAnnouncement {
  /// What to say for `event` of `session`, or nil when it says nothing new (the end, which
  /// its question or page says).
  @MainActor public static func text(for event: MeetingEvent, in session: MeetingSession) -> String? {
    let timer = session.timer
    let turns = timer.schedule.turns
    /// The time left in `turn`, in words.
    func left(_ turn: Int) -> String {
      Texts.duration(seconds: max(0, turns[turn].end - timer.snapshot.secondsElapsed))
    }
    func speaking(_ turn: Int) -> String { tr("%@ is speaking, %@ left", Texts.shown(turns[turn].name), left(turn)) }
    switch event {
    case .started, .resumed: return speaking(timer.currentTurn)
    case .speakerChanged(let to, _): return speaking(to)
    case .minuteAdded(let turn): return tr("A minute added for %@, %@ left", Texts.shown(turns[turn].name), left(turn))
    case .turnWarning(let turn, let stage, _):
      guard timer.warnings.indices.contains(stage) else { return nil }
      return tr("%@ left for %@", Texts.duration(seconds: timer.warnings[stage]), Texts.shown(turns[turn].name))
    case .meetingWarning:
      let minutes = session.scrum.meetingWarningMinutes
      return trn("%d minute left in the meeting", "%d minutes left in the meeting", minutes)
    case .overtimeStarted(let turn, _): return tr("%@ is over time", Texts.shown(turns[turn].name))
    case .paused: return tr("Paused")
    case .timeUp: return tr("The meeting is over")
    case .ended: return nil
    }
  }
}
