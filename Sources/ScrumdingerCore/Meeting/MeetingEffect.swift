// What happens around a meeting besides the timing (the ding, a desktop notification, keeping
// the screen awake, the recording, the journal) is a list of effects the session notifies in order, the way
// Amberol's player notifies its controllers. Adding one never touches the session or the
// page; tests hand the session a recording effect instead of the real chime.

/// A moment in a meeting's life that effects react to.
public enum MeetingEvent: Equatable, Sendable {
  /// The meeting began with the first speaker.
  case started
  /// The turn passed to speaker `to` (time ran out, or a skip); due at that clock reading.
  case speakerChanged(to: Int, dueAt: Duration)
  /// The meeting reached its length; due at that clock reading.
  case timeUp(dueAt: Duration)
  /// Speaker `turn`'s time runs out soon: stage `stage` of the scrum's warning (an index of
  /// its `warningStages`); due at that reading.
  case turnWarning(turn: Int, stage: Int, dueAt: Duration)
  /// The meeting's time runs out soon (its `meetingWarningMinutes`); due at that reading.
  case meetingWarning(dueAt: Duration)
  /// Speaker `turn`'s share ran out and they go on (let-finish mode); due at that reading.
  case overtimeStarted(turn: Int, dueAt: Duration)
  /// A minute was added to turn `turn` (the meeting's end moves with it).
  case minuteAdded(turn: Int)
  case paused
  case resumed
  /// The meeting is over, however it ended; `saved` says whether history was written.
  case ended(saved: Bool)
}

/// Something that reacts to a meeting's life: sound, notifications, inhibiting idle.
@MainActor public protocol MeetingEffect: AnyObject {
  /// Called for every event of `session`, in the order effects were registered.
  func meeting(_ session: MeetingSession, did event: MeetingEvent)
}

/// The meeting's sound: an effect that can be muted, whose sound and volume the user chooses.
@MainActor public protocol SoundEffect: MeetingEffect {
  /// When true, nothing is played.
  var isMuted: Bool { get set }
  /// Plays `sound` at the end of each turn, and it and the warning at `volumePercent` (0…100).
  func use(_ sound: EndOfTurnSound, volumePercent: Int)
  /// Plays `sound` once at the chosen volume, muted or not (to hear it before choosing it).
  func preview(_ sound: EndOfTurnSound)
}
