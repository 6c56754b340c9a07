import ScrumdingerCore

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
