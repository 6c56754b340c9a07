/// What the people in a meeting can do to its timing, handed to `MeetingSession.process`
/// (as Amberol's player takes one `PlaybackAction`): the meeting's own vocabulary, apart from
/// the window's commands and keys that ask for it.
public enum MeetingAction: Sendable {
  /// Pauses a running meeting, or resumes a paused one.
  case togglePause
  /// Moves on to the next speaker (or asks to end, on the last one).
  case nextSpeaker
  /// Goes back to the previous speaker, whose turn starts again.
  case previousSpeaker
  /// Gives the current speaker a minute more.
  case addMinute
}
