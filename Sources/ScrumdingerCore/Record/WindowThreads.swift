// During a meeting the helper hears each window on one thread at idle priority: the windows
// keep up, and the meeting never waits for them. What is left at Save and End is what the
// user waits for, so it is heard on two threads when the machine has a core to spare (a 28 s
// German window took 15.3 s on one, 11.5 s on two), and on one when other programs keep the
// cores busy (ggml's threads then spin waiting for one another). Whether a core is spare is
// judged by the other programs' work alone: the load average counts the helper's own captions
// and windows, about one and a half cores at Save and End, so it said "busy" of an idle
// machine. The rule is kept apart from /proc and the helper so that the core's tests run it.
import Platform

/// How many threads the speech helper hears a window with.
public enum WindowThreads {
  /// The least stretch of the machine's time, in clock ticks per core, two readings must
  /// span to say how busy it was (half a second: the kernel counts in hundredths).
  public static let shortestSpan = 50

  /// Threads for `window`, given the processor times read `before` it (oldest first) and
  /// `now`, the helper's own included: two for the rest of a complete recording when, since
  /// the newest reading at least `shortestSpan` old, programs other than the helper left a
  /// core and a half of `cores` idle; else one.
  public static func count(
    for window: TranscriptWindows.Window, cores: Int, before: [ProcessorTime], now: ProcessorTime?
  ) -> Int {
    guard window.to == nil, cores >= 2, let now,
      let since = before.last(where: { now.total - $0.total >= shortestSpan * cores })
    else { return 1 }
    let others = now.busy - since.busy - (now.process - since.process)
    let othersCores = Double(others) / Double(now.total - since.total) * Double(cores)
    return othersCores <= Double(cores) - 1.5 ? 2 : 1
  }
}
