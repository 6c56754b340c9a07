// Signal connections, owned. Every closure the shim hands to a GObject signal belongs to the
// Swift object that asked for it (its `SignalOwner`): the connection is recorded in the
// owner's `SignalConnections`, disconnected when the owner goes (which releases the closure
// and what it captured), and the trampoline runs the closure only while the owner is alive,
// so a GObject that outlives its Swift wrapper (a GStreamer bin torn down after the Swift
// pipeline, a widget kept by its parent) can emit as it likes: nothing runs, nothing is read
// after it was freed. Closures handed here capture their controllers weakly (`[weak self]`):
// `scripts/check-data.sh` refuses an `unowned` capture anywhere in Sources. The one other
// kind, `connectForLifetime`, is GTK's own clean-up at the object's end and captures no Swift
// object at all. A wrapper's method that connects a signal is named after it: `onX` for the
// signal `x` (`onUnrealize`, `onCloseRequest`, `onEntryActivated`, `onValueChanged`).
import CGLib

/// A Swift object that connects GObject signals: what it connects lives no longer than it.
@MainActor package protocol SignalOwner: AnyObject {
  /// The connections this object made, disconnected when it goes.
  var signals: SignalConnections { get }
}

/// The signal connections one Swift object made. Each instance is watched through a GWeakRef
/// (its connection ends with it, and no pointer to it is kept once it is finalized), and every
/// connection still there is disconnected when this goes.
@MainActor package final class SignalConnections {
  private struct Connection {
    let instance: UnsafeMutablePointer<GWeakRef>
    let id: gulong
  }
  private var connections: [Connection] = []

  package init() {}

  isolated deinit { disconnectAll() }

  /// How many connections are still in place (their instance alive and connected).
  package var count: Int {
    connections.count { connection in
      guard let object = g_weak_ref_get(connection.instance) else { return false }
      defer { g_object_unref(object) }
      return g_signal_handler_is_connected(object, connection.id) != 0
    }
  }

  fileprivate func add(_ instance: UnsafeMutableRawPointer, id: gulong) {
    if connections.count >= 16, connections.count.nonzeroBitCount == 1 { forgetEnded() }
    let weak = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)
    weak.initialize(to: GWeakRef())
    g_weak_ref_init(weak, instance)
    connections.append(Connection(instance: weak, id: id))
  }

  /// Disconnects the handler `id` (one this object connected) before its owner goes.
  package func disconnect(_ id: gulong) {
    guard let index = connections.firstIndex(where: { $0.id == id }) else { return }
    end(connections.remove(at: index))
  }

  /// Disconnects everything connected so far (an owner that stops listening before it goes).
  package func disconnectAll() {
    let ending = connections
    connections.removeAll()
    ending.forEach(end)
  }

  private func end(_ connection: Connection) {
    if let object = g_weak_ref_get(connection.instance) {
      if g_signal_handler_is_connected(object, connection.id) != 0 {
        g_signal_handler_disconnect(object, connection.id)
      }
      g_object_unref(object)
    }
    g_weak_ref_clear(connection.instance)
    connection.instance.deallocate()
  }

  /// Drops the records of connections whose instance is gone (toasts shown and dismissed).
  private func forgetEnded() {
    let (alive, ended) = connections.reduce(into: ([Connection](), [Connection]())) { split, connection in
      guard let object = g_weak_ref_get(connection.instance) else { return split.1.append(connection) }
      g_object_unref(object)
      split.0.append(connection)
    }
    connections = alive
    ended.forEach(end)
  }
}

