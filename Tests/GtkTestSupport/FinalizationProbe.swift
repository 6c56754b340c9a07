import CAdwaita
import GtkShim
import Platform

/// Watches a widget and everything inside it through GWeakRefs, without keeping any of it
/// alive: after the widget is closed and released, `survivors` says how many of those GTK
/// objects are still there (a leak when the count stays above zero).
@MainActor public final class FinalizationProbe {
  private var references: [UnsafeMutablePointer<GWeakRef>] = []

  /// Watches `widget` and its descendants as they are now.
  public init(_ widget: Widget) {
    for object in widget.descendants {
      let reference = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)
      reference.initialize(to: GWeakRef())
      g_weak_ref_init(reference, object)
      references.append(reference)
    }
  }

  isolated deinit {
    for reference in references {
      g_weak_ref_clear(reference)
      reference.deallocate()
    }
  }

  /// How many objects were watched.
  public var count: Int { references.count }

  /// The type names of the objects watched that are not finalized yet.
  public var survivors: [String] {
    references.compactMap { reference in
      guard let object = g_weak_ref_get(reference) else { return nil }
      defer { g_object_unref(object) }
      let instance = object.assumingMemoryBound(to: GTypeInstance.self)
      return String(cString: g_type_name(instance.pointee.g_class.pointee.g_type))
    }
  }
}
