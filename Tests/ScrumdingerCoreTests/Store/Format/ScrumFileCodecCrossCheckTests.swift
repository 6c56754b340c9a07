import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

/// Random scrums from a seeded generator: titles and names with every kind of Unicode
/// (quotes, backslashes, control characters, combining marks, emoji), dates over the whole
/// allowed range, the largest durations.
private struct RandomScrums {
  var generator: SeededGenerator

  private static let alphabet: [Unicode.Scalar] =
    Array("aZ09 \"\\/{}[],:".unicodeScalars) + (0..<0x20).map { Unicode.Scalar($0)! }
    + ["\u{7F}", "é", "\u{301}", "长", "Ω", "\u{200D}", "\u{FEFF}", "😀", "👩‍💻".unicodeScalars.first!, "\u{10FFFF}"]

  mutating func text() -> String {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...24, using: &generator) {
      scalars.append(Self.alphabet.randomElement(using: &generator)!)
    }
    return String(scalars)
  }

  /// The earliest date random scrums get: the start of the allowed range, or (for checks
  /// against Foundation) the first whole year of the Gregorian calendar. ISO 8601 counts
  /// earlier days on the proleptic Gregorian calendar, as our codec does; Foundation's
  /// ISO 8601 parser switches to the Julian calendar before 15 October 1582.
  var earliest = History.dateRange.lowerBound

  mutating func date() -> Date {
    let seconds = Double.random(
      in: earliest.timeIntervalSince1970...History.dateRange.upperBound.timeIntervalSince1970, using: &generator)
    return Date(timeIntervalSince1970: seconds.rounded(.down))
  }

  mutating func scrum() -> DailyScrum {
    let attendees = (0..<Int.random(in: 0...4, using: &generator)).map { _ in Attendee(name: text()) }
    let history = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
      History(
        date: date(), attendees: (0..<Int.random(in: 0...3, using: &generator)).map { _ in text() },
        durationSeconds: Bool.random(using: &generator)
          ? History.durationRange.upperBound : Int.random(in: History.durationRange, using: &generator),
        speakers: (0..<Int.random(in: 0...3, using: &generator)).map { _ in
          speakerTime()
        },
        absent: (0..<Int.random(in: 0...2, using: &generator)).map { _ in text() },
        notes: (0..<Int.random(in: 0...2, using: &generator)).map { _ in
          MeetingNote(
            speaker: text(), text: text(), atSeconds: Int.random(in: History.durationRange, using: &generator))
        },
        transcript: (0..<Int.random(in: 0...2, using: &generator)).map { _ in
          let start = Int.random(in: 0...3_600_000, using: &generator)
          return TranscriptSegment(
            startMilliseconds: start, endMilliseconds: start + Int.random(in: 0...30_000, using: &generator),
            text: text())
        },
        items: (0..<Int.random(in: 0...2, using: &generator)).map { _ in speakerTime() },
        turns: (0..<Int.random(in: 0...3, using: &generator)).map { _ in
          let start = Int.random(in: 0...3_600, using: &generator)
          return TurnSpan(
            speaker: text(), startSeconds: start, endSeconds: start + Int.random(in: 0...600, using: &generator))
        })
    }
    var scrum = DailyScrum(
      title: text(), attendees: attendees, lengthInMinutes: Int.random(in: DailyScrum.lengthRange, using: &generator),
      theme: Theme.allCases.randomElement(using: &generator)!, history: history,
      shuffleSpeakingOrder: Bool.random(using: &generator),
      turnWarning: TurnWarning.allCases.randomElement(using: &generator)!,
      overtime: OvertimeRule.allCases.randomElement(using: &generator)!,
      agenda: (0..<Int.random(in: 0...3, using: &generator)).map { _ in
        AgendaItem(title: text(), minutes: Int.random(in: AgendaItem.minutesRange, using: &generator))
      },
      schedule: Bool.random(using: &generator)
        ? nil
        : MeetingSchedule(
          days: Set(MeetingSchedule.Weekday.allCases.filter { _ in Bool.random(using: &generator) }),
          hour: Int.random(in: 0...23, using: &generator), minute: Int.random(in: 0...59, using: &generator),
          reminderMinutes: MeetingSchedule.reminderChoices.randomElement(using: &generator)!),
      meetingWarningMinutes: DailyScrum.meetingWarningChoices.randomElement(using: &generator)!,
      language: [nil, "de", "zh", "?"].randomElement(using: &generator)!)  // "?": a code unknown here, kept
    if Bool.random(using: &generator) {  // stages, some silent
      scrum.warningStages = TurnWarning.allCases.filter { _ in Bool.random(using: &generator) }.map {
        WarningStage($0, sound: Bool.random(using: &generator))
      }
    }
    return scrum
  }

  mutating func speakerTime() -> SpeakerTime {
    SpeakerTime(
      name: text(), seconds: Int.random(in: History.durationRange, using: &generator),
      shareSeconds: Int.random(in: 0...3_600, using: &generator),
      addedSeconds: Bool.random(using: &generator) ? 0 : Int.random(in: 1...10, using: &generator) * 60)
  }
}

