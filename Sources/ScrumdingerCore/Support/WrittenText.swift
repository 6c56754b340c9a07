// Text as people write it, not as English writes it: Chinese, Japanese, Thai, Lao, Khmer,
// Myanmar and Tibetan put no spaces between words, so what treats a space as the end of a word
// (joining a transcript's sentences, cutting an excerpt at a word, finding a repeat at a seam)
// takes each of their characters as a unit of its own, and joins them without a space.
// Scripts are told by their Unicode blocks, which is all these rules need.

extension Character {
  /// Whether the character belongs to a script written without spaces between words (or is
  /// punctuation of one: "。", "！", "，").
  public var isWrittenWithoutSpaces: Bool {
    guard let scalar = unicodeScalars.first?.value else { return false }
    return switch scalar {
    case 0x0E00...0x0EFF,  // Thai, Lao
      0x0F00...0x0FFF,  // Tibetan
      0x1000...0x109F,  // Myanmar
      0x1780...0x17FF,  // Khmer
      0x2E80...0x2FDF,  // CJK radicals
      0x3000...0x30FF,  // CJK symbols and punctuation, Hiragana, Katakana
      0x3100...0x31FF,  // Bopomofo, Katakana extensions
      0x3400...0x4DBF,  // CJK Extension A
      0x4E00...0x9FFF,  // CJK Unified Ideographs
      0xF900...0xFAFF,  // CJK Compatibility Ideographs
      0xFE30...0xFE4F,  // CJK compatibility forms
      0xFF01...0xFF0F, 0xFF1A...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF9F,  // full-width punctuation, half-width kana
      0x20000...0x3FFFF:  // CJK Extensions B onwards
      true
    default: false
    }
  }
}

extension String {
  /// `parts` joined as one text: with a space between two, unless either side of the join is
  /// written without spaces ("Done." + "Next." → "Done. Next."; "好了。" + "下一个。" →
  /// "好了。下一个。").
  public static func joinedAsWritten(_ parts: [String]) -> String {
    var text = ""
    for part in parts where !part.isEmpty {
      if let last = text.last, let first = part.first, !last.isWhitespace, !first.isWhitespace,
        !last.isWrittenWithoutSpaces, !first.isWrittenWithoutSpaces
      {
        text += " "
      }
      text += part
    }
    return text
  }

  /// The text's words as units: runs between white space, each character of a script written
  /// without spaces a unit of its own ("Hello 你好。" → "Hello", "你", "好", "。").
  public var writtenUnits: [Substring] { unitRanges.map { self[$0] } }

  /// Where each of the text's units begins, in order (where a line may begin without cutting
  /// a word).
  public var writtenUnitStarts: [Index] { unitRanges.map(\.lowerBound) }

  /// The text after its first `count` units that are `counted`, as written (the white space
  /// before the next left out).
  public func droppingUnits(_ count: Int, counted: (Substring) -> Bool = { _ in true }) -> String {
    let ranges = unitRanges.filter { counted(self[$0]) }
    guard count > 0 else { return self }
    guard count < ranges.count else { return "" }
    return String(self[ranges[count].lowerBound...])
  }

  private var unitRanges: [Range<Index>] {
    var ranges: [Range<Index>] = []
    var start: Index?
    var index = startIndex
    while index < endIndex {
      let character = self[index]
      let next = self.index(after: index)
      if character.isWhitespace || character.isWrittenWithoutSpaces {
        if let from = start { ranges.append(from..<index) }
        start = nil
        if !character.isWhitespace { ranges.append(index..<next) }
      } else if start == nil {
        start = index
      }
      index = next
    }
    if let from = start { ranges.append(from..<endIndex) }
    return ranges
  }
}