/// Holds a Swift closure (or value) for as long as C keeps it (a signal connection, a
/// shortcut, a GLib source, an asynchronous call, a pool's job), and the object it belongs to,
/// if any, weakly: the one form in which the shim hands Swift to C as user data.
package final class ClosureBox<Handler> {
  private let handler: Handler
  private weak var owner: AnyObject?
  private let owned: Bool

  package init(_ handler: Handler, owner: AnyObject? = nil) {
    self.handler = handler
    self.owner = owner
    owned = owner != nil
  }

  /// The closure, or nil once its owner has started to go (a weak reference reads nil from
  /// the start of `deinit`).
  package var live: Handler? { owned && owner == nil ? nil : handler }

  /// The object it belongs to, while it lives.
  package var liveOwner: AnyObject? { owner }

  /// A new box for `handler`, retained, as C user data: released by `releaseClosureBox` (a
  /// destroy notify) or by `take` (a one-shot callback).
  package static func retained(_ handler: Handler, owner: AnyObject? = nil) -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(ClosureBox(handler, owner: owner) as AnyObject).toOpaque()
  }

  /// The box behind user data `data`, still held by C.
  package static func peek(_ data: UnsafeMutableRawPointer) -> ClosureBox<Handler> {
    Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Handler>
  }

  /// The box behind user data `data`, which C gives back (the last call that gets it).
  package static func take(_ data: UnsafeMutableRawPointer) -> ClosureBox<Handler> {
    Unmanaged<AnyObject>.fromOpaque(data).takeRetainedValue() as! ClosureBox<Handler>
  }
}

/// The destroy notify of a box handed to C by `ClosureBox.retained`.
package let releaseClosureBox: GDestroyNotify = { data in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// The name under which a GObject keeps its Swift side (GObject qdata).
private let swiftSideQuark = g_quark_from_string("scrumdinger-swift-side")

/// Ties `object`, weakly, to the GObject `instance` as its Swift side, for the C callbacks
/// that get only the instance (a widget class's virtual functions): kept in the instance's
/// qdata, in a box dropped with the instance.
@MainActor package func attachSwiftSide(_ object: AnyObject, to instance: UnsafeMutableRawPointer) {
  g_object_set_qdata_full(cast(instance), swiftSideQuark, ClosureBox.retained((), owner: object), releaseClosureBox)
}

/// The Swift side attached to `instance`, if it is a `T` and still alive.
@MainActor package func swiftSide<T: AnyObject>(of instance: UnsafeMutableRawPointer, as type: T.Type) -> T? {
  guard let box = g_object_get_qdata(cast(instance), swiftSideQuark) else { return nil }
  return ClosureBox<Void>.peek(box).liveOwner as? T
}

private let releaseBox: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// Connects a C trampoline to `signal` on `instance`, passing `handler` as user data, on
/// behalf of `owner` (none: for the instance's lifetime). The box is retained until GLib drops
/// the connection (the owner going, a disconnect, or the instance's finalisation).
@MainActor private func connect<Handler, Trampoline>(
  _ instance: UnsafeMutableRawPointer, _ signal: String, for owner: SignalOwner?, _ handler: Handler,
  via trampoline: Trampoline, after: Bool = false
) -> gulong {
  let box = ClosureBox.retained(handler, owner: owner)
  let id = g_signal_connect_data(
    instance, signal, unsafeBitCast(trampoline, to: GCallback.self), box, releaseBox,
    after ? G_CONNECT_AFTER : G_CONNECT_DEFAULT)
  if id != 0 { owner?.signals.add(instance, id: id) }
  return id
}

/// Connects `cleanUp` for as long as `instance` lives, whatever becomes of its Swift wrapper:
/// for the clean-up GTK needs when the object goes (a popover unparented as its anchor is
/// disposed, which happens as the wrapper lets go of it). `cleanUp` captures C pointers only,
/// never a Swift object.
@MainActor package func connectForLifetime(
  _ instance: UnsafeMutableRawPointer, _ signal: String, cleanUp: @escaping VoidHandler
) {
  _ = connect(instance, signal, for: nil, cleanUp, via: voidTrampoline)
}

/// Connects a signal of the shape `void (*)(GObject *self, gpointer data)`; `after` runs
/// `action` after the handlers connected without it.
@discardableResult
@MainActor package func connect(
  _ instance: UnsafeMutableRawPointer, _ signal: String, for owner: SignalOwner, after: Bool = false,
  perform action: @escaping VoidHandler
) -> gulong {
  connect(instance, signal, for: owner, action, via: voidTrampoline, after: after)
}

/// Connects a signal of the shape `gboolean (*)(GObject *self, gpointer data)`.
@discardableResult
@MainActor package func connect(
  _ instance: UnsafeMutableRawPointer, _ signal: String, for owner: SignalOwner, decide action: @escaping BoolHandler
) -> gulong {
  connect(instance, signal, for: owner, action, via: boolTrampoline)
}

/// Connects a signal of the shape `gint (*)(GObject *self, gpointer arg, gpointer data)`.
@discardableResult
@MainActor package func connect(
  _ instance: UnsafeMutableRawPointer, _ signal: String, for owner: SignalOwner,
  answer action: @escaping IntPointerHandler
) -> gulong {
  connect(instance, signal, for: owner, action, via: intPointerTrampoline)
}

/// Connects a signal of the shape `void (*)(GObject *self, gpointer arg, gpointer data)`.
@discardableResult
@MainActor package func connect(
  _ instance: UnsafeMutableRawPointer, _ signal: String, for owner: SignalOwner,
  withArgument action: @escaping PointerHandler
) -> gulong {
  connect(instance, signal, for: owner, action, via: pointerTrampoline)
}

/// Connects GFileMonitor's `changed`, `void (*)(GFileMonitor *, GFile *, GFile *, GFileMonitorEvent, gpointer data)`.
@discardableResult
@MainActor package func connect(
  _ instance: UnsafeMutableRawPointer, for owner: SignalOwner, fileChanged action: @escaping VoidHandler
) -> gulong {
  connect(instance, "changed", for: owner, action, via: fileChangedTrampoline)
}

private let fileChangedTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?, gint, gpointer?) -> Void = {
  _, _, _, _, data in
  guard let run: VoidHandler = handler(data) else { return }
  MainActor.assumeIsolated { run() }
}

