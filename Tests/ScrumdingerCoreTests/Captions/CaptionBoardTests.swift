import Foundation
import Testing

@testable import ScrumdingerCore

@Suite struct CaptionBoardTests {
  @Test func changingWordsAreReplacedAndFinalOnesStay() {
    var board = CaptionBoard()
    board.heard(" And so", final: false, to: 2_000, at: .seconds(2))
    #expect(board.lines.map(\.text) == ["And so"])
    board.heard(" And so", final: true, to: 3_000, at: .seconds(3))
    board.heard(" my fellow American", final: false, to: 3_000, at: .seconds(3))
    #expect(board.lines == [CaptionLine(turn: 0, final: " And so", changing: " my fellow American")])
    board.heard(" my fellow Americans", final: false, to: 4_000, at: .seconds(4))
    #expect(board.lines.last?.final == " And so", "final words never change")
    #expect(board.lines.map(\.text) == ["And so my fellow Americans"])
    board.heard("", final: false, to: 5_000, at: .seconds(5))
    #expect(board.lines.map(\.text) == ["And so"], "an empty changing text takes the changing words back")
  }

  @Test func aChangeOfTurnStartsANewLineAndTwoLinesAtMostAreShown() {
    var board = CaptionBoard()
    board.heard(" Nothing new from me.", final: true, to: 4_000, at: .seconds(4))
    board.turnBegan(1, at: 5_000)
    // What the helper finishes of the first turn after the change is still the first turn's.
    board.heard(" Thanks.", final: true, to: 5_000, at: .seconds(6))
    #expect(board.lines.map(\.text) == ["Nothing new from me. Thanks."])
    board.heard(" I fixed the build", final: false, to: 7_000, at: .seconds(7))
    #expect(board.lines.map(\.turn) == [0, 1])
    #expect(board.lines.map(\.text) == ["Nothing new from me. Thanks.", "I fixed the build"])
    board.turnBegan(2, at: 9_000)
    board.heard(" Me too.", final: true, to: 10_000, at: .seconds(10))
    #expect(board.lines.map(\.text) == ["I fixed the build", "Me too."], "the oldest line goes")
  }

  @Test func aTurnWithNoWordsStartsNoLine() {
    var board = CaptionBoard()
    board.heard(" Hello.", final: true, to: 2_000, at: .seconds(2))
    board.turnBegan(1, at: 3_000)
    board.heard("", final: false, to: 4_000, at: .seconds(4))
    board.heard("", final: true, to: 5_000, at: .seconds(5))
    #expect(board.lines.map(\.text) == ["Hello."])
  }

  @Test func sixSecondsWithoutAWordClearTheLines() {
    var board = CaptionBoard()
    #expect(board.clearsAt == nil, "nothing to clear")
    board.heard(" Hello.", final: true, to: 2_000, at: .seconds(2))
    board.heard("", final: false, to: 3_000, at: .seconds(3))  // silence: no word
    #expect(board.clearsAt == .seconds(8))
    let early = board.clearIfSilent(now: .milliseconds(7_999))
    #expect(!early)
    #expect(board.lines.count == 1)
    let cleared = board.clearIfSilent(now: .seconds(8))
    #expect(cleared)
    #expect(board.lines.isEmpty)
    #expect(board.clearsAt == nil)
    board.heard(" Again.", final: false, to: 12_000, at: .seconds(12))
    #expect(board.lines.map(\.text) == ["Again."], "words after a silence start afresh")
  }

  @Test func aRecogniserFallingBehindStopsTheCaptionsAndSaysSoOnce() {
    var board = CaptionBoard()
    let loading = board.check(position: 20_000)
    #expect(loading == nil, "the model may still be loading")
    board.heard(" Hello.", final: true, to: 2_000, at: .seconds(2))
    let inTime = board.check(position: 7_000)
    #expect(inTime == nil, "five seconds behind is still in time")
    let said = board.check(position: 7_001)
    #expect(said?.contains("too slow") == true)
    #expect(board.lines.isEmpty && !board.isRunning)
    let again = board.check(position: 60_000)
    #expect(again == nil, "said once")
    board.heard(" Late words.", final: true, to: 3_000, at: .seconds(61))
    #expect(board.lines.isEmpty, "nothing more is shown")
  }

  @Test func captionsStopWhereAMeetingRunsPastTwoHours() {
    var board = CaptionBoard()
    board.heard(" Still here.", final: true, to: CaptionBoard.longest - 2_000, at: .seconds(7_198))
    let inTime = board.check(position: CaptionBoard.longest - 1)
    #expect(inTime == nil)
    let said = board.check(position: CaptionBoard.longest)
    #expect(said == Texts.captionsRanLong)
    #expect(!board.isRunning && board.lines.isEmpty)
  }

  @Test func aRecogniserThatNeverSpeaksIsStoppedAfterTheLoadingTime() {
    var board = CaptionBoard()
    let loaded = board.check(position: CaptionBoard.loading)
    #expect(loaded == nil)
    let stopped = board.check(position: CaptionBoard.loading + 1)
    #expect(stopped != nil)
  }
}
