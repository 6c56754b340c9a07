import CAdwaita
import Platform

/// The monitors of the display, as GDK lists them (GdkDisplay's monitor list model), and word
/// whenever one is plugged in or out, or says more about itself (on Wayland a monitor joins
/// the list before its connector and model arrive).
@MainActor public final class Monitors: SignalOwner {
  /// One monitor: where it is plugged, what its maker calls it, and its size.
  public struct Monitor: Equatable, Sendable {
    /// The connector ("HDMI-1"), or "" when the backend does not say.
    public var connector: String
    /// The model ("DELL U2720Q"), when the monitor says.
    public var model: String?
    /// Its size in logical pixels.
    public var width: Int
    public var height: Int
  }

  private let list: OpaquePointer
  package let signals = SignalConnections()
  private let changed: @MainActor () -> Void
  /// The monitors in the list whose properties are watched (one gone from the list is
  /// forgotten, so a new monitor at its address is watched too).
  private var watched: Set<UnsafeMutableRawPointer> = []

  /// Watches the default display's monitors; `changed` runs after each plug or unplug, and
  /// whenever a monitor's connector, model or size changes.
  public init(changed: @escaping @MainActor () -> Void) {
    list = gdk_display_get_monitors(gdk_display_get_default())
    self.changed = changed
    connect(
      UnsafeMutableRawPointer(list), for: self,
      itemsChanged: { [weak self] in
        self?.watchEach()
        changed()
      })
    watchEach()
  }

  /// Hears each monitor in the list say more about itself.
  private func watchEach() {
    var listed: Set<UnsafeMutableRawPointer> = []
    for index in 0..<g_list_model_get_n_items(list) {
      guard let monitor = monitor(at: index) else { continue }
      defer { g_object_unref(UnsafeMutableRawPointer(monitor)) }
      let object = UnsafeMutableRawPointer(monitor)
      listed.insert(object)
      if !watched.contains(object) {
        connect(object, "notify", for: self, withArgument: { [weak self] _ in self?.changed() })
      }
    }
    watched = listed
  }

  /// The monitors now, in GDK's order.
  public var all: [Monitor] {
    (0..<g_list_model_get_n_items(list)).compactMap { index in
      guard let monitor = monitor(at: index) else { return nil }
      defer { g_object_unref(UnsafeMutableRawPointer(monitor)) }
      return describe(monitor)
    }
  }

  /// The connector of the monitor showing most of `window` (nil before it is shown).
  public func connector(of window: Widget) -> String? {
    guard let surface = surface(of: window),
      let monitor = gdk_display_get_monitor_at_surface(gdk_display_get_default(), surface)
    else { return nil }
    return describe(monitor).connector
  }

  /// Makes `window` (a GTK window) fill the monitor plugged into `connector`, sized to it;
  /// false when no such monitor is there.
  @discardableResult public func fullscreen(_ window: Widget, on connector: String) -> Bool {
    guard let monitor = monitor(plugged: connector) else { return false }
    defer { g_object_unref(UnsafeMutableRawPointer(monitor)) }
    var geometry = GdkRectangle()
    gdk_monitor_get_geometry(monitor, &geometry)
    let gtkWindow: UnsafeMutablePointer<GtkWindow> = cast(window.raw)
    gtk_window_set_default_size(gtkWindow, geometry.width, geometry.height)
    gtk_window_fullscreen_on_monitor(gtkWindow, monitor)
    return true
  }

  /// Calls `moved` whenever `window` (shown) comes onto or leaves a monitor.
  public func onMonitorChanged(of window: Widget, _ moved: @escaping @MainActor () -> Void) {
    guard let surface = surface(of: window) else { return }
    for signal in ["enter-monitor", "leave-monitor"] {
      connect(UnsafeMutableRawPointer(surface), signal, for: self, withArgument: { _ in moved() })
    }
  }

  /// The GdkMonitor plugged into `connector` (a new reference), if it is there.
  private func monitor(plugged connector: String) -> OpaquePointer? {
    for index in 0..<g_list_model_get_n_items(list) {
      guard let monitor = monitor(at: index) else { continue }
      if describe(monitor).connector == connector { return monitor }
      g_object_unref(UnsafeMutableRawPointer(monitor))
    }
    return nil
  }

  /// The GdkSurface `window` is shown on (nil before it is).
  private func surface(of window: Widget) -> OpaquePointer? {
    gtk_widget_get_native(window.widget).flatMap { gtk_native_get_surface($0) }
  }

  private func monitor(at index: guint) -> OpaquePointer? {
    g_list_model_get_item(list, index).map { OpaquePointer($0) }
  }

  private func describe(_ monitor: OpaquePointer) -> Monitor {
    var geometry = GdkRectangle()
    gdk_monitor_get_geometry(monitor, &geometry)
    return Monitor(
      connector: gdk_monitor_get_connector(monitor).map { String(cString: $0) } ?? "",
      model: gdk_monitor_get_model(monitor).map { String(cString: $0) }, width: Int(geometry.width),
      height: Int(geometry.height))
  }
}
