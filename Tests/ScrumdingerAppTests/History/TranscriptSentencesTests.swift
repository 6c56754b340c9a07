import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

/// The transcript on a past meeting's page: one Tab stop a sentence, read with its speaker
/// and time, played from its start by Enter, and marked while it is heard.
final class TranscriptSentencesTests: XCTestCase {
  func testEnterOnASentencePlaysTheRecordingFromItsStartAndMarksItWhileHeard() {
    let said = [
      TranscriptSegment(startMilliseconds: 0, endMilliseconds: 3_400, text: " And so my fellow Americans,"),
      TranscriptSegment(
        startMilliseconds: 3_400, endMilliseconds: 6_800, text: " ask not what your country can do for you,"),
      TranscriptSegment(
        startMilliseconds: 6_800, endMilliseconds: 11_000, text: " ask what you can do for your country."),
    ]
    let entry = History(
      date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["Ana", "Ben"], durationSeconds: 11,
      speakers: [
        SpeakerTime(name: "Ana", seconds: 6, shareSeconds: 6), SpeakerTime(name: "Ben", seconds: 5, shareSeconds: 5),
      ],
      transcript: said, recorded: true)
    let scrum = DailyScrum(
      title: "Team", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 1, history: [entry])
    let store = temporaryStore()
    XCTAssertNoThrow(try store.save([scrum]))
    MainActor.assumeIsolated {
      recordSpeech(of: entry.id, in: store)
      withRunningApp(store: store, dependencies: recordingDependencies()) { app in
        app.state.scrums.value = [scrum]
        app.state.navigation.value = .history(scrumID: scrum.id, historyID: entry.id)
        _ = spin(until: { app.mainWindow!.pages.history?.record.sentences.count == 3 })
        let record = app.mainWindow!.pages.history!.record
        XCTAssertEqual(record.sentences.count, 3, "one row a sentence")
        XCTAssertEqual(
          record.sentences.map { $0.row.accessibleName },
          [
            "Ana, 0:00: And so my fellow Americans,", "Ana, 0:03: ask not what your country can do for you,",
            "Ben, 0:06: ask what you can do for your country.",
          ])
        XCTAssertTrue(record.sentences.allSatisfy { $0.row.isFocusable }, "each is a Tab stop")
        XCTAssertEqual(record.sentences.map(\.label.language), ["en", "en", "en"], "said to be English")
        let second = record.sentences[1].row
        XCTAssertTrue(second.grabFocus())
        let pressed = ContinuousClock.now
        second.activate()  // Enter on it
        // The player's place as the row beside Play shows it ("0:03 / 0:10"), in whole seconds.
        XCTAssertTrue(spin(until: { !record.positionLabel.text.hasPrefix("0:00 ") }), "it plays")
        let elapsed = ContinuousClock.now - pressed
        let shown = record.positionLabel.text.prefix { $0 != " " }.split(separator: ":").compactMap { Int($0) }
        let heard = try XCTUnwrap(shown.count == 2 ? shown[0] * 60 + shown[1] : nil, record.positionLabel.text)
        XCTAssertGreaterThanOrEqual(heard, 3, "from the sentence's start (3.4 s)")
        XCTAssertLessThanOrEqual(
          heard, 3 + Int(elapsed.components.seconds) + 1, "from the sentence's start, not later")
        // The mark is the accent colour on the sentence's words, on one sentence at a time.
        let marked = { record.sentences.indices.filter { record.sentences[$0].label.hasCSSClass("accent") } }
        XCTAssertEqual(marked(), [1], "the sentence heard is marked")
        // Playback moves on into Ben's sentence (6.8 s), 3.4 s later on a quiet machine.
        XCTAssertTrue(spin(until: { marked() == [2] }), "the mark follows playback: \(marked())")
        XCTAssertTrue(record.sentences.allSatisfy { $0.play.isVisible })
        record.recordingDeleted()
        XCTAssertFalse(record.sentences.contains { $0.play.isVisible }, "nothing left to play")
        XCTAssertTrue(record.sentences.allSatisfy { $0.row.isFocusable }, "the words are still read")
      }
    }
  }

  /// A sentence tells a screen reader its language (GTK gives it as the text's "language"
  /// attribute over AT-SPI): a German scrum's in German, a Chinese one's in Chinese; a code
  /// from a synced file that this build does not know says none.
  func testEachSentenceSaysTheLanguageItWasHeardIn() {
    for (code, said, expected) in [
      ("de", " Gestern habe ich die Datenbank repariert.", "de"), ("zh", "我们明天再讨论这个问题。", "zh"),
      ("xx-unknown", " Something.", nil),
    ] as [(String, String, String?)] {
      let entry = History(
        date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["Ana"], durationSeconds: 5,
        transcript: [TranscriptSegment(startMilliseconds: 0, endMilliseconds: 5_000, text: said)], recorded: true)
      let scrum = DailyScrum(
        title: "Team", attendees: [Attendee(name: "Ana")], lengthInMinutes: 1, history: [entry], language: code)
      MainActor.assumeIsolated {
        withRunningApp(store: temporaryStore(), dependencies: recordingDependencies()) { app in
          app.state.scrums.value = [scrum]
          app.state.navigation.value = .history(scrumID: scrum.id, historyID: entry.id)
          XCTAssertTrue(spin(until: { app.mainWindow!.pages.history?.record.sentences.count == 1 }), code)
          let label = app.mainWindow!.pages.history!.record.sentences[0].label
          XCTAssertEqual(label.language, expected, code)
          XCTAssertEqual(label.text, said.trimmingCharacters(in: .whitespaces), "the words as heard")
        }
      }
    }
  }
}
