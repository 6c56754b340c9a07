import Testing

@testable import ScrumdingerCore

@Suite struct SeamRepeatTests {
  func segment(_ text: String, _ start: Int = 0) -> TranscriptSegment {
    TranscriptSegment(startMilliseconds: start, endMilliseconds: start + 2_000, text: text)
  }

  @Test func aSentenceSaidAgainAcrossTheSeamIsDropped() {
    // What the quantized tiny.en said at 0:26 of the installed build's meeting.
    let before = [
      segment(" He had no time."), segment(" And Mr. Jones would have been at leisure to consider.", 24_000),
    ]
    let window = [
      segment(" And Mr. Jones would have been at leisure to consider.", 26_000),
      segment(" How much he could do.", 29_000),
    ]
    #expect(SeamRepeat.dropped(window, after: before).map(\.text) == [" How much he could do."])
  }

  @Test func theRepeatedStartOfASegmentGoesAndTheRestStays() {
    let before = [segment(" We shipped the new build to the testers")]
    let window = [segment(" to the testers and they liked it.", 30_000)]
    #expect(SeamRepeat.dropped(window, after: before).map(\.text) == [" and they liked it."])
  }

  @Test func twoWordsAgainOrNewWordsAreKept() {
    let before = [segment(" It works. It works.")]
    #expect(SeamRepeat.dropped([segment(" It works, really.")], after: before).map(\.text) == [" It works, really."])
    #expect(SeamRepeat.dropped([segment(" Next, the release.")], after: before).map(\.text) == [" Next, the release."])
    #expect(SeamRepeat.dropped([], after: before).isEmpty)
    #expect(SeamRepeat.dropped([segment(" Fine.")], after: []).map(\.text) == [" Fine."])
  }
}
