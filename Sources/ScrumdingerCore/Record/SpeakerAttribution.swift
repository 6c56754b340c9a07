import FoundationEssentials

/// One speaker's turn (or agenda item) on the meeting's running time.
public struct TurnSpan: Equatable, Hashable, Sendable {
  public var speaker: String
  public var startSeconds: Int
  public var endSeconds: Int

  public init(speaker: String, startSeconds: Int, endSeconds: Int) {
    self.speaker = speaker
    self.startSeconds = startSeconds
    self.endSeconds = endSeconds
  }
}

/// What one speaker said in one turn: "Ana (0:00–1:05) …".
public struct AttributedPassage: Equatable, Hashable, Sendable {
  /// The speaker ("" for speech outside every turn).
  public var speaker: String
  public var startSeconds: Int
  public var endSeconds: Int
  /// The segments' texts, joined as written (with spaces, but for scripts written without).
  public var text: String

  public init(speaker: String, startSeconds: Int, endSeconds: Int, text: String) {
    self.speaker = speaker
    self.startSeconds = startSeconds
    self.endSeconds = endSeconds
    self.text = text
  }

  /// "Ana (0:00–1:05)".
  public var heading: String {
    let span = "\(Texts.minutesAndSeconds(startSeconds))–\(Texts.minutesAndSeconds(endSeconds))"
    return speaker.isEmpty ? span : "\(Texts.shown(speaker)) (\(span))"
  }
}

/// Splits a transcript by the meeting's own turn timeline: each segment goes to the turn it
/// overlaps most (the earlier turn on a tie; a segment past the last turn goes to the last,
/// one before the first to the first), and neighbouring segments of the same turn make one
/// passage headed by the turn's times.
public enum SpeakerAttribution {
  /// The passages of `segments` (in any order) over `timeline`.
  public static func passages(of segments: [TranscriptSegment], over timeline: [TurnSpan]) -> [AttributedPassage] {
    sentences(of: segments, over: timeline).map(\.passage)
  }

  /// The passages of `segments` over `timeline`, each with its segments (those with words),
  /// in the order said.
  public static func sentences(
    of segments: [TranscriptSegment], over timeline: [TurnSpan]
  ) -> [(passage: AttributedPassage, segments: [TranscriptSegment])] {
    var passages: [(passage: AttributedPassage, segments: [TranscriptSegment])] = []
    var passageTurn: Int?
    for segment in segments.sorted(by: { $0.startMilliseconds < $1.startMilliseconds }) {
      let text = segment.text.trimmed
      guard !text.isEmpty else { continue }
      let turn = turnIndex(of: segment, in: timeline)
      if let turn, turn == passageTurn {
        passages[passages.count - 1].passage.text = .joinedAsWritten([passages[passages.count - 1].passage.text, text])
        passages[passages.count - 1].segments.append(segment)
        continue
      }
      passageTurn = turn
      if let turn {
        let span = timeline[turn]
        passages.append(
          (
            AttributedPassage(
              speaker: span.speaker, startSeconds: span.startSeconds, endSeconds: span.endSeconds, text: text),
            [segment]
          ))
      } else {
        passages.append(
          (
            AttributedPassage(
              speaker: "", startSeconds: segment.startMilliseconds / 1000,
              endSeconds: (segment.endMilliseconds + 999) / 1000,
              text: text), [segment]
          ))
      }
    }
    return passages
  }

  /// The turn `segment` overlaps most; nil with no turns at all.
  static func turnIndex(of segment: TranscriptSegment, in timeline: [TurnSpan]) -> Int? {
    guard !timeline.isEmpty else { return nil }
    var best: (index: Int, overlap: Int)?
    for (index, span) in timeline.enumerated() {
      let overlap =
        min(segment.endMilliseconds, span.endSeconds * 1000) - max(segment.startMilliseconds, span.startSeconds * 1000)
      if overlap > 0, overlap > best?.overlap ?? 0 { best = (index, overlap) }
    }
    if let best { return best.index }
    // No overlap: a zero-length segment, or speech outside every turn. The nearest turn.
    let middle = (segment.startMilliseconds + segment.endMilliseconds) / 2
    return timeline.indices.min { a, b in distance(middle, timeline[a]) < distance(middle, timeline[b]) }
  }

  private static func distance(_ milliseconds: Int, _ span: TurnSpan) -> Int {
    if milliseconds < span.startSeconds * 1000 { return span.startSeconds * 1000 - milliseconds }
    return max(0, milliseconds - span.endSeconds * 1000)
  }
}
