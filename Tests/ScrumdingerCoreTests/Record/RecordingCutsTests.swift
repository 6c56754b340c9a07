import Testing

@testable import ScrumdingerCore

@Suite struct RecordingCutsTests {
  /// Next pressed at 10.4 s of the meeting, which the recording (started 0.3 s late) heard at
  /// 10.1 s; then at 20.0 s (19.6 s: it drifted 0.1 s more).
  let cuts = RecordingCuts([
    .init(meetingMilliseconds: 10_400, recordingMilliseconds: 10_100),
    .init(meetingMilliseconds: 20_000, recordingMilliseconds: 19_600),
  ])

  func segment(_ start: Int, _ end: Int) -> TranscriptSegment {
    TranscriptSegment(startMilliseconds: start, endMilliseconds: end, text: "\(start)")
  }

  @Test func eachStretchMovesByTheOffsetMeasuredAtItsStartAndStaysInItsTurn() {
    let moved = cuts.onMeetingTimeline([
      segment(0, 9_800), segment(9_000, 10_100), segment(10_100, 14_000), segment(19_600, 25_000),
    ])
    #expect(moved.map(\.startMilliseconds) == [300, 9_300, 10_400, 20_000])
    // The last words before Next end where Next was pressed on the meeting's clock, not after.
    #expect(moved.map(\.endMilliseconds) == [10_100, 10_400, 14_300, 25_400])
  }

  @Test func aSentencePlayedFromTheMeetingsTimeIsFoundOnTheRecordingByItsTurnsOffset() {
    #expect(cuts.recordingMilliseconds(atMeeting: 5_000) == 4_700, "before the first change: the first offset")
    #expect(cuts.recordingMilliseconds(atMeeting: 14_300) == 14_000)
    #expect(cuts.recordingMilliseconds(atMeeting: 25_400) == 25_000)
    // It undoes what `onMeetingTimeline` did.
    let heard = segment(10_100, 14_000)
    #expect(
      cuts.recordingMilliseconds(atMeeting: cuts.onMeetingTimeline([heard])[0].startMilliseconds)
        == heard.startMilliseconds)
    #expect(cuts.recordingMilliseconds(atMeeting: 100) == 0, "never before the recording")
    #expect(RecordingCuts().recordingMilliseconds(atMeeting: 7_000) == 7_000)
  }

  @Test func withoutCutsTheSegmentsStayAsTheyAre() {
    let segments = [segment(0, 9_800), segment(10_100, 14_000)]
    #expect(RecordingCuts().onMeetingTimeline(segments) == segments)
  }

  @Test func aCutNotLaterOnBothClocksIsLeftOut() {
    var growing = cuts
    growing.append(.init(meetingMilliseconds: 19_000, recordingMilliseconds: 30_000))  // earlier on the meeting
    growing.append(.init(meetingMilliseconds: 30_000, recordingMilliseconds: 19_000))  // earlier on the recording
    #expect(growing == cuts)
    #expect(
      RecordingCuts([.init(meetingMilliseconds: 500, recordingMilliseconds: -200)]).cuts.isEmpty, "before the recording"
    )
  }

  @Test func theFileKeepsTheCutsAndOddLinesAreLeftOut() {
    let file = cuts.cuts.map(\.line).joined()
    #expect(file == "10400 10100\n20000 19600\n")
    #expect(RecordingCuts(fileText: file) == cuts)
    #expect(RecordingCuts(fileText: "10400 10100\nnonsense\n1 2 3\n\u{0}\n20000 19600") == cuts)
    #expect(RecordingCuts(fileText: "").cuts.isEmpty)
  }
}
