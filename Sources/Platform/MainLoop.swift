import CGLib
import Dispatch  // links libdispatch, whose main queue the bridge below drains

/// The GLib main loop, as Swift code needs it.
public enum MainLoop {
  /// Makes `DispatchQueue.main` and `@MainActor` tasks run inside the GLib main loop, which
  /// otherwise never drains libdispatch's main queue on Linux. Call once, before running.
  @MainActor public static func installDispatchBridge() {
    guard !bridgeInstalled else { return }
    bridgeInstalled = true
    _ = shim_install_main_queue_bridge()
  }

  @MainActor private static var bridgeInstalled = false

  /// Runs one iteration of the default main context; `blocking` waits for an event.
  @MainActor @discardableResult
  public static func iterate(blocking: Bool) -> Bool {
    g_main_context_iteration(nil, blocking ? 1 : 0) != 0
  }

  /// Runs the default main context until `done` is true or `timeout` passes; true if done.
  @MainActor public static func run(until done: () -> Bool, timeout: Duration) -> Bool {
    let deadline =
      g_get_monotonic_time()
      + Int(timeout.components.seconds * 1_000_000 + timeout.components.attoseconds / 1_000_000_000_000)
    while !done() {
      if g_get_monotonic_time() >= deadline { return false }
      let woke = Timeout(after: .milliseconds(50)) {}
      iterate(blocking: true)
      woke.cancel()
    }
    return true
  }
}

/// A one-shot GLib timeout on the default main context; cancel it or let it fire.
@MainActor public final class Timeout {
  private var sourceID: guint = 0
  private let action: @MainActor () -> Void

  /// Calls `action` once after `delay`, rounded up to the millisecond so it never fires early.
  public init(after delay: Duration, _ action: @escaping @MainActor () -> Void) {
    self.action = action
    let (seconds, attoseconds) = delay.components
    let millis = max(0, seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    // The box holds this timeout until the source goes (fired or removed).
    let box = ClosureBox.retained(
      { [self] in
        sourceID = 0
        self.action()
      } as VoidHandler)
    sourceID = g_timeout_add_full(
      G_PRIORITY_DEFAULT, guint(millis),
      { data in
        guard let fire: VoidHandler = handler(data) else { return gboolean(G_SOURCE_REMOVE) }
        MainActor.assumeIsolated { fire() }
        return gboolean(G_SOURCE_REMOVE)
      }, box, releaseClosureBox)
  }

  /// Whether it is still waiting to fire.
  public var isPending: Bool { sourceID != 0 }

  /// Stops it from firing; harmless after it fired.
  public func cancel() {
    guard sourceID != 0 else { return }
    g_source_remove(sourceID)
    sourceID = 0
  }
}

extension MainLoop {
  /// Runs `action` on the main loop each time the process receives `signal` (SIGTERM,
  /// SIGINT, SIGHUP), instead of dying where it stands.
  @MainActor public static func onSignal(_ signal: Int32, _ action: @escaping @MainActor () -> Void) {
    let box = ClosureBox.retained(action as VoidHandler)
    _ = g_unix_signal_add_full(
      G_PRIORITY_DEFAULT, signal,
      { data in
        guard let run: VoidHandler = handler(data) else { return 1 }
        MainActor.assumeIsolated { run() }
        return 1  // G_SOURCE_CONTINUE (a macro Swift cannot import): keep watching
      }, box, releaseClosureBox)
  }
}
