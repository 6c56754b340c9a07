import Testing

@testable import ScrumdingerCore

@Suite struct TranscriptWindowsTests {
  @Test func aWindowIsDueOnceThirtySecondsAreRecordedAndGoesOnWhereTheHelperSays() {
    var windows = TranscriptWindows()
    #expect(windows.due(recorded: 29_999) == nil, "not full yet")
    let first = windows.due(recorded: 30_000)
    #expect(first == .init(from: 0, to: 30_000, seam: true))
    #expect(windows.due(recorded: 90_000) == nil, "one at a time")
    windows.recognised(resumeAt: 27_400)  // its last segment ran across the end: heard again next
    #expect(windows.due(recorded: 90_000) == .init(from: 27_400, to: 57_400, seam: true))
  }

  @Test func eachChangeOfTurnClosesTheWindowThere() {
    var windows = TranscriptWindows()
    windows.cut(at: 12_000)
    #expect(windows.due(recorded: 11_000) == .init(from: 0, to: 12_000, seam: false), "due once the turn changes")
    windows.cut(at: 20_000)
    #expect(windows.due(recorded: 20_000) == nil, "one at a time")
    windows.recognised(resumeAt: 11_000)  // its last second was not in the samples file yet
    #expect(
      windows.due(recorded: 19_000) == .init(from: 11_000, to: 12_000, seam: false), "asked for again, never skipped")
    windows.recognised(resumeAt: 12_000)
    #expect(windows.due(recorded: 19_000) == .init(from: 12_000, to: 20_000, seam: false))
    windows.recognised(resumeAt: 20_000)
    // A turn longer than a window: filled windows, then the rest up to its change.
    windows.cut(at: 65_000)
    #expect(windows.due(recorded: 66_000) == .init(from: 20_000, to: 50_000, seam: true))
    windows.recognised(resumeAt: 48_000)
    #expect(windows.due(recorded: 66_000) == .init(from: 48_000, to: 65_000, seam: false))
  }

  @Test func previousSpeakerIsOneMoreChangeAndATurnTooShortToHearIsPassedOver() {
    var windows = TranscriptWindows()
    windows.cut(at: 10_000)  // Next
    windows.cut(at: 10_150)  // Previous at once: 0.15 s of the next speaker
    windows.cut(at: 10_100)  // not after the last: left out
    #expect(windows.due(recorded: 11_000) == .init(from: 0, to: 10_000, seam: false))
    windows.recognised(resumeAt: 10_000)
    windows.cut(at: 18_000)
    #expect(windows.due(recorded: 18_500) == .init(from: 10_150, to: 18_000, seam: false), "0.15 s: nothing to hear")
  }

  @Test func atTheEndOnlyWhatIsLeftIsHeardToTheEndOfTheRecording() {
    var windows = TranscriptWindows()
    windows.cut(at: 40_000)
    #expect(windows.due(recorded: 31_000) == .init(from: 0, to: 30_000, seam: true))
    windows.recognised(resumeAt: 29_000)
    windows.recordingComplete()
    #expect(windows.due(recorded: 0) == .init(from: 29_000, to: 40_000, seam: false))
    windows.recognised(resumeAt: 40_000)
    #expect(windows.due(recorded: 0) == .init(from: 40_000, to: nil, seam: true), "the last window runs to the end")
    #expect(!windows.isFinished)
    windows.recognised(resumeAt: nil)
    #expect(windows.isFinished)
    #expect(windows.due(recorded: 0) == nil)
  }

  @Test func aRestLongerThanAWindowIsHeardAWindowAtATimeAsTheMeetingWas() {
    // The helper fell behind: more than a window was left at Save and End. It hears the rest
    // as it heard the meeting, 30 s at a time from where each pass's last word ended, not in
    // one run of whisper's own (which lost the words after a segment it had ended at 30 s).
    var windows = TranscriptWindows()
    _ = windows.due(recorded: 31_000)
    windows.recognised(resumeAt: 28_000)
    windows.recordingComplete()
    #expect(windows.due(recorded: 0) == .init(from: 28_000, to: nil, seam: true))
    windows.recognised(resumeAt: 55_500)
    #expect(!windows.isFinished, "cut by its length: the rest is asked for again")
    #expect(windows.due(recorded: 0) == .init(from: 55_500, to: nil, seam: true))
    windows.recognised(resumeAt: 55_500)
    #expect(windows.next == 55_501, "a helper that does not move on is moved on")
  }

  @Test func theHelpersAnswerNeverGoesBackBeforeTheWindowNorPastIt() {
    var windows = TranscriptWindows()
    _ = windows.due(recorded: 30_000)
    windows.recognised(resumeAt: -5)
    #expect(windows.next == 1, "it moves on")
    _ = windows.due(recorded: 60_000)
    windows.recognised(resumeAt: 90_000)
    #expect(windows.next == 30_001)
  }

  @Test func eachWindowIsOneLineForTheHelper() {
    #expect(TranscriptWindows.Window(from: 1_500, to: 31_500, seam: true).line(threads: 1) == "1500 31500 1 1\n")
    #expect(TranscriptWindows.Window(from: 40_000, to: nil, seam: true).line(threads: 2) == "40000 -1 1 2\n")
  }
}