/// Unpacks the Swift closure a trampoline received as user data; nil once its owner has
/// started to go.
package func handler<Handler>(_ data: gpointer?) -> Handler? {
  ClosureBox<Handler>.peek(data!).live
}

/// Signals of the shape `void (*)(GObject *self, gpointer data)`: clicked, toggled, changed,
/// value-changed, entry-activated, unrealize, after-paint, a toast's button-clicked, the
/// application's activate and shutdown.
package typealias VoidHandler = @MainActor () -> Void
package let voidTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
  guard let run: VoidHandler = handler(data) else { return }
  MainActor.assumeIsolated { run() }
}

/// Signals of the shape `gboolean (*)(GObject *self, gpointer data)`: close-request.
package typealias BoolHandler = @MainActor () -> Bool
package let boolTrampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
  guard let run: BoolHandler = handler(data) else { return 0 }
  return MainActor.assumeIsolated { run() } ? 1 : 0
}

/// Signals of the shape `gint (*)(GObject *self, gpointer arg, gpointer data)`:
/// GApplication::handle-local-options.
package typealias IntPointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Int32
package let intPointerTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Int32 = { _, arg, data in
  guard let run: IntPointerHandler = handler(data) else { return -1 }
  let address = UInt(bitPattern: arg)
  return MainActor.assumeIsolated { run(UnsafeMutableRawPointer(bitPattern: address)) }
}

/// Signals carrying one pointer argument: `void (*)(GObject *self, gpointer arg, gpointer data)`
/// — GSimpleAction::activate (GVariant *), notify (GParamSpec *), a list item factory's
/// setup/bind/teardown (GtkListItem *), AdwMessageDialog::response (const char *).
package typealias PointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Void
package let pointerTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, arg, data in
  guard let run: PointerHandler = handler(data) else { return }
  let address = UInt(bitPattern: arg)  // GTK calls on the main thread; the pointer stays there
  MainActor.assumeIsolated { run(UnsafeMutableRawPointer(bitPattern: address)) }
}

