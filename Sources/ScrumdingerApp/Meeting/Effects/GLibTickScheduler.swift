import GtkShim
import Platform
import ScrumdingerCore

/// Meeting ticks as GLib timeouts on the main loop: one per due instant, nothing in between.
@MainActor final class GLibTickScheduler: TickScheduler {
  func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledTick {
    Timeout(after: delay, action)
  }
}

extension Timeout: ScheduledTick {}
