import CAdwaita
import Platform

/// A piece of text.
@MainActor public final class Label: Widget {
  /// Creates a label showing `text`.
  public init(_ text: String = "") {
    super.init(gtk_label_new(text))
  }

  /// An empty label that screen readers see as an alert (GTK 4.8 does not have it spoken as
  /// it appears: `Announcer` does the speaking).
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

  /// Shows `text` with the parts at `ranges` (of `text`) in bold: a search's words in what
  /// it found. The text is never read as markup, whatever it holds.
  public func setText(_ text: String, bold ranges: [Range<String.Index>]) {
    gtk_label_set_text(label, text)
    let attributes = pango_attr_list_new()
    for range in ranges {
      guard let bold = pango_attr_weight_new(PANGO_WEIGHT_BOLD) else { continue }
      bold.pointee.start_index = guint(text.utf8.distance(from: text.startIndex, to: range.lowerBound))
      bold.pointee.end_index = guint(text.utf8.distance(from: text.startIndex, to: range.upperBound))
      pango_attr_list_insert(attributes, bold)  // the list takes it
    }
    gtk_label_set_attributes(label, attributes)
    pango_attr_list_unref(attributes)
  }

  /// Says that the text is in the language of BCP 47 code `code` ("de", "zh"): its shaping and
  /// line breaks follow it, and a screen reader hears it as the run's "language" attribute
  /// (GTK's AT-SPI text), so it can read it with that language's voice. Replaces the label's
  /// other text attributes.
  public func setLanguage(_ code: String) {
    let attributes = pango_attr_list_new()
    pango_attr_list_insert(attributes, pango_attr_language_new(pango_language_from_string(code)))
    gtk_label_set_attributes(label, attributes)
    pango_attr_list_unref(attributes)
  }

  /// The language `setLanguage` gave the text, if any.
  public var language: String? {
    guard let attributes = gtk_label_get_attributes(label) else { return nil }
    let iterator = pango_attr_list_get_iterator(attributes)
    defer { pango_attr_iterator_destroy(iterator) }
    guard let found = pango_attr_iterator_get(iterator, PANGO_ATTR_LANGUAGE) else { return nil }
    return found.withMemoryRebound(to: PangoAttrLanguage.self, capacity: 1) {
      String(cString: pango_language_to_string($0.pointee.value))
    }
  }

  /// Shortens text that does not fit with "…" at the end.
  public func setEllipsizes() { gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END) }

  /// Shortens text that does not fit with "…" at the start: its end, the newest words of a
  /// line that grows, stays in view.
  public func setEllipsizesAtStart() { gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_START) }

  /// Shows `text` with its part from `dimmed` on drawn at 55 % opacity (words that may still
  /// change), at the size `setPixelSize` set. The text is never read as markup.
  public func setText(_ text: String, dimmedFrom dimmed: String.Index) {
    gtk_label_set_text(label, text)
    let attributes = pango_attr_list_new()
    if pixelSize > 0 {
      pango_attr_list_insert(attributes, pango_attr_size_new_absolute(Int32(pixelSize) * PANGO_SCALE))
    }
    if dimmed < text.endIndex, let faint = pango_attr_foreground_alpha_new(36_045) {
      faint.pointee.start_index = guint(text.utf8.distance(from: text.startIndex, to: dimmed))
      faint.pointee.end_index = guint(text.utf8.count)
      pango_attr_list_insert(attributes, faint)
    }
    gtk_label_set_attributes(label, attributes)
    pango_attr_list_unref(attributes)
  }

  /// Shows `text` as `setText` does where it fits the label's width on one line; where it does
  /// not, "…" and its end from the first of `wordStarts` (where its words begin, in order) from
  /// which the rest fits: a word is given up whole, never cut. Before the label has a width,
  /// the text is set whole (the label's own ellipsis then cuts it).
  public func setTextKeepingEnd(_ text: String, dimmedFrom dimmed: String.Index, wordStarts: [String.Index]) {
    let width = Int(gtk_widget_get_width(widget))
    guard width > 0, self.width(of: text) > width else { return setText(text, dimmedFrom: dimmed) }
    let ellipsis = "… "
    // The fewest words given up: the widths shrink as the start moves on.
    var (low, high) = (0, wordStarts.count)
    while low < high {
      let middle = (low + high) / 2
      if self.width(of: ellipsis + text[wordStarts[middle]...]) <= width { high = middle } else { low = middle + 1 }
    }
    guard low < wordStarts.count else { return setText(text, dimmedFrom: dimmed) }
    let start = wordStarts[low]
    let shown = ellipsis + text[start...]
    let dimmedOffset = max(0, text.utf8.distance(from: start, to: max(dimmed, start)))
    setText(shown, dimmedFrom: shown.utf8.index(shown.startIndex, offsetBy: ellipsis.utf8.count + dimmedOffset))
  }

  /// How wide `text` is on one line in the label's font and size, in pixels.
  private func width(of text: String) -> Int {
    let layout = gtk_widget_create_pango_layout(widget, text)!
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    if pixelSize > 0 {
      let attributes = pango_attr_list_new()
      pango_attr_list_insert(attributes, pango_attr_size_new_absolute(Int32(pixelSize) * PANGO_SCALE))
      pango_layout_set_attributes(layout, attributes)
      pango_attr_list_unref(attributes)
    }
    var logical = PangoRectangle()
    pango_layout_get_pixel_extents(layout, nil, &logical)
    return Int(logical.width)
  }

  /// Breaks long text into lines at word boundaries.
  public func setWraps() { gtk_label_set_wrap(label, 1) }

  /// 0 = start, 0.5 = centre, 1 = end.
  public func setHorizontalAlignment(_ x: Float) { gtk_label_set_xalign(label, x) }

  /// The text size set with `setPixelSize` (0: as CSS says).
  public private(set) var pixelSize = 0

  /// Draws the text `pixels` tall (the font's em size), whatever the CSS says.
  public func setPixelSize(_ pixels: Int) {
    guard pixels != pixelSize else { return }
    pixelSize = pixels
    let attributes = pango_attr_list_new()
    pango_attr_list_insert(attributes, pango_attr_size_new_absolute(Int32(pixels) * PANGO_SCALE))
    gtk_label_set_attributes(cast(raw), attributes)
    pango_attr_list_unref(attributes)
  }

  /// Wraps long text (between words, or inside a word too long for a line) into at most
  /// `lines` centred lines and ends the last with "…".
  public func limitLines(_ lines: Int) {
    gtk_label_set_wrap(cast(raw), 1)
    gtk_label_set_wrap_mode(cast(raw), PANGO_WRAP_WORD_CHAR)
    gtk_label_set_lines(cast(raw), Int32(lines))
    gtk_label_set_ellipsize(cast(raw), PANGO_ELLIPSIZE_END)
    gtk_label_set_justify(cast(raw), GTK_JUSTIFY_CENTER)
  }

  /// How many lines the text takes as laid out now.
  public var lineCount: Int { Int(pango_layout_get_line_count(gtk_label_get_layout(cast(raw)))) }

  /// Whether the text as laid out now is cut short with "…".
  public var isEllipsized: Bool { pango_layout_is_ellipsized(gtk_label_get_layout(cast(raw))) != 0 }
}
