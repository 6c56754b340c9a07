import CAdwaita

/// A piece of text.
@MainActor public final class Label: Widget {
  /// Creates a label showing `text`.
  public init(_ text: String = "") {
    super.init(gtk_label_new(text))
  }

  /// An empty label that screen readers announce when it appears with text (an alert).
  public static func alert() -> Label { Label(alert: ()) }

  private init(alert: Void) {
    super.init(shim_label_new_alert())
  }

  private var label: OpaquePointer { cast(raw) }

  /// The text shown.
  public var text: String {
    get { string(gtk_label_get_text(label)) }
    set {
      guard newValue != text else { return }  // no relayout, redraw or AT event for nothing
      gtk_label_set_text(label, newValue)
    }
  }

  /// Shortens text that does not fit with "…" at the end.
  public func setEllipsizes() { gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END) }

  /// Breaks long text into lines at word boundaries.
  public func setWraps() { gtk_label_set_wrap(label, 1) }

  /// 0 = start, 0.5 = centre, 1 = end.
  public func setHorizontalAlignment(_ x: Float) { gtk_label_set_xalign(label, x) }
}
