// What the microphone is on for during a meeting is shown in every view the same way ("●
// Recording", "● Captions"), in the window's title too (a screen-sharing dialog shows it), so
// nobody in the room is heard without knowing it; one value, derived from the recorder.
import FoundationEssentials

/// What the microphone is on for during the meeting under way.
public enum MicrophoneUse: Equatable, Sendable {
  case off, recording, captions, recordingAndCaptions

  /// The use of a meeting that is `recording` or has running `captions`.
  public init(recording: Bool, captions: Bool) {
    switch (recording, captions) {
    case (false, false): self = .off
    case (true, false): self = .recording
    case (false, true): self = .captions
    case (true, true): self = .recordingAndCaptions
    }
  }

  /// The words after the red dot ("Recording"), nil when the microphone is off.
  public var label: String? {
    switch self {
    case .off: nil
    case .recording: tr("Recording")
    case .captions: tr("Captions")
    case .recordingAndCaptions: tr("Recording · Captions")
    }
  }

  /// The meeting window's title for a scrum called `title` (as shown).
  public func windowTitle(_ title: String) -> String {
    guard let label else { return tr("%@ — Meeting", title) }
    return tr("● %@ — %@ — Meeting", label, title)
  }
}
