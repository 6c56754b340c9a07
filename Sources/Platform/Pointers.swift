// Platform: the one place that speaks C to GLib and GIO (GtkShim, above it, to GTK4,
// libadwaita, GStreamer and libsoup). The core and the features see Swift types with Swift
// closures; the pointer casts, the signal trampolines and the libdispatch/GLib bridge live
// here, and these casts serve the shim too.
import CGLib

/// Reinterprets a GObject pointer as another C type (the job of the GTK_* cast macros,
/// which do not import into Swift).
@inline(__always)
package func cast<T>(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<T> {
  pointer.assumingMemoryBound(to: T.self)
}

/// The same for the types that import as `OpaquePointer`; the call site's type picks which.
@inline(__always)
package func cast(_ pointer: UnsafeMutableRawPointer) -> OpaquePointer {
  OpaquePointer(pointer)
}

/// Swift text from a C string GTK owns; empty for NULL.
package func string(_ text: UnsafePointer<CChar>?) -> String {
  text.map { String(cString: $0) } ?? ""
}
