import CGLib

/// Calls back at a wall-clock instant (Unix time), sleeping until then: one CLOCK_REALTIME
/// timer whose file descriptor the GLib main loop watches, so nothing wakes before it is due,
/// it fires on time after a suspend, and it fires early when the system clock is set (the
/// callback then looks at the time again).
@MainActor public final class WallClockAlarm {
  private let fd: Int32
  private var source: guint = 0
  private var action: (@MainActor () -> Void)?

  public init() {
    fd = shim_wall_timer_new()
    guard fd >= 0 else { return }
    let box = ClosureBox.retained({ [weak self] in self?.expired() } as VoidHandler)
    source = g_unix_fd_add_full(
      G_PRIORITY_DEFAULT, fd, G_IO_IN,
      { fd, _, data in
        _ = shim_wall_timer_read(fd)
        guard let run: VoidHandler = handler(data) else { return 1 }
        MainActor.assumeIsolated { run() }
        return 1
      }, box, releaseClosureBox)
  }

  isolated deinit {
    if source != 0 { g_source_remove(source) }
    if fd >= 0 { close(fd) }
  }

  /// Calls `action` at Unix time `seconds` (once), replacing what was armed.
  public func arm(atUnixTime seconds: Int64, _ action: @escaping @MainActor () -> Void) {
    self.action = action
    _ = shim_wall_timer_arm(fd, gint64(max(1, seconds)))
  }

  /// Disarms it.
  public func cancel() {
    action = nil
    _ = shim_wall_timer_arm(fd, 0)
  }

  private func expired() {
    guard let action else { return }
    self.action = nil
    action()
  }
}
