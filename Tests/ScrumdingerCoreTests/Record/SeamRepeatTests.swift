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

  @Test func aChineseRepeatIsFoundCharacterByCharacter() {
    // Whisper writes Chinese without spaces: a window's words are its characters.
    let before = [segment("我昨天完成了登录页面")]
    let window = [segment("完成了登录页面，今天我做数据库迁移。", 30_000)]
    #expect(SeamRepeat.dropped(window, after: before).map(\.text) == ["今天我做数据库迁移。"])
    let new = [segment("今天我做数据库迁移。", 30_000)]
    #expect(SeamRepeat.dropped(new, after: before).map(\.text) == ["今天我做数据库迁移。"], "nothing said twice")
  }

  @Test func twoWordsAgainOrNewWordsAreKept() {
    let before = [segment(" It works. It works.")]
    #expect(SeamRepeat.dropped([segment(" It works, really.")], after: before).map(\.text) == [" It works, really."])
    #expect(SeamRepeat.dropped([segment(" Next, the release.")], after: before).map(\.text) == [" Next, the release."])
    #expect(SeamRepeat.dropped([], after: before).isEmpty)
    #expect(SeamRepeat.dropped([segment(" Fine.")], after: []).map(\.text) == [" Fine."])
  }

  @Test func aRepeatHeardDifferentlyIsDroppedAsFarAsItEnds() {
    // Meeting 2 of the bench's ten (q8_0): the window ran to its end, the next began before it.
    let before = [segment(" The dashboard shows you the errors since the last deploy. I am locked on the")]
    let window = [segment(" deploy. I am blocked on the database migration until the backup finishes.", 27_000)]
    #expect(SeamRepeat.dropped(window, after: before).map(\.text) == [" database migration until the backup finishes."])
  }

  @Test func aWordCutByTheSeamIsHeardWhole() {
    let before = [segment(" I will write the documentation for the export fea")]
    let window = [segment(" for the export feature. Today I will review it.", 28_000)]
    #expect(SeamRepeat.dropped(window, after: before).map(\.text) == [" feature. Today I will review it."])
  }

  @Test func aStartThatOnlyEndsLikeThePreviousWindowIsKept() {
    let before = [segment(" We shipped it to the")]
    let window = [segment(" Then we looked at the logs.", 28_000)]
    #expect(SeamRepeat.dropped(window, after: before).map(\.text) == [" Then we looked at the logs."])
  }

  @Test func aRepeatWithWordsHeardApartIsDropped() {
    // Meeting 9 of the bench's ten (q8_0): "timeout" heard as "time out", "yesterday" as "yes to me".
    let before = [
      segment(" The test suite is greener get after the timeout change."),
      segment(" Yesterday I fixed the wheel on the release branch", 24_000),
    ]
    let window = [
      segment(" tweet is greener after the time out change. Yes to me I fixed the bill on the release ranch.", 26_000),
      segment(" Please look at my comments.", 30_000),
    ]
    #expect(SeamRepeat.dropped(window, after: before).map(\.text) == [" ranch.", " Please look at my comments."])
  }
}