/// Signals carrying two integers: `void (*)(GObject *self, int, int, gpointer data)` —
/// GtkDrawingArea::resize, GdkSurface::layout.
package typealias SizeHandler = @MainActor (Int, Int) -> Void
package let sizeTrampoline: @convention(c) (gpointer?, Int32, Int32, gpointer?) -> Void = { _, width, height, data in
  guard let run: SizeHandler = handler(data) else { return }
  MainActor.assumeIsolated { run(Int(width), Int(height)) }
}

/// Connects a signal carrying a width and a height.
@discardableResult
@MainActor package func connect(
  _ instance: UnsafeMutableRawPointer, _ signal: String, for owner: SignalOwner, size action: @escaping SizeHandler
) -> gulong {
  connect(instance, signal, for: owner, action, via: sizeTrampoline)
}

/// Signals carrying a point: `void (*)(GObject *self, double x, double y, gpointer data)` —
/// GtkEventControllerMotion::enter and ::motion.
package typealias PointHandler = @MainActor (Double, Double) -> Void
package let pointTrampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
  guard let run: PointHandler = handler(data) else { return }
  MainActor.assumeIsolated { run(x, y) }
}

/// Connects a signal carrying a point.
@discardableResult
@MainActor package func connect(
  _ instance: UnsafeMutableRawPointer, _ signal: String, for owner: SignalOwner, point action: @escaping PointHandler
) -> gulong {
  connect(instance, signal, for: owner, action, via: pointTrampoline)
}

/// GtkGestureClick::pressed: `void (*)(GtkGestureClick *self, int n_press, double x, double y,
/// gpointer data)`.
package let pressTrampoline: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = {
  _, _, x, y, data in
  guard let run: PointHandler = handler(data) else { return }
  MainActor.assumeIsolated { run(x, y) }
}

/// Connects GtkGestureClick::pressed, passing where the press was.
@discardableResult
@MainActor package func connect(
  _ instance: UnsafeMutableRawPointer, _ signal: String, for owner: SignalOwner, press action: @escaping PointHandler
) -> gulong {
  connect(instance, signal, for: owner, action, via: pressTrampoline)
}

/// GListModel::items-changed: `void (*)(GListModel *self, guint position, guint removed,
/// guint added, gpointer data)`.
private let itemsChangedTrampoline: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = {
  _, _, _, _, data in
  guard let run: VoidHandler = handler(data) else { return }
  MainActor.assumeIsolated { run() }
}

/// Connects GListModel::items-changed; `action` runs after each change of the list.
@discardableResult
@MainActor package func connect(
  _ instance: UnsafeMutableRawPointer, for owner: SignalOwner, itemsChanged action: @escaping VoidHandler
) -> gulong {
  connect(instance, "items-changed", for: owner, action, via: itemsChangedTrampoline)
}

/// GApplication::open: `void (*)(GApplication *self, GFile **files, gint n_files,
/// const gchar *hint, gpointer data)`; the handler gets the files' local paths.
package typealias PathsHandler = @MainActor ([String]) -> Void
private let openTrampoline:
  @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafePointer<gchar>?, gpointer?)
    -> Void = { _, files, count, _, data in
      guard let run: PathsHandler = handler(data) else { return }
      var paths: [String] = []
      for index in 0..<Int(count) {
        guard let file = files?[index], let path = g_file_get_path(file) else { continue }
        paths.append(String(cString: path))
        g_free(path)
      }
      MainActor.assumeIsolated { run(paths) }
    }

/// Connects GApplication::open, passing the local paths of the files to open.
@discardableResult
@MainActor package func connect(
  _ instance: UnsafeMutableRawPointer, for owner: SignalOwner, open action: @escaping PathsHandler
)
  -> gulong
{
  connect(instance, "open", for: owner, action, via: openTrampoline)
}
