// What a meeting leaves besides its numbers: lines noted while it ran and, for a recorded
// meeting, what whisper heard. Both are stamped on the meeting's running time (pauses
// excluded, as the recording is paused with the meeting), so each line can be put next to
// the turn it was said or noted in. Plain values: the history entry keeps them, the pages
// show them, the exports write them.
import FoundationEssentials

/// A line noted during a meeting, stamped with who was speaking then.
public struct MeetingNote: Equatable, Hashable, Identifiable, Sendable {
  public var id: UUID
  /// Who was speaking when it was noted, by name as they were then ("" before anyone spoke).
  public var speaker: String
  /// What was noted (one line).
  public var text: String
  /// The meeting's running time when it was noted, in whole seconds.
  public var atSeconds: Int

  public init(id: UUID = UUID(), speaker: String, text: String, atSeconds: Int) {
    self.id = id
    self.speaker = speaker
    self.text = text
    self.atSeconds = max(0, atSeconds)
  }

  /// "Ana · blocked on the review", as the notes list and the exports show it.
  public var line: String { speaker.isEmpty ? text : "\(Texts.shown(speaker)) · \(text)" }

  /// `text` as one trimmed line (line breaks become spaces), or nil when nothing is left.
  public static func cleaned(_ text: String) -> String? {
    let line = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmed
    return line.isEmpty ? nil : line
  }
}

/// One stretch of speech whisper transcribed, on the recording's timeline.
public struct TranscriptSegment: Equatable, Hashable, Sendable {
  /// Where it starts and ends in the recording, in milliseconds.
  public var startMilliseconds: Int
  public var endMilliseconds: Int
  /// What was said.
  public var text: String

  public init(startMilliseconds: Int, endMilliseconds: Int, text: String) {
    self.startMilliseconds = max(0, startMilliseconds)
    self.endMilliseconds = max(self.startMilliseconds, endMilliseconds)
    self.text = text
  }
}

extension [MeetingNote] {
  /// Gives note `id` the text `text` (cleaned to one line); a blank text removes the note.
  public mutating func edit(_ id: UUID, text: String) {
    guard let index = firstIndex(where: { $0.id == id }) else { return }
    if let line = MeetingNote.cleaned(text) { self[index].text = line } else { remove(at: index) }
  }
}
