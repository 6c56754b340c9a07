// A meeting heard as it runs is recognised window by window, each with the words before it as
// whisper's prompt. With a quantized model, whisper sometimes says the prompt's last sentence
// again at the start of the next window ("…to consider. And Mr. John'd dash…" twice): the
// transcript then holds it twice, and the words after it garbled. And where a window's last
// segment ran to the window's end, whisper did not hear where its words stop, so the next
// window begins a little before and hears some of them again. The helper decides that by time
// (`bridge.c`: the window begins a second before the last word by its tokens' times, and the
// words it hears again, by theirs, are left out); what whisper says again from the prompt has
// no time of its own, and a model whose tokens are not timed gives none. So here, across a
// seam within a turn, the words the window begins with that the previous window ended with,
// as most of them read, are dropped as well.
import FoundationEssentials

/// The rule for what repeats across the seam between two windows.
public enum SeamRepeat {
  /// The fewest words taken as a repeat (two words in a row may well be said twice).
  static let fewestWords = 3
  /// The most words a window may begin with again (about 15 s of speech).
  static let mostWords = 40

  /// `window`'s segments without the words at its start that `before` (the previous window's
  /// segments, same turn) ended with: a segment wholly repeated goes; one that begins with the
  /// repeat keeps the rest of its words. A repeat ends where `before` does (at its last word,
  /// or the one before it, which a cut may have made another word) and reads as `before` did:
  /// word for word, or, past three words, letter for letter but for one letter in four.
  public static func dropped(_ window: [TranscriptSegment], after before: [TranscriptSegment]) -> [TranscriptSegment] {
    let said = before.suffix(3).flatMap { words(of: $0.text) }.map(plain).suffix(mostWords + 2)
    let coming = window.flatMap { words(of: $0.text) }.prefix(mostWords).map(plain)
    guard let repeated = repeatLength(of: Array(said), in: coming) else { return window }
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
      let words = segment.text.droppingUnits(left, counted: isWord)
      rest.text = (words.first?.isWrittenWithoutSpaces == true ? "" : " ") + words  // as whisper writes it
      left = 0
      kept.append(rest)
    }
    return kept
  }

  /// How many words `coming` begins with that end `said` (nil: none), the longest such start.
  private static func repeatLength(of said: [String], in coming: [String]) -> Int? {
    guard said.count >= fewestWords else { return nil }
    let ends = Set(said.suffix(2))
    for count in stride(from: coming.count, through: fewestWords, by: -1) where ends.contains(coming[count - 1]) {
      let start = Array(coming.prefix(count))
      // Anchored at `said`'s end: its last word, or the one before (the last cut by the seam).
      for end in [said.count, said.count - 1] where said[end - 1] == start.last {
        if Array(said[..<end].suffix(count)) == start || (count > fewestWords && alike(Array(said[..<end]), start)) {
          return count
        }
      }
    }
    return nil
  }

  /// Whether `start` reads as the end of `said`, letter by letter (a word heard as two, "time
  /// out", or otherwise, "yes to me"): they share three in four of their letters in order, over
  /// as many of `said`'s last words as `start` has letters.
  private static func alike(_ said: [String], _ start: [String]) -> Bool {
    let letters = Array(start.joined())
    var tail: [Character] = []
    for word in said.reversed() where tail.count < letters.count {
      tail.insert(contentsOf: word, at: 0)
    }
    return common(tail, letters) * 4 >= max(tail.count, letters.count) * 3
  }

  /// The length of the longest sequence of letters `a` and `b` share in order.
  private static func common(_ a: [Character], _ b: [Character]) -> Int {
    var row = [Int](repeating: 0, count: b.count + 1)
    for letter in a {
      var diagonal = 0
      for (j, other) in b.enumerated() {
        let above = row[j + 1]
        row[j + 1] = letter == other ? diagonal + 1 : max(above, row[j])
        diagonal = above
      }
    }
    return row[b.count]
  }

  /// The words of `text`: each character of a script written without spaces is one (a
  /// Chinese window repeats characters, not space-separated words); "。" or "—" alone is none.
  private static func words(of text: String) -> [String] {
    text.writtenUnits.filter(isWord).map(String.init)
  }

  private static func isWord(_ unit: Substring) -> Bool { unit.contains { $0.isLetter || $0.isNumber } }

  /// A word as compared: its letters and digits, lower case.
  private static func plain(_ word: String) -> String {
    String(word.lowercased().filter { $0.isLetter || $0.isNumber })
  }
}
