import FoundationEssentials
// Finding what was said: every meeting's transcript (kept on this computer) and notes,
// searched as the list's titles are (`ScrumSearch`: all words, any order, case and accents
// ignored). A year of daily stand-ups is about half a million words, too many to fold again at
// each keystroke: each meeting's sentences are folded once, into bytes, and kept until that
// meeting's words change (a transcript arriving, a note edited), off the main loop when a
// search bar opens; a keystroke then only looks for the typed terms in those bytes. Nothing of
// this leaves memory.
import Glibc
import Platform

/// One sentence where a meeting's words matched.
public struct MeetingMatch: Equatable, Sendable, Identifiable {
  /// The scrum whose meeting it is.
  public var scrumID: UUID
  /// The meeting (its history entry).
  public var historyID: UUID
  /// When the meeting was held.
  public var date: Date
  /// Who said it (for a note: whose turn it was taken in; "" when no turn holds it).
  public var speaker: String
  /// The sentence, as said or written.
  public var text: String
  /// Where it was said, in milliseconds of the meeting.
  public var startMilliseconds: Int
  /// Whether it is a note rather than a transcript's sentence.
  public var isNote: Bool
  /// The words of `text` that hold a term, as ranges of `text`, in order.
  public var highlights: [Range<String.Index>]

  /// The same as `resultID`.
  public var id: String { resultID }

  /// Its id among the overview's results: "said:HISTORY-ID:MILLISECONDS:t" (n for a note).
  public var resultID: String { "said:\(historyID.uuidString):\(startMilliseconds):\(isNote ? "n" : "t")" }

  /// The sentence a `resultID` names, found again in `scrums` (nil when it is not one, or is
  /// gone), the words of `search` marked in it.
  public static func named(_ resultID: String, in scrums: [DailyScrum], search: ScrumSearch = ScrumSearch([]))
    -> MeetingMatch?
  {
    let parts = resultID.split(separator: ":")
    guard parts.count == 4, parts[0] == "said", let historyID = UUID(uuidString: String(parts[1])),
      let start = Int(parts[2]), parts[3] == "n" || parts[3] == "t"
    else { return nil }
    let isNote = parts[3] == "n"
    for scrum in scrums {
      guard let entry = scrum.history.first(where: { $0.id == historyID }) else { continue }
      let text =
        isNote
        ? entry.notes.first { $0.atSeconds * 1000 == start }?.text
        : entry.transcript.first { $0.startMilliseconds == start }?.text.trimmed
      guard let text else { return nil }
      return MeetingMatch(
        scrumID: scrum.id, historyID: historyID, date: entry.date, speaker: "", text: text, startMilliseconds: start,
        isNote: isNote, highlights: MeetingSearch.highlights(of: search, in: text))
    }
    return nil
  }

  /// The words around the first one found, within about `length` characters, "…" where the
  /// sentence goes on: "…drop the migration…".
  public func excerpt(length: Int = 60) -> String {
    guard text.count > length else { return text }
    let center = highlights.first.map { text.distance(from: text.startIndex, to: $0.lowerBound) } ?? 0
    let from = max(0, min(center - length / 3, text.count - length))
    var start = text.index(text.startIndex, offsetBy: from)
    var end = text.index(start, offsetBy: length)
    // Whole words only, where words stand between spaces (any character is a whole one where
    // they do not).
    if start > text.startIndex, !text[start].isWrittenWithoutSpaces {
      start = text[start...].firstIndex(where: \.isWhitespace).map { text.index(after: $0) } ?? start
    }
    if end < text.endIndex, !text[end].isWrittenWithoutSpaces {
      end = text[..<end].lastIndex(where: \.isWhitespace) ?? end
    }
    return (start > text.startIndex ? "…" : "") + String(text[start..<end]).trimmed + (end < text.endIndex ? "…" : "")
  }
}

