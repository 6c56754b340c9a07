// A meeting heard as it runs is recognised window by window, each with the words before it as
// whisper's prompt. With a quantized model, whisper sometimes says the prompt's last sentence
// again at the start of the next window ("…to consider. And Mr. John'd dash…" twice): the
// transcript then holds it twice, and the words after it garbled. Across a seam within a turn,
// words the window begins with that the previous window ended with are dropped.
import FoundationEssentials

/// The rule for what repeats across the seam between two windows.
public enum SeamRepeat {
  /// The fewest words taken as a repeat (two words in a row may well be said twice).
  static let fewestWords = 3

  /// `window`'s segments without the words at its start that `before` (the previous window's
  /// segments, same turn) ended with: a segment wholly repeated goes; one that begins with the
  /// repeat keeps the rest of its words.
  public static func dropped(_ window: [TranscriptSegment], after before: [TranscriptSegment]) -> [TranscriptSegment] {
    let said = before.suffix(3).flatMap { words(of: $0.text) }.map(plain)
    let coming = window.flatMap { words(of: $0.text) }
    let plainComing = coming.map(plain)
    // The longest start of the window that is an end of what was said.
    let most = min(said.count, plainComing.count)
    guard most >= fewestWords else { return window }
    let repeated =
      (fewestWords...most).reversed().first {
        Array(said.suffix($0)) == Array(plainComing.prefix($0))
      } ?? 0
    guard repeated > 0 else { return window }
    var left = repeated
    var kept: [TranscriptSegment] = []
    for segment in window {
      let segmentWords = words(of: segment.text)
      guard left > 0 else {
        kept.append(segment)
        continue
      }
      if segmentWords.count <= left {
        left -= segmentWords.count
        continue
      }
      var rest = segment
      rest.text = " " + segmentWords.dropFirst(left).joined(separator: " ")
      left = 0
      kept.append(rest)
    }
    return kept
  }

  private static func words(of text: String) -> [String] {
    text.split(whereSeparator: \.isWhitespace).map(String.init)
  }

  /// A word as compared: its letters and digits, lower case.
  private static func plain(_ word: String) -> String {
    String(word.lowercased().filter { $0.isLetter || $0.isNumber })
  }
}