private struct Envelope: Codable, Equatable {
  var version: Int
  var scrums: [DailyScrum]
}

@Suite struct ScrumFileCodecCrossCheckTests {
  /// Our writer against Foundation's decoder, and Foundation's encoder against our reader:
  /// a field added to the model and forgotten in the hand-written codec fails here.
  @Test func theHandWrittenCodecAgreesWithFoundationBothWays() throws {
    var random = RandomScrums(generator: SeededGenerator(seed: 2026))
    random.earliest = Date(timeIntervalSince1970: -12_212_553_600)  // 1583-01-01
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    var disagreements: [String] = []
    for round in 0..<300 {
      let scrums = (0..<3).map { _ in random.scrum() }
      let ours = ScrumFile.encode(scrums, transcripts: true)  // the codec as exports use it
      if try decoder.decode(Envelope.self, from: ours) != Envelope(version: 1, scrums: scrums) {
        disagreements.append("round \(round): Foundation reads our file differently")
      }
      let theirs = try encoder.encode(Envelope(version: 1, scrums: scrums))
      if try ScrumFile.decode(theirs) != scrums {
        disagreements.append("round \(round): we read Foundation's file differently")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
  }

  /// Over the whole allowed range (years 1…9999), our own codec gives back what it wrote.
  @Test func theCodecRoundTripsTheWholeDateRange() throws {
    var random = RandomScrums(generator: SeededGenerator(seed: 99))
    for round in 0..<300 {
      let scrums = (0..<3).map { _ in random.scrum() }
      #expect(try ScrumFile.decode(ScrumFile.encode(scrums, transcripts: true)) == scrums, "round \(round)")
    }
    let edges = [History.dateRange.lowerBound, History.dateRange.upperBound]
    let scrum = DailyScrum(title: "edges", history: edges.map { History(date: $0, attendees: [], durationSeconds: 0) })
    #expect(try ScrumFile.decode(ScrumFile.encode([scrum])) == [scrum])
    #expect(String(decoding: ScrumFile.encode([scrum]), as: UTF8.self).contains("\"0001-01-01T00:00:00Z\""))
    #expect(String(decoding: ScrumFile.encode([scrum]), as: UTF8.self).contains("\"9999-12-31T23:59:59Z\""))
  }

  /// Random bytes, random mutations of a valid file, and deep nesting: the reader answers
  /// every one (scrums or a reason) and never crashes. A fixed seed and count, so every run
  /// tries the same cases.
  @Test func theReaderSurvivesSeededFuzzing() {
    var generator = SeededGenerator(seed: 7)
    var random = RandomScrums(generator: SeededGenerator(seed: 8))
    let valid = [UInt8](ScrumFile.encode((0..<4).map { _ in random.scrum() }))
    let tokens: [[UInt8]] = [
      "{", "}", "[", "]", "\"", ",", ":", "\\", "\\u", "1e999", "-", "null", "9223372036854775808",
    ]
    .map { Array($0.utf8) }
    var loaded = 0
    var refused = 0
    for round in 0..<3_000 {
      var bytes: [UInt8]
      switch round % 3 {
      case 0:
        bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator)
        }
      case 1:
        bytes = valid
        for _ in 0..<Int.random(in: 1...8, using: &generator) {
          let at = Int.random(in: 0..<bytes.count, using: &generator)
          switch Int.random(in: 0...3, using: &generator) {
          case 0: bytes[at] = UInt8.random(in: 0...255, using: &generator)
          case 1: bytes.remove(at: at)
          case 2: bytes.insert(contentsOf: tokens.randomElement(using: &generator)!, at: at)
          default: bytes = Array(bytes.prefix(at))
          }
          if bytes.isEmpty { break }
        }
      default:
        let depth = Int.random(in: 1...50_000, using: &generator)
        let open = Bool.random(using: &generator) ? "[" : "{\"k\":"
        bytes = Array(#"{"version": 1, "x": "#.utf8) + Array(String(repeating: open, count: depth).utf8)
      }
      if (try? ScrumFile.decode(Data(bytes))) != nil { loaded += 1 } else { refused += 1 }
    }
    #expect(loaded + refused == 3_000)
    #expect(refused > 0)
  }
}
