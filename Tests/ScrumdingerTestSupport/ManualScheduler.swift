// What the core's tests and the GTK tests both stand in for the app's effects with: a
// scheduler, effects, a microphone and a speech engine that do what the test says and remember
// what they were asked, and the dependencies built from them. Kept out of the product, shared
// by both test targets (the core's own `ManualClock` and `SeededGenerator` are used by the
// bench too).
import ScrumdingerCore

/// A scheduler that fires only when the test says so, and records what was armed.
@MainActor public final class ManualScheduler: TickScheduler {
  /// One armed tick.
  public final class Tick: ScheduledTick {
    public let delay: Duration
    let action: @MainActor () -> Void
    public var cancelled = false
    init(delay: Duration, action: @escaping @MainActor () -> Void) {
      self.delay = delay
      self.action = action
    }
    public func cancel() { cancelled = true }
  }

  public private(set) var armed: [Tick] = []
  /// The ticks armed and not cancelled.
  public var pending: [Tick] { armed.filter { !$0.cancelled } }

  public init() {}

  public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledTick {
    let tick = Tick(delay: delay, action: action)
    armed.append(tick)
    return tick
  }

  /// Advances `clock` by the pending tick's delay and fires it.
  public func fireNext(on clock: ManualClock) {
    let tick = pending.first!
    tick.cancelled = true
    clock.advance(by: tick.delay)
    tick.action()
  }
}
