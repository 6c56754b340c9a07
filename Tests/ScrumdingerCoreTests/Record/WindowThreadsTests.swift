import Platform
import Testing

@testable import ScrumdingerCore

/// What the user waits for at Save and End (the rest of the recording) is heard on two threads
/// when the machine has a core to spare, judged by other programs' work and never by the
/// helper's own; the meeting's windows, and a busy or one-core machine, get one.
@Suite struct WindowThreadsTests {
  let rest = TranscriptWindows.Window(from: 870_000, to: nil, seam: true)
  let meetingWindow = TranscriptWindows.Window(from: 840_000, to: 870_000, seam: true)
  /// 2 cores counted from boot.
  let start = ProcessorTime(busy: 50_000, total: 200_000, process: 9_000)

  /// `start` moved on by `seconds` of 2 cores' time (100 ticks a second each), `helper` and
  /// `others` cores of which were busy.
  func later(_ seconds: Double, helper: Double, others: Double, from reading: ProcessorTime? = nil) -> ProcessorTime {
    let base = reading ?? start
    let ticks = { (cores: Double) in Int(cores * seconds * 100) }
    return ProcessorTime(
      busy: base.busy + ticks(helper + others), total: base.total + ticks(2), process: base.process + ticks(helper))
  }

  @Test func theRestOnAnIdleMachineIsHeardOnTwoThreadsHoweverBusyTheHelperWas() {
    // At Save and End the helper's captions and windows kept one and a half cores busy: a load
    // average of 1.5, which the after-meeting rule reads as busy.
    let now = later(30, helper: 1.5, others: 0.2)
    #expect(WindowThreads.count(for: rest, cores: 2, before: [start], now: now) == 2)
    #expect(WindowThreads.count(for: rest, cores: 2, before: [start], now: later(30, helper: 0, others: 0.5)) == 2)
  }

  @Test func theRestIsHeardOnOneThreadWhileOtherProgramsKeepACoreBusy() {
    #expect(WindowThreads.count(for: rest, cores: 2, before: [start], now: later(30, helper: 0.9, others: 1.0)) == 1)
    #expect(WindowThreads.count(for: rest, cores: 2, before: [start], now: later(30, helper: 0.3, others: 0.6)) == 1)
    #expect(WindowThreads.count(for: rest, cores: 2, before: [start], now: later(30, helper: 0, others: 2)) == 1)
  }

  @Test func theMeetingsWindowsAndAOneCoreMachineGetOneThread() {
    let idle = later(30, helper: 0, others: 0)
    #expect(WindowThreads.count(for: meetingWindow, cores: 2, before: [start], now: idle) == 1)
    #expect(WindowThreads.count(for: rest, cores: 1, before: [start], now: idle) == 1)
  }

  @Test func withoutTwoReadingsHalfASecondApartItIsOneThread() {
    #expect(WindowThreads.count(for: rest, cores: 2, before: [start], now: nil) == 1, "no /proc")
    #expect(WindowThreads.count(for: rest, cores: 2, before: [], now: later(30, helper: 0, others: 0)) == 1)
    let tooSoon = later(0.4, helper: 0, others: 0)
    #expect(WindowThreads.count(for: rest, cores: 2, before: [start], now: tooSoon) == 1)
  }

  @Test func theNewestReadingHalfASecondOldIsTheOneJudgedBy() {
    // Other programs were busy for a minute (a window was asked for then), then quiet for ten
    // seconds (another was asked for): the rest, a moment later, is judged by those ten.
    let busyMinute = later(60, helper: 0.5, others: 1.5)
    let quietTenSeconds = later(10, helper: 0.5, others: 0, from: busyMinute)
    let justBefore = later(0.1, helper: 0, others: 0, from: quietTenSeconds)
    #expect(
      WindowThreads.count(for: rest, cores: 2, before: [start, busyMinute, quietTenSeconds], now: justBefore) == 2)
    #expect(WindowThreads.count(for: rest, cores: 2, before: [start, busyMinute], now: busyMinute) == 1)
  }
}