/// The search over every meeting's words, with what it folded kept for the next keystroke.
@MainActor public final class MeetingSearch {
  /// A meeting's sentences, folded.
  private struct Folded: Sendable {
    var fingerprint: Int
    var sentences: [[UInt8]]
  }
  private var folded: [UUID: Folded] = [:]
  /// How many results a search gives at most (the newest).
  public let limit: Int

  /// A search giving at most `limit` sentences.
  public init(limit: Int = 100) {
    self.limit = limit
  }

  /// One sentence a meeting, for each meeting holding every term of `search` (the overview
  /// lists meetings): its first sentence found. At most `limit` meetings.
  public func meetings(of search: ScrumSearch, in scrums: [DailyScrum], limit: Int = 10) -> [MeetingMatch] {
    var seen = Set<UUID>()
    return Array(results(of: search, in: scrums).filter { seen.insert($0.historyID).inserted }.prefix(limit))
  }

  /// The sentences of `scrums`' meetings holding every term of `search`, newest meeting first
  /// and in the order said within one: each sentence with all the terms, or, in a meeting
  /// whose words hold them all only across sentences, the one holding most. At most `limit`.
  public func results(of search: ScrumSearch, in scrums: [DailyScrum]) -> [MeetingMatch] {
    guard !search.isEmpty else { return [] }
    let terms = search.terms.map { Array($0.utf8) }
    var meetings: [(DailyScrum, History, [Int])] = []
    var seen = Set<UUID>()
    for scrum in scrums {
      for entry in scrum.history {
        seen.insert(entry.id)
        let sentences = fold(entry)
        var all: [Int] = []
        var best = (index: -1, count: 0)
        var covered = Set<Int>()
        for (index, sentence) in sentences.enumerated() {
          var count = 0
          for (term, bytes) in terms.enumerated() where Self.contains(sentence, bytes) {
            count += 1
            covered.insert(term)
          }
          if count == terms.count { all.append(index) }
          if count > best.count { best = (index, count) }
        }
        guard covered.count == terms.count else { continue }
        meetings.append((scrum, entry, all.isEmpty ? [best.index] : all))
      }
    }
    folded = folded.filter { seen.contains($0.key) }  // meetings gone are let go
    meetings.sort { $0.1.date > $1.1.date }
    var matches: [MeetingMatch] = []
    for (scrum, entry, indices) in meetings {
      for index in indices {
        guard matches.count < limit else { return matches }
        matches.append(match(index, of: entry, in: scrum, search: search))
      }
    }
    return matches
  }

  /// The sentences of `entry`: its transcript's segments, then its notes.
  private nonisolated static func sentences(of entry: History) -> [String] {
    entry.transcript.map(\.text) + entry.notes.map(\.text)
  }

  private func fold(_ entry: History) -> [[UInt8]] {
    let fingerprint = Self.fingerprint(of: entry)
    if let kept = folded[entry.id], kept.fingerprint == fingerprint { return kept.sentences }
    let made = Self.folded(entry, fingerprint: fingerprint)
    folded[entry.id] = made
    return made.sentences
  }

  /// What tells whether a meeting's words changed since they were folded: a transcript
  /// arrives whole, so its length and last sentence; notes are few, so all of them.
  private nonisolated static func fingerprint(of entry: History) -> Int {
    var hasher = Hasher()
    hasher.combine(entry.transcript.count)
    hasher.combine(entry.transcript.last?.text)
    hasher.combine(entry.notes)
    return hasher.finalize()
  }

  private nonisolated static func folded(_ entry: History, fingerprint: Int) -> Folded {
    Folded(fingerprint: fingerprint, sentences: sentences(of: entry).map { Array(ScrumSearch.fold($0).utf8) })
  }

