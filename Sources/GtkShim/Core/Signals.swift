import CAdwaita

/// Holds a Swift closure for the lifetime of a signal connection.
final class ClosureBox<Handler> {
  let handler: Handler
  init(_ handler: Handler) { self.handler = handler }
}

private let releaseBox: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// Connects a C trampoline to `signal` on `instance`, passing `handler` as user data. The
/// box is retained until GLib drops the connection (disconnect or object finalisation).
private func connect<Handler, Trampoline>(
  _ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: Handler, via trampoline: Trampoline,
  after: Bool = false
) -> gulong {
  let box = Unmanaged.passRetained(ClosureBox(handler) as AnyObject).toOpaque()
  return g_signal_connect_data(
    instance, signal, unsafeBitCast(trampoline, to: GCallback.self), box, releaseBox,
    after ? G_CONNECT_AFTER : G_CONNECT_DEFAULT)
}

/// Connects a signal of the shape `void (*)(GObject *self, gpointer data)`; `after` runs
/// `action` after the handlers connected without it.
@discardableResult
func connect(
  _ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false, perform action: @escaping VoidHandler
) -> gulong {
  connect(instance, signal, action, via: voidTrampoline, after: after)
}

/// Connects a signal of the shape `gboolean (*)(GObject *self, gpointer data)`.
@discardableResult
func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, decide action: @escaping BoolHandler) -> gulong {
  connect(instance, signal, action, via: boolTrampoline)
}

/// Connects a signal of the shape `gint (*)(GObject *self, gpointer arg, gpointer data)`.
@discardableResult
func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, answer action: @escaping IntPointerHandler) -> gulong {
  connect(instance, signal, action, via: intPointerTrampoline)
}

/// Connects a signal of the shape `void (*)(GObject *self, gpointer arg, gpointer data)`.
@discardableResult
func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, withArgument action: @escaping PointerHandler) -> gulong {
  connect(instance, signal, action, via: pointerTrampoline)
}

/// Connects GFileMonitor's `changed`, `void (*)(GFileMonitor *, GFile *, GFile *, GFileMonitorEvent, gpointer data)`.
@discardableResult
func connect(_ instance: UnsafeMutableRawPointer, fileChanged action: @escaping VoidHandler) -> gulong {
  connect(instance, "changed", action, via: fileChangedTrampoline)
}

private let fileChangedTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?, gint, gpointer?) -> Void = {
  _, _, _, _, data in
  let run: VoidHandler = handler(data)
  MainActor.assumeIsolated { run() }
}

/// Unpacks the Swift closure a trampoline received as user data.
func handler<Handler>(_ data: gpointer?) -> Handler {
  (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! ClosureBox<Handler>).handler
}

/// Signals of the shape `void (*)(GObject *self, gpointer data)`: clicked, toggled, changed,
/// value-changed, entry-activated, unrealize, after-paint, a toast's button-clicked, the
/// application's activate and shutdown.
typealias VoidHandler = @MainActor () -> Void
let voidTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
  let run: VoidHandler = handler(data)
  MainActor.assumeIsolated { run() }
}

/// Signals of the shape `gboolean (*)(GObject *self, gpointer data)`: close-request.
typealias BoolHandler = @MainActor () -> Bool
let boolTrampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
  let run: BoolHandler = handler(data)
  return MainActor.assumeIsolated { run() } ? 1 : 0
}

/// Signals of the shape `gint (*)(GObject *self, gpointer arg, gpointer data)`:
/// GApplication::handle-local-options.
typealias IntPointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Int32
let intPointerTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Int32 = { _, arg, data in
  let run: IntPointerHandler = handler(data)
  let address = UInt(bitPattern: arg)
  return MainActor.assumeIsolated { run(UnsafeMutableRawPointer(bitPattern: address)) }
}

/// Signals carrying one pointer argument: `void (*)(GObject *self, gpointer arg, gpointer data)`
/// — GSimpleAction::activate (GVariant *), notify (GParamSpec *), a list item factory's
/// setup/bind/teardown (GtkListItem *), AdwMessageDialog::response (const char *).
typealias PointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Void
let pointerTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, arg, data in
  let run: PointerHandler = handler(data)
  let address = UInt(bitPattern: arg)  // GTK calls on the main thread; the pointer stays there
  MainActor.assumeIsolated { run(UnsafeMutableRawPointer(bitPattern: address)) }
}


/// Signals carrying two integers: `void (*)(GObject *self, int, int, gpointer data)` —
/// GtkDrawingArea::resize, GdkSurface::layout.
typealias SizeHandler = @MainActor (Int, Int) -> Void
let sizeTrampoline: @convention(c) (gpointer?, Int32, Int32, gpointer?) -> Void = { _, width, height, data in
  let run: SizeHandler = handler(data)
  MainActor.assumeIsolated { run(Int(width), Int(height)) }
}

/// Connects a signal carrying a width and a height.
@discardableResult
func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, size action: @escaping SizeHandler) -> gulong {
  connect(instance, signal, action, via: sizeTrampoline)
}

/// Signals carrying a point: `void (*)(GObject *self, double x, double y, gpointer data)` —
/// GtkEventControllerMotion::enter and ::motion.
typealias PointHandler = @MainActor (Double, Double) -> Void
let pointTrampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
  let run: PointHandler = handler(data)
  MainActor.assumeIsolated { run(x, y) }
}

/// Connects a signal carrying a point.
@discardableResult
func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, point action: @escaping PointHandler) -> gulong {
  connect(instance, signal, action, via: pointTrampoline)
}

/// GtkGestureClick::pressed: `void (*)(GtkGestureClick *self, int n_press, double x, double y,
/// gpointer data)`.
let pressTrampoline: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = { _, _, x, y, data in
  let run: PointHandler = handler(data)
  MainActor.assumeIsolated { run(x, y) }
}

/// Connects GtkGestureClick::pressed, passing where the press was.
@discardableResult
func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, press action: @escaping PointHandler) -> gulong {
  connect(instance, signal, action, via: pressTrampoline)
}
