// GtkShim: the one place that speaks C to GTK4, libadwaita, GStreamer and libsoup, over the
// platform layer (Platform: GLib, GIO, signal connections). Feature code sees Swift classes
// with Swift closures; the casts, floating references and each widget's C calls live here.
import CAdwaita
import Platform

/// A GTK widget owned from Swift: the wrapper holds one strong reference (sinking the
/// floating one) and drops it when released.
@MainActor open class Widget: SignalOwner {
  /// The C widget, for the shim's own wrappers and tests in this package.
  package let widget: UnsafeMutablePointer<GtkWidget>
  /// The signal handlers this wrapper connected, disconnected when it goes.
  package let signals = SignalConnections()

  /// Wraps a freshly created (floating) or borrowed widget and takes a reference to it.
  package init(_ raw: UnsafeMutableRawPointer) {
    widget = cast(raw)
    g_object_ref_sink(raw)
  }

  isolated deinit {
    g_object_unref(widget)
  }

  package var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(widget) }

  /// The context menu's popover, once `setContextMenu` has given the widget one.
  package var contextPopover: UnsafeMutablePointer<GtkWidget>?
  /// Opens the context menu as the Menu key does.
  package var openContextMenu: (@MainActor () -> Void)?

  /// Whether the widget is shown.
  public var isVisible: Bool {
    get { gtk_widget_get_visible(widget) != 0 }
    set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
  }

  /// Whether it is mapped: shown and inside a window that is on screen.
  public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }

  /// Whether it responds to input.
  public var isSensitive: Bool {
    get { gtk_widget_get_sensitive(widget) != 0 }
    set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
  }

  /// Adds a CSS class (theme and style classes).
  public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widget, name) }

  /// Removes a CSS class.
  public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }

  /// Whether the widget has the CSS class.
  public func hasCSSClass(_ name: String) -> Bool { gtk_widget_has_css_class(widget, name) != 0 }

  /// The last accessible name set: setting the same again would still notify assistive
  /// technologies (bus traffic every meeting tick), so it is skipped.
  private var accessibleLabel: String?

  /// The label naming the widget (`setAccessibleLabelledBy`), and what `touchAccessibleName`
  /// was last told.
  private var nameSource: Widget?
  private var nameSummary: String?

  /// The name last given with `setAccessibleLabel`, if any.
  public var accessibleName: String? { accessibleLabel }

  /// The name screen readers say for it (replacing any name taken from child labels).
  public func setAccessibleLabel(_ label: String) {
    guard label != accessibleLabel else { return }
    accessibleLabel = label
    shim_accessible_set_name(cast(raw), label)
  }

  /// Names the widget after `label`'s text, read whenever a screen reader asks (no event is
  /// sent when that text changes; see `touchAccessibleName`).
  public func setAccessibleLabelledBy(_ label: Widget) {
    accessibleLabel = nil
    nameSource = label
    shim_accessible_labelled_by(cast(raw), cast(label.raw))
  }

  /// Tells assistive technologies that the name given by `setAccessibleLabelledBy` is now
  /// `name`, when `summary` differs from the last one (a figure's whole minutes, say).
  public func touchAccessibleName(_ name: String, summary: String) {
    guard summary != nameSummary, let nameSource else { return }
    nameSummary = summary
    shim_accessible_renotify_name(cast(raw), cast(nameSource.raw), name)
  }

  /// Drops the name set with `setAccessibleLabel`: screen readers take it from the widget's
  /// content again (a button's label).
  public func clearAccessibleLabel() {
    guard accessibleLabel != nil else { return }
    accessibleLabel = nil
    gtk_accessible_reset_property(cast(raw), GTK_ACCESSIBLE_PROPERTY_LABEL)
  }

  /// The tooltip text, also used as the accessible description.
  public var tooltip: String? {
    get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
    set {
      // GTK 4.8 asks where the pointer is (a round trip to the X server) whenever a shown
      // widget's tooltip is set, in a window or not: so never for the same text, and a
      // widget not in a window yet (a row being built) gets it while hidden.
      guard newValue != tooltip else { return }
      let building = gtk_widget_get_root(widget) == nil && isVisible
      if building { isVisible = false }
      gtk_widget_set_tooltip_text(widget, newValue)
      if building { isVisible = true }
    }
  }

  /// Whether it takes spare room horizontally / vertically.
  public func expand(horizontally: Bool? = nil, vertically: Bool? = nil) {
    if let horizontally { gtk_widget_set_hexpand(widget, horizontally ? 1 : 0) }
    if let vertically { gtk_widget_set_vexpand(widget, vertically ? 1 : 0) }
  }

  /// How the widget sits in spare room.
  public enum Alignment { case fill, start, end, center }

  /// Aligns the widget horizontally and/or vertically within its allocation.
  public func align(horizontal: Alignment? = nil, vertical: Alignment? = nil) {
    func gtk(_ a: Alignment) -> GtkAlign {
      switch a {
      case .fill: GTK_ALIGN_FILL
      case .start: GTK_ALIGN_START
      case .end: GTK_ALIGN_END
      case .center: GTK_ALIGN_CENTER
      }
    }
    if let horizontal { gtk_widget_set_halign(widget, gtk(horizontal)) }
    if let vertical { gtk_widget_set_valign(widget, gtk(vertical)) }
  }

  /// The smallest size the widget asks for (-1 leaves a dimension natural).
  public func setSizeRequest(width: Int = -1, height: Int = -1) {
    gtk_widget_set_size_request(widget, Int32(width), Int32(height))
  }

  /// A longer explanation screen readers offer after the name.
  public func setAccessibleDescription(_ text: String) {
    shim_accessible_set_description(cast(raw), text)
  }

  /// Hides it from screen readers (for decoration whose meaning another widget says).
  public func hideFromAccessibility() {
    shim_accessible_hide(cast(raw))
  }

  /// The text colour CSS gives the widget now, as 0…255 red, green, blue.
  package var foregroundColor: (red: Int, green: Int, blue: Int) {
    var color = GdkRGBA()
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color)
    return (Int((color.red * 255).rounded()), Int((color.green * 255).rounded()), Int((color.blue * 255).rounded()))
  }

  /// Sets the same margin on all four sides.
  public func setMargins(_ all: Int) {
    gtk_widget_set_margin_top(widget, Int32(all))
    gtk_widget_set_margin_bottom(widget, Int32(all))
    gtk_widget_set_margin_start(widget, Int32(all))
    gtk_widget_set_margin_end(widget, Int32(all))
  }

  /// Whether Tab can stop on the widget.
  public var isFocusable: Bool {
    get { gtk_widget_get_focusable(widget) != 0 }
    set { gtk_widget_set_focusable(widget, newValue ? 1 : 0) }
  }

  /// Whether keyboard focus is here.
  public var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }

  /// Moves keyboard focus here.
  @discardableResult
  public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }
}

