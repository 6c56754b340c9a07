// GtkShim: the one place that speaks C to GTK4, libadwaita and GStreamer. Feature code sees
// Swift classes with Swift closures; the pointer casts, signal trampolines, floating
// references and the libdispatch/GLib bridge all live here.
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