  /// Folds, off the main loop, the words of `scrums`' meetings not folded yet (a search bar
  /// opening: a year of meetings takes a few hundred milliseconds, which the first keystroke
  /// would otherwise wait for); `done` runs once they are ready.
  public func prepare(_ scrums: [DailyScrum], then done: @escaping @MainActor () -> Void = {}) {
    let stale = scrums.flatMap(\.history).filter { entry in folded[entry.id]?.fingerprint != Self.fingerprint(of: entry)
    }
    guard !stale.isEmpty else { return done() }
    WorkerThreads.run(
      { stale.map { ($0.id, Self.folded($0, fingerprint: Self.fingerprint(of: $0))) } },
      then: { [weak self] made in
        guard let self else { return }
        for (id, meeting) in made { self.folded[id] = meeting }  // one changed since is folded again when searched
        done()
      })
  }

  /// Whether `needle` (not empty) occurs in `haystack`: its first byte found by memchr, the
  /// rest compared by memcmp.
  static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    haystack.withUnsafeBytes { text in
      needle.withUnsafeBytes { term in
        guard let base = text.baseAddress, let bytes = term.baseAddress, let first = term.first,
          term.count <= text.count
        else {
          return false
        }
        var offset = 0
        let last = text.count - term.count
        while offset <= last, let found = memchr(base + offset, Int32(first), last - offset + 1) {
          if memcmp(found, bytes, term.count) == 0 { return true }
          offset = base.distance(to: UnsafeRawPointer(found)) + 1
        }
        return false
      }
    }
  }

  private func match(_ index: Int, of entry: History, in scrum: DailyScrum, search: ScrumSearch) -> MeetingMatch {
    let isNote = index >= entry.transcript.count
    let text: String
    let start: Int
    let speaker: String
    if isNote {
      let note = entry.notes[index - entry.transcript.count]
      (text, start, speaker) = (note.text, note.atSeconds * 1000, note.speaker)
    } else {
      let segment = entry.transcript[index]
      text = segment.text.trimmed
      start = segment.startMilliseconds
      speaker = SpeakerAttribution.passages(of: [segment], over: entry.timeline).first?.speaker ?? ""
    }
    return MeetingMatch(
      scrumID: scrum.id, historyID: entry.id, date: entry.date, speaker: speaker, text: text,
      startMilliseconds: start, isNote: isNote, highlights: Self.highlights(of: search, in: text))
  }

  /// Where `text` holds a term, in order: the whole word around it in a script written with
  /// spaces ("deploy" marks "deployment"), the characters found in one written without
  /// ("数据" marks those two characters of "迁移数据库").
  nonisolated static func highlights(of search: ScrumSearch, in text: String) -> [Range<String.Index>] {
    let positions = Array(text.indices)
    let folded = positions.map { ScrumSearch.fold(String(text[$0])) }  // a character at a time
    var found: [Range<Int>] = []
    for term in search.terms {
      for start in folded.indices where !folded[start].isEmpty {
        var joined = ""
        var end = start
        while end < folded.count, joined.utf8.count < term.utf8.count {
          joined += folded[end]
          end += 1
        }
        if joined.hasPrefix(term) { found.append(word(around: start..<end, in: text, at: positions)) }
      }
    }
    var ranges: [Range<Int>] = []
    for range in found.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = ranges.last, range.lowerBound <= last.upperBound {
        ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        ranges.append(range)
      }
    }
    return ranges.map {
      positions[$0.lowerBound]..<($0.upperBound < positions.count ? positions[$0.upperBound] : text.endIndex)
    }
  }

  /// `found` (character offsets) grown to the word it is in, where the script has words
  /// between spaces.
  private nonisolated static func word(around found: Range<Int>, in text: String, at positions: [String.Index])
    -> Range<Int>
  {
    func inWord(_ offset: Int) -> Bool {
      let character = text[positions[offset]]
      return (character.isLetter || character.isNumber || character == "'") && !character.isWrittenWithoutSpaces
    }
    var (lower, upper) = (found.lowerBound, found.upperBound)
    if inWord(lower) { while lower > 0, inWord(lower - 1) { lower -= 1 } }
    if inWord(upper - 1) { while upper < positions.count, inWord(upper) { upper += 1 } }
    return lower..<upper
  }
}
