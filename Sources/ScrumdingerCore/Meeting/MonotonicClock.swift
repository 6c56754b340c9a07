// The timer never reads a clock of its own: it is handed one. The app hands it GLib's
// monotonic clock (the one GLib timeouts are scheduled on); tests hand it a ManualClock
// and move time by hand, so no test waits for real seconds (the SyncUps pattern).
import CGLib

/// A clock that never goes backwards; `now` is the time since an arbitrary origin.
public protocol MonotonicClock: AnyObject {
  /// The current instant, as the time since the clock's origin.
  var now: Duration { get }
}

/// GLib's monotonic clock (`CLOCK_MONOTONIC`, microsecond resolution).
public final class GLibMonotonicClock: MonotonicClock {
  public init() {}
  public var now: Duration { .microseconds(g_get_monotonic_time()) }
}

/// A clock that moves only when told to; for tests and simulations.
public final class ManualClock: MonotonicClock {
  public private(set) var now: Duration

  /// Creates a clock standing at `start`.
  public init(start: Duration = .zero) { now = start }

  /// Moves the clock forward; a negative step is refused, as a monotonic clock never goes back.
  public func advance(by step: Duration) {
    precondition(step >= .zero, "a monotonic clock never goes back")
    now += step
  }
}
