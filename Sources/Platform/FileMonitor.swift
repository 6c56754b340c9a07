import CGLib

/// Tells when a file changes, is replaced or goes (GFileMonitor): for /etc/localtime, which
/// changes with the time zone; or when anything in a folder does.
@MainActor public final class FileMonitor: SignalOwner {
  private let monitor: UnsafeMutablePointer<GFileMonitor>?
  package let signals = SignalConnections()

  /// Watches `path` (a file, or with `folder` the files in a folder); `action` runs after each change.
  public init(path: String, folder: Bool = false, _ action: @escaping @MainActor () -> Void) {
    let file = g_file_new_for_path(path)
    monitor =
      folder
      ? g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, nil)
      : g_file_monitor_file(file, G_FILE_MONITOR_WATCH_MOVES, nil, nil)
    g_object_unref(UnsafeMutableRawPointer(file))
    if let monitor { connect(UnsafeMutableRawPointer(monitor), for: self, fileChanged: action) }
  }

  isolated deinit {
    guard let monitor else { return }
    g_file_monitor_cancel(monitor)
    g_object_unref(UnsafeMutableRawPointer(monitor))
  }
}
