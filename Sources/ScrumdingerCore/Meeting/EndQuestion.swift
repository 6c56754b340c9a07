// "End meeting?" is the meeting's own state, not a dialog the app holds: what is asked (to end
// the meeting, or to quit the app with it), how long the meeting had run when asked, and what
// each answer does are rules of the session (MeetingSession.ask/answer), tested without a
// display; the page renders the question and hands back the answer.

/// The question open before a meeting ends.
public struct EndQuestion: Equatable, Sendable {
  /// Why it is asked.
  public enum Occasion: Equatable, Sendable {
    /// End Meeting, or Next on the last speaker.
    case end
    /// The window or the app is closing with the meeting running.
    case quit
  }

  /// Why it is asked.
  public let occasion: Occasion
  /// How long the meeting had run when it was asked (it is paused while asked).
  public let ranSeconds: Int

  public init(occasion: Occasion, ranSeconds: Int) {
    self.occasion = occasion
    self.ranSeconds = ranSeconds
  }
}

/// The answers to an `EndQuestion`.
public enum EndAnswer: String, Sendable {
  /// Ends the meeting and keeps it in the history ("Save and End", "Save and Quit").
  case save
  /// Ends the meeting and keeps nothing ("Discard", "Discard and Quit").
  case discard
  /// Goes on with the meeting where it was ("Resume", "Cancel").
  case keepGoing
}
