// What every GTK test needs, whatever it tests (the shim alone or the whole app): GTK started
// once on a display, or a loud failure, and the main loop run for a while. Its own target, so
// GtkShimTests need not link the app. (Not XCTest's: a library target is built for release
// too, where XCTest is not found; each test target fails through its own framework.)
import CAdwaita
import GtkShim
import Platform

/// Starts GTK once per process; without a display, `fail` is called with why, for the test to
/// fail loudly: these tests must run under Xvfb (`make test` arranges it), never pass by
/// skipping.
@MainActor public func startDisplay(orFail fail: (String) -> Void) -> Bool {
  if displayReady == nil { displayReady = initializeToolkit() }
  if displayReady != true { fail("No display: GTK tests need X (run them through `make test`, which starts Xvfb)") }
  return displayReady == true
}

/// Starts GTK and libadwaita without an application; false without a display.
@MainActor private func initializeToolkit() -> Bool {
  guard gtk_init_check() != 0 else { return false }
  adw_init()
  return true
}

/// Whether GTK started; nil before the first try (gtk_init_check must not be retried).
@MainActor private var displayReady: Bool?

/// A mutable flag that a main-actor task can set.
@MainActor public final class Flag {
  public var isSet = false

  public init() {}
}

/// Lets the main loop run for `duration` (timeouts fire, widgets update).
@MainActor public func spin(_ duration: Duration) {
  let done = Flag()
  _ = Timeout(after: duration) { done.isSet = true }
  _ = MainLoop.run(until: { done.isSet }, timeout: duration + .seconds(5))
}

/// Lets the main loop run until `condition` holds; false if it still does not after `limit`,
/// which only a hang reaches (a busy machine is slow, not that slow).
@MainActor public func spin(until condition: () -> Bool, limit: Duration = .seconds(30)) -> Bool {
  MainLoop.run(until: condition, timeout: limit)
}

/// Lets the main loop run until `widget` is on screen and a frame has laid it out and painted
/// it since it was asked for: what a fixed wait for "drawn" hoped for, however long a busy
/// machine takes. False if that does not come within `limit` (a hang's).
@discardableResult
@MainActor public func spinUntilPainted(_ widget: Widget, limit: Duration = .seconds(30)) -> Bool {
  guard spin(until: { widget.isMapped }, limit: limit) else { return false }
  let painted = Flag()
  widget.afterNextPaint { painted.isSet = true }
  gtk_widget_queue_draw(widget.widget)
  return spin(until: { painted.isSet }, limit: limit)
}

/// Whether a page change is still cross-fading in `widget` or under it (a GtkStack's
/// transition): a picture taken then shows the page before with the new one faded over it.
@MainActor public func isChangingPage(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
  let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
  if g_type_check_instance_is_a(instance, gtk_stack_get_type()) != 0,
    gtk_stack_get_transition_running(OpaquePointer(widget)) != 0
  {
    return true
  }
  var child = gtk_widget_get_first_child(widget)
  while let current = child {
    if isChangingPage(current) { return true }
    child = gtk_widget_get_next_sibling(current)
  }
  return false
}
