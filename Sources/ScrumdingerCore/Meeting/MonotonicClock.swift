// The timer never reads a clock of its own: it is handed one. The app hands it GLib's
// monotonic clock (the one GLib timeouts are scheduled on); tests hand it a ManualClock (in
// ScrumdingerTestSupport) and move time by hand, so no test waits for real seconds (the
// SyncUps pattern).
import Platform

/// A clock that never goes backwards; `now` is the time since an arbitrary origin.
public protocol MonotonicClock: AnyObject {
  /// The current instant, as the time since the clock's origin.
  var now: Duration { get }
}

/// GLib's monotonic clock (`CLOCK_MONOTONIC`, microsecond resolution).
public final class GLibMonotonicClock: MonotonicClock {
  public init() {}
  public var now: Duration { .microseconds(MonotonicTime.microseconds) }
}
