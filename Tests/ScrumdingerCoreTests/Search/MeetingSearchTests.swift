import Foundation
import Platform
import Testing

@testable import ScrumdingerCore

@MainActor @Suite struct MeetingSearchTests {
  func said(_ seconds: Int, _ text: String) -> TranscriptSegment {
    TranscriptSegment(startMilliseconds: seconds * 1000, endMilliseconds: seconds * 1000 + 4_000, text: text)
  }

  func meeting(daysAgo: Int, _ transcript: [TranscriptSegment], notes: [MeetingNote] = []) -> History {
    History(
      date: Date(timeIntervalSince1970: 1_795_000_000 - Double(daysAgo) * 86_400), attendees: ["Ana", "Ben"],
      durationSeconds: 120,
      speakers: [
        SpeakerTime(name: "Ana", seconds: 60, shareSeconds: 60),
        SpeakerTime(name: "Ben", seconds: 60, shareSeconds: 60),
      ],
      notes: notes, transcript: transcript)
  }

  var standup: DailyScrum {
    var scrum = DailyScrum(title: "Standup", attendees: ["Ana", "Ben"].map { Attendee(name: $0) })
    scrum.history = [
      meeting(daysAgo: 8, [said(5, " We will drop the migration on Friday."), said(70, " Fine by me.")]),
      meeting(daysAgo: 1, [said(10, " The Migration is dropped, as decided."), said(65, " Drop it then.")]),
      meeting(
        daysAgo: 3, [said(10, " Nothing about it here.")],
        notes: [MeetingNote(speaker: "Ben", text: "Drop the MIGRATIÓN plan", atSeconds: 75)]),
    ]
    return scrum
  }

  @Test func everyWordInAnyOrderIgnoringCaseAndAccentsNewestMeetingFirst() throws {
    let scrum = standup
    let results = MeetingSearch().results(of: ScrumSearch(["migration drop"]), in: [scrum])
    #expect(
      results.map(\.text) == [
        "The Migration is dropped, as decided.", "Drop the MIGRATIÓN plan", "We will drop the migration on Friday.",
      ])
    #expect(results.map(\.historyID) == [scrum.history[1].id, scrum.history[2].id, scrum.history[0].id])
    let first = try #require(results.first)
    #expect(first.speaker == "Ana", "said in Ana's turn")
    #expect(first.startMilliseconds == 10_000)
    #expect(results[1].isNote && results[1].speaker == "Ben")
    #expect(first.highlights.map { String(first.text[$0]) } == ["Migration", "dropped"], "the words holding a term")
    #expect(results[1].highlights.map { String(results[1].text[$0]) } == ["Drop", "MIGRATIÓN"])
  }

  @Test func wordsSpreadOverAMeetingGiveItsSentenceHoldingTheMost() {
    let results = MeetingSearch().results(of: ScrumSearch(["friday", "fine"]), in: [standup])
    #expect(
      results.map(\.text) == ["We will drop the migration on Friday."], "one result for the meeting, not one a word")
    #expect(
      MeetingSearch().results(of: ScrumSearch(["friday", "holiday"]), in: [standup]).isEmpty, "every word must be said")
  }

  @Test func aNoteEditedIsFoundByItsNewWordsAndAMeetingGoneIsNot() {
    let search = MeetingSearch()
    var scrum = standup
    #expect(search.results(of: ScrumSearch(["budget"]), in: [scrum]).isEmpty)
    scrum.history[2].notes[0].text = "Budget approved"
    #expect(search.results(of: ScrumSearch(["budget"]), in: [scrum]).map(\.text) == ["Budget approved"])
    scrum.history.remove(at: 2)
    #expect(search.results(of: ScrumSearch(["budget"]), in: [scrum]).isEmpty)
  }

  @Test func foldedAheadOffTheMainLoopTheSameIsFoundAndAChangeMeanwhileStillCounts() {
    let search = MeetingSearch()
    var scrum = standup
    var ready = false
    search.prepare([scrum]) { ready = true }
    #expect(MainLoop.run(until: { ready }, timeout: .seconds(5)))
    #expect(search.results(of: ScrumSearch(["migration"]), in: [scrum]).count == 3)
    scrum.history[0].transcript.append(said(90, " The budget is fine."))
    #expect(search.results(of: ScrumSearch(["budget"]), in: [scrum]).map(\.text) == ["The budget is fine."])
  }

  @Test func atMostTheLimitAndNothingForNothingTyped() {
    var scrum = standup
    scrum.history = (0..<30).map { meeting(daysAgo: $0, [said(1, " Deploy the build."), said(9, " Deploy again.")]) }
    #expect(MeetingSearch(limit: 25).results(of: ScrumSearch(["deploy"]), in: [scrum]).count == 25)
    #expect(MeetingSearch().results(of: ScrumSearch([" "]), in: [scrum]).isEmpty)
  }

  @Test func theOverviewNamesASentenceByAnIdThatFindsItAgainAndShowsTheWordsAroundIt() throws {
    let scrum = standup
    let search = ScrumSearch(["migration"])
    let found = try #require(MeetingSearch().meetings(of: search, in: [scrum]).first)
    #expect(found.resultID == "said:\(scrum.history[1].id.uuidString):10000:t")
    let again = try #require(MeetingMatch.named(found.resultID, in: [scrum], search: search))
    #expect(again.text == found.text && again.scrumID == scrum.id && again.highlights == found.highlights)
    #expect(MeetingMatch.named("said:\(UUID().uuidString):10000:t", in: [scrum]) == nil, "a meeting gone")
    #expect(MeetingMatch.named(scrum.id.uuidString, in: [scrum]) == nil, "a scrum's id is not a sentence's")
    let note = try #require(MeetingSearch().meetings(of: ScrumSearch(["plan"]), in: [scrum]).first)
    #expect(note.resultID.hasSuffix(":75000:n"))
    #expect(MeetingMatch.named(note.resultID, in: [scrum])?.text == "Drop the MIGRATIÓN plan")
    // Long sentences are cut around the first word found, at word boundaries.
    var long = found
    long.text =
      "Before the break, after the long call with the customer, we decided to drop the migration for now and revisit it."
    long.highlights = MeetingSearch.highlights(of: ScrumSearch(["drop"]), in: long.text)
    #expect(long.excerpt(length: 60) == "…we decided to drop the migration for now and revisit…")
    #expect(found.excerpt() == found.text, "a short one whole")
  }

  @Test func oneResultAMeetingForTheOverview() {
    let scrum = standup
    let meetings = MeetingSearch().meetings(of: ScrumSearch(["drop"]), in: [scrum])
    #expect(
      meetings.map(\.historyID) == [scrum.history[1].id, scrum.history[2].id, scrum.history[0].id],
      "newest first, once each")
  }

  @Test func bytesAreFoundWhereverTheyAre() {
    #expect(MeetingSearch.contains(Array("abcabd".utf8), Array("abd".utf8)))
    #expect(!MeetingSearch.contains(Array("abcab".utf8), Array("abd".utf8)))
    #expect(!MeetingSearch.contains(Array("ab".utf8), Array("abc".utf8)))
  }
}
