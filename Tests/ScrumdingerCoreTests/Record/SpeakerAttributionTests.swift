import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

@Suite struct SpeakerAttributionTests {
  /// Ana 0:00–1:05, Ben 1:05–2:10, Cy 2:10–2:40, as a saved meeting's speakers give them.
  let timeline = History(
    attendees: ["Ana", "Ben", "Cy", "Di"], durationSeconds: 160,
    speakers: [
      SpeakerTime(name: "Ana", seconds: 65, shareSeconds: 60), SpeakerTime(name: "Ben", seconds: 65, shareSeconds: 60),
      SpeakerTime(name: "Cy", seconds: 30, shareSeconds: 60), SpeakerTime(name: "Di", seconds: 0, shareSeconds: 60),
    ]
  ).timeline

  func segment(_ start: Double, _ end: Double, _ text: String) -> TranscriptSegment {
    TranscriptSegment(startMilliseconds: Int(start * 1000), endMilliseconds: Int(end * 1000), text: text)
  }

  @Test func theTimelineFollowsTheSpeakersAndSkipsTurnsNobodyReached() {
    #expect(
      timeline == [
        TurnSpan(speaker: "Ana", startSeconds: 0, endSeconds: 65),
        TurnSpan(speaker: "Ben", startSeconds: 65, endSeconds: 130),
        TurnSpan(speaker: "Cy", startSeconds: 130, endSeconds: 160),
      ])
  }

  @Test func eachSegmentGoesToTheTurnItOverlapsMost() {
    let passages = SpeakerAttribution.passages(
      of: [
        segment(0, 4, " Yesterday I fixed the build."), segment(4, 9, "Today the review."),
        segment(62, 70, "Straddling, mostly Ben's."),  // 3 s in Ana's turn, 5 s in Ben's
        segment(126, 131, "Mostly Ben's again."),  // 4 s Ben, 1 s Cy
        segment(131, 140, "Cy here."),
      ], over: timeline)
    #expect(passages.map(\.heading) == ["Ana (0:00–1:05)", "Ben (1:05–2:10)", "Cy (2:10–2:40)"])
    #expect(
      passages.map(\.text) == [
        "Yesterday I fixed the build. Today the review.", "Straddling, mostly Ben's. Mostly Ben's again.", "Cy here.",
      ])
  }

  @Test func segmentsOutOfOrderBlankOrPastTheEndStillLandSomewhereSensible() {
    let passages = SpeakerAttribution.passages(
      of: [
        segment(150, 155, "Cy."), segment(0, 1, "   "), segment(170, 175, "After the end."), segment(10, 12, "Ana."),
      ],
      over: timeline)
    #expect(passages.map(\.speaker) == ["Ana", "Cy"])
    #expect(passages.last?.text == "Cy. After the end.")
  }

  @Test func aTieGoesToTheEarlierTurnAndNoTimelineGivesBareTimes() {
    #expect(SpeakerAttribution.turnIndex(of: segment(63, 67, "tie"), in: timeline) == 0)
    let bare = SpeakerAttribution.passages(of: [segment(5, 7.2, "Hello.")], over: [])
    #expect(bare == [AttributedPassage(speaker: "", startSeconds: 5, endSeconds: 8, text: "Hello.")])
    #expect(bare[0].heading == "0:05–0:08")
  }

  /// Pauses stop the recording with the meeting, and a skip ends a turn early: the running
  /// time a meeting saves is the recording's own timeline.
  @MainActor @Test func aMeetingWithAPauseAndASkipSavesTheRecordingsTimeline() throws {
    let scrum = DailyScrum(title: "T", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 2)
    let state = AppState(scrums: [scrum])
    let clock = ManualClock()
    let session = MeetingSession(scrum: scrum, state: state, dependencies: testDependencies(clock: clock))
    clock.advance(by: .seconds(20))
    session.pause()
    clock.advance(by: .seconds(300))  // not recorded
    session.resume()
    clock.advance(by: .seconds(10))
    _ = session.nextSpeaker()  // Ana spoke 30 s of her 60
    clock.advance(by: .seconds(45))
    session.end(save: true)
    let entry = try #require(state.scrum(scrum.id)?.history.last)
    #expect(
      entry.timeline == [
        TurnSpan(speaker: "Ana", startSeconds: 0, endSeconds: 30),
        TurnSpan(speaker: "Ben", startSeconds: 30, endSeconds: 75),
      ])
  }
}
