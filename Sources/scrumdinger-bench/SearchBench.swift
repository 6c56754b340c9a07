import Foundation
import Platform
import ScrumdingerCore
import ScrumdingerTestSupport

/// A year of daily 15-minute stand-ups: 250 meetings of about 2,000 words said (sentences of
/// 8 to 22 words from a vocabulary of 2,000) and 8 notes each, in one scrum. In `chinese`, the
/// words are of two characters (from the 2,000 most used ideographs' block) and sentences are
/// written as Chinese is, without spaces, ending in "。".
func yearOfMeetings(chinese: Bool = false) -> DailyScrum {
  var random = SeededGenerator(seed: 43)
  let letters =
    chinese
    ? (0x4E00..<0x4E00 + 2_000).compactMap { Unicode.Scalar($0).map(Character.init) }
    : Array("abcdefghijklmnopqrstuvwxyz")
  let vocabulary = (0..<2_000).map { (index: Int) -> String in
    let length = chinese ? 2 : 3 + index % 7
    return String(
      (0..<length).map { (offset: Int) -> Character in
        letters[(index * 7 + offset * 13 + index / 26) % letters.count]
      })
  }
  func sentence() -> String {
    let words = (0..<Int.random(in: 8...22, using: &random)).map { _ in vocabulary.randomElement(using: &random)! }
    return chinese ? words.joined() + "。" : " " + words.joined(separator: " ") + "."
  }
  let start = Date(timeIntervalSince1970: 1_764_000_000)
  let history = (0..<250).map { day -> History in
    var words = 0
    var at = 0
    var transcript: [TranscriptSegment] = []
    while words < 2_000 {
      let text = sentence()
      words += chinese ? text.count / 2 : text.split(separator: " ").count
      transcript.append(TranscriptSegment(startMilliseconds: at, endMilliseconds: at + 4_000, text: text))
      at += 4_000
    }
    let notes = (0..<8).map { MeetingNote(speaker: "Ana", text: sentence(), atSeconds: $0 * 100) }
    return History(
      date: start.addingTimeInterval(Double(day) * 86_400), attendees: ["Ana", "Ben"], durationSeconds: 900,
      speakers: [
        SpeakerTime(name: "Ana", seconds: 450, shareSeconds: 450),
        SpeakerTime(name: "Ben", seconds: 450, shareSeconds: 450),
      ],
      notes: notes, transcript: transcript)
  }
  return DailyScrum(title: "Standup", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, history: history)
}

/// Searching a year of meetings' words as it is typed: each keystroke's search (the median
/// over a phrase typed letter by letter) beside a search that must fold every sentence first
/// (what opening the search bar does off the main loop); and the memory the search keeps (the
/// folded sentences) beside the meetings' own text.
@MainActor func meetingSearchFigures(chinese: Bool = false) {
  let scrum = yearOfMeetings(chinese: chinese)
  let said = scrum.history[200].transcript[40].text
  let phrase = chinese ? String(said.prefix(6)) : said.split(separator: " ").prefix(3).joined(separator: " ")
  let text = scrum.history.reduce(0) { sum, entry in sum + entry.transcript.reduce(0) { $0 + $1.text.utf8.count } }
  let search = MeetingSearch()
  let before = Memory.residentKiB()
  var first = 0.0
  let folding = ContinuousClock.now
  _ = search.results(of: ScrumSearch([String(phrase.prefix(1))]), in: [scrum])
  first = (ContinuousClock.now - folding).milliseconds
  let kept = max(0, Memory.residentKiB() - before)
  var times: [Double] = []
  var found = 0
  for length in 2...phrase.count {
    let typed = String(phrase.prefix(length))
    let started = ContinuousClock.now
    found = search.results(of: ScrumSearch([typed]), in: [scrum]).count
    times.append((ContinuousClock.now - started).milliseconds)
  }
  precondition(found > 0, "the phrase is in the meetings")
  guard !chinese else { return print("search_keystroke_chinese_ms \(median(times)) \(first)") }
  print("search_keystroke_ms \(median(times)) \(first)")
  print("search_memory_kib \(kept) \(text / 1024)")
}