extension Widget {
  /// The widget and every widget inside it, depth first.
  package var descendants: [UnsafeMutablePointer<GtkWidget>] {
    var found: [UnsafeMutablePointer<GtkWidget>] = []
    func walk(_ widget: UnsafeMutablePointer<GtkWidget>) {
      found.append(widget)
      var child = gtk_widget_get_first_child(widget)
      while let current = child {
        walk(current)
        child = gtk_widget_get_next_sibling(current)
      }
    }
    walk(widget)
    return found
  }

  /// Every label shown inside the widget with the characters Pango found no font for (drawn
  /// as empty boxes): (its text, how many), for the labels that have any.
  public var labelsMissingGlyphs: [(text: String, missing: Int)] {
    descendants.compactMap { widget in
      let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
      guard g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0, gtk_widget_get_mapped(widget) != 0 else {
        return nil
      }
      let label = OpaquePointer(widget)
      let missing = Int(pango_layout_get_unknown_glyphs_count(gtk_label_get_layout(label)))
      return missing > 0 ? (string(gtk_label_get_text(label)), missing) : nil
    }
  }

  /// The text of every label shown inside the widget, depth first.
  public var shownLabelTexts: [String] { labelTexts { gtk_widget_get_mapped($0) != 0 } }

  /// The text of every label inside the widget that is shown or would be if scrolled to (a
  /// row a long list does not draw while it is out of view), depth first.
  public var laidOutLabelTexts: [String] { labelTexts { gtk_widget_is_visible($0) != 0 } }

  private func labelTexts(where included: (UnsafeMutablePointer<GtkWidget>) -> Bool) -> [String] {
    descendants.compactMap { widget in
      let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
      guard g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0, included(widget) else { return nil }
      return string(gtk_label_get_text(OpaquePointer(widget)))
    }
  }
}

/// Registers a GtkWidget subclass named `name` with no fields of its own; `classInit` sets
/// its virtual functions (and the like) on the class.
@MainActor func registerWidgetSubclass(
  _ name: String, classInit: @convention(c) (UnsafeMutablePointer<GtkWidgetClass>) -> Void
) -> GType {
  var info = GTypeInfo()
  info.class_size = guint16(MemoryLayout<GtkWidgetClass>.size)
  info.instance_size = guint16(MemoryLayout<GtkWidget>.size)
  info.class_data = unsafeBitCast(classInit, to: UnsafeRawPointer.self)
  info.class_init = { klass, data in
    guard let klass, let data else { return }
    typealias ClassInit = @convention(c) (UnsafeMutablePointer<GtkWidgetClass>) -> Void
    unsafeBitCast(data, to: ClassInit.self)(cast(klass))
  }
  return g_type_register_static(gtk_widget_get_type(), name, &info, GTypeFlags(rawValue: 0))
}
