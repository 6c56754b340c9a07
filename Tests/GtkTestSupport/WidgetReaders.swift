// What the tests read back from widgets that the app itself never asks: a dialog's question
// and buttons, a label's bold and dimmed parts, the labels' texts under a widget, what the
// shortcuts window lists, whether a row is in view, the clipboard. Here, beside the tests, so
// the product carries none of it.
import CAdwaita
import GtkShim
import Platform

extension MessageDialog {
  /// The question asked.
  public var heading: String { string(adw_message_dialog_get_heading(message)) }

  /// The text on `response`'s button.
  public func label(of response: String) -> String {
    string(adw_message_dialog_get_response_label(message, response))
  }

  /// Whether the dialog offers `response`.
  public func hasResponse(_ response: String) -> Bool {
    adw_message_dialog_has_response(message, response) != 0
  }

  /// Chooses `response` as a click on its button would: the response, then the dialog closes.
  public func respond(_ response: String) {
    adw_message_dialog_response(message, response)
    gtk_window_close(cast(UnsafeMutableRawPointer(dialog)))
  }
}

extension Label {
  /// The text's attributes, each as its type and UTF-8 byte range.
  private var attributeRanges: [(type: PangoAttrType, range: Range<Int>)] {
    guard let attributes = gtk_label_get_attributes(cast(raw)), let list = pango_attr_list_get_attributes(attributes)
    else { return [] }
    defer { g_slist_free_full(list) { pango_attribute_destroy($0?.assumingMemoryBound(to: PangoAttribute.self)) } }
    var found: [(type: PangoAttrType, range: Range<Int>)] = []
    var node: UnsafeMutablePointer<GSList>? = list
    while let item = node {
      if let attribute = item.pointee.data?.assumingMemoryBound(to: PangoAttribute.self) {
        found.append(
          (attribute.pointee.klass.pointee.type, Int(attribute.pointee.start_index)..<Int(attribute.pointee.end_index)))
      }
      node = item.pointee.next
    }
    return found
  }

  /// The parts of the text in bold, as UTF-8 byte ranges.
  public var boldByteRanges: [Range<Int>] { attributeRanges.filter { $0.type == PANGO_ATTR_WEIGHT }.map(\.range) }

  /// Where the dimmed part of the text begins, as a UTF-8 offset (nil: nothing dimmed).
  public var dimmedByteOffset: Int? {
    attributeRanges.first { $0.type == PANGO_ATTR_FOREGROUND_ALPHA }?.range.lowerBound
  }

  /// Whether the text's first line is laid out right to left (Arabic, Hebrew), as Pango
  /// resolves it from the text.
  public var readsRightToLeft: Bool {
    pango_layout_get_direction(gtk_label_get_layout(cast(raw)), 0) == PANGO_DIRECTION_RTL
  }
}

extension ShortcutsWindow {
  /// The text of every key cap shown (one label per key of every shortcut), depth first.
  public var keyLabels: [String] {
    keyCaps.map { string(gtk_label_get_text(cast(UnsafeMutableRawPointer($0)))) }
  }

  /// Every accelerator the window lists, as GTK parses them ("<Control>n"), in order.
  public var listedAccelerators: [String] {
    shortcuts("accelerator").flatMap { $0.split(separator: " ").map(String.init) }
  }

  /// Every shortcut's title, in order.
  public var titles: [String] { shortcuts("title") }

  /// The string property `name` of each shortcut the window lists.
  private func shortcuts(_ name: String) -> [String] {
    descendants.compactMap { widget -> String? in
      let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
      guard g_type_check_instance_is_a(instance, gtk_shortcuts_shortcut_get_type()) != 0,
        let text = shim_shortcuts_shortcut_string(widget, name)
      else { return nil }
      defer { g_free(text) }
      return String(cString: text)
    }
  }
}

extension Style {
  /// Whether the icon theme has an icon called `name`.
  @MainActor public static func hasIcon(_ name: String) -> Bool {
    gtk_icon_theme_has_icon(gtk_icon_theme_get_for_display(gdk_display_get_default()), name) != 0
  }
}

extension ScrolledWindow {
  /// Whether `widget` is wholly inside the visible part of the view.
  public func shows(_ widget: Widget) -> Bool {
    guard let box = widget.bounds(in: self) else { return false }
    let (width, height) = allocatedSize
    return box.y >= 0 && box.y + box.height <= Double(height) && box.x >= 0 && box.x + box.width <= Double(width)
  }
}

extension Widget {
  /// The text of every label under the widget (itself included), in the order they are laid
  /// out: what a reader of the screen sees.
  public var labelTexts: [String] { Self.labelTexts(under: widget) }

  /// The text of every label under `widget` (itself included), in layout order.
  public static func labelTexts(under widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
    let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
    var found =
      g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0
      ? [String(cString: gtk_label_get_text(OpaquePointer(widget)))] : []
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      found += labelTexts(under: current)
      child = gtk_widget_get_next_sibling(current)
    }
    return found
  }

  /// How many list rows under the widget are drawn now (mapped), as GTK's own widget tree
  /// says: a long list draws those near the view.
  public var drawnListRows: Int { Self.drawnListRows(under: widget) }

  private static func drawnListRows(under widget: UnsafeMutablePointer<GtkWidget>) -> Int {
    let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
    if g_type_check_instance_is_a(instance, gtk_list_box_row_get_type()) != 0 {
      return gtk_widget_get_mapped(widget) != 0 ? 1 : 0
    }
    var count = 0
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      count += drawnListRows(under: current)
      child = gtk_widget_get_next_sibling(current)
    }
    return count
  }

  /// The narrowest the widget can be laid out, in pixels (what forces a window wider).
  public var minimumWidth: Int {
    var minimum: Int32 = 0
    gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
    return Int(minimum)
  }

  /// The text on the clipboard of the widget's display, read as a paste would.
  public func readClipboard(_ done: @escaping @MainActor (String?) -> Void) {
    let box = ClosureBox.retained(done)
    gdk_clipboard_read_text_async(
      gtk_widget_get_clipboard(widget), nil,
      { source, result, data in
        let text = gdk_clipboard_read_text_finish(OpaquePointer(source), result, nil)
        let done = ClosureBox<@MainActor (String?) -> Void>.take(data!)
        MainActor.assumeIsolated { done.live?(text.map { String(cString: $0) }) }
        g_free(text)
      }, box)
  }
}
