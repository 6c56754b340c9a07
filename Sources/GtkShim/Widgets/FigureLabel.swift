// A label for a figure that changes every second (a clock). A GtkLabel lays out and shapes
// its whole text again at each change, which asks the window for a new layout, and GTK
// repaints its whole box. This one shapes each digit (and each run of other characters) once,
// keeps it as a render node, and makes a new text from the nodes it has: 4:59 becoming 4:58
// costs no shaping, no new layout while the width stays (digits are tabular), and GSK
// repaints only the digit that changed. Runs are shaped apart, which suits figures, not prose.
import CAdwaita
import Platform

/// A one-line figure drawn from kept, shaped pieces (screen readers do not see it: name what
/// stands for it).
@MainActor public final class FigureLabel: Widget {
  /// A shaped run of the text: its width and, once drawn in a colour, its node.
  private struct Piece {
    let width: Double
    var node: OpaquePointer?
  }

  private var pieces: [Substring: Piece] = [:]
  /// What the pieces were shaped with (the font) and drawn in (the colour).
  private var piecesFont = ""
  private var piecesColour = GdkRGBA()
  /// The height of a line in that font.
  private var lineHeight = 0.0
  private var alignment = 0.0

  public init() {
    super.init(UnsafeMutableRawPointer(g_object_new_with_properties(figureLabelType, 0, nil, nil)))
    attachSwiftSide(self, to: raw)
  }

  isolated deinit {
    dropNodes()
  }

  /// The text shown.
  public var text = "" {
    didSet {
      guard text != oldValue else { return }
      // A new font always brings a new layout (GTK's, or setPixelSize's), which measures
      // with it; until then the pieces at hand give the widths.
      if width(of: text) == width(of: oldValue) {
        gtk_widget_queue_draw(widget)
      } else {
        gtk_widget_queue_resize(widget)
      }
    }
  }

  /// How many times GTK has measured it: a new layout measures it again. For tests, kept in
  /// the product as GTK tells no one of a measure.
  package private(set) var measureCount = 0

  /// The text size set with `setPixelSize` (0: as CSS says).
  public private(set) var pixelSize = 0

  /// Draws the text `pixels` tall (the font's em size), whatever the CSS says.
  public func setPixelSize(_ pixels: Int) {
    guard pixels != pixelSize else { return }
    pixelSize = pixels
    gtk_widget_queue_resize(widget)
  }

  /// 0 = start, 0.5 = centre, 1 = end.
  public func setHorizontalAlignment(_ x: Float) {
    alignment = Double(x)
    gtk_widget_queue_draw(widget)
  }

  /// The text cut into the runs shaped apart: each digit alone, other characters in runs.
  private static func runs(_ text: String) -> [Substring] {
    var runs: [Substring] = []
    var start = text.startIndex
    for index in text.indices where text[index].isASCII && text[index].isNumber {
      if start < index { runs.append(text[start..<index]) }
      runs.append(text[index...index])
      start = text.index(after: index)
    }
    if start < text.endIndex { runs.append(text[start...]) }
    return runs
  }

  /// The widget's font now: CSS's, at `pixelSize` if set.
  private func currentFont() -> String {
    let description = pango_font_description_copy(
      pango_context_get_font_description(gtk_widget_get_pango_context(widget)))
    defer { pango_font_description_free(description) }
    if pixelSize > 0 { pango_font_description_set_absolute_size(description, Double(Int32(pixelSize) * PANGO_SCALE)) }
    let name = pango_font_description_to_string(description)
    defer { g_free(name) }
    return name.map { String(cString: $0) } ?? ""
  }

  /// Forgets the pieces when the font changed since they were shaped.
  private func checkFont() {
    let font = currentFont()
    guard font != piecesFont else { return }
    dropNodes()
    pieces = [:]
    piecesFont = font
    lineHeight = size("0").height
  }

  private func dropNodes() {
    for piece in pieces.values { piece.node.map { gsk_render_node_unref($0) } }
  }

  /// `run` laid out in the font, with tabular digits.
  private func layout(_ run: Substring) -> OpaquePointer {
    let layout = gtk_widget_create_pango_layout(widget, String(run))!
    let description = pango_font_description_from_string(piecesFont)
    pango_layout_set_font_description(layout, description)
    pango_font_description_free(description)
    let attributes = pango_attr_list_new()
    pango_attr_list_insert(attributes, pango_attr_font_features_new("tnum 1"))
    pango_layout_set_attributes(layout, attributes)
    pango_attr_list_unref(attributes)
    return layout
  }

  /// The logical size of `run` in the font, in pixels.
  private func size(_ run: Substring) -> (width: Double, height: Double) {
    let layout = layout(run)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, nil, &logical)
    return (Double(logical.width) / Double(PANGO_SCALE), Double(logical.height) / Double(PANGO_SCALE))
  }

  private func piece(_ run: Substring) -> Piece {
    if let piece = pieces[run] { return piece }
    let piece = Piece(width: size(run).width, node: nil)
    pieces[run] = piece
    return piece
  }

  private func width(of text: String) -> Double {
    Self.runs(text).reduce(0) { $0 + piece($1).width }
  }

  fileprivate func measure(horizontal: Bool) -> Int32 {
    measureCount += 1
    checkFont()
    return Int32((horizontal ? width(of: text) : lineHeight).rounded(.up))
  }

  fileprivate func draw(_ snapshot: OpaquePointer) {
    var colour = GdkRGBA()
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &colour)
    if gdk_rgba_equal(&colour, &piecesColour) == 0 {
      dropNodes()
      for key in pieces.keys { pieces[key]?.node = nil }
      piecesColour = colour
    }
    let runs = Self.runs(text)
    let textWidth = runs.reduce(0) { $0 + piece($1).width }
    var x = ((Double(gtk_widget_get_width(widget)) - textWidth) * alignment).rounded()
    let y = ((Double(gtk_widget_get_height(widget)) - lineHeight) / 2).rounded()
    for run in runs {
      var piece = piece(run)
      if piece.node == nil {
        let layout = layout(run)
        let drawing = gtk_snapshot_new()
        gtk_snapshot_append_layout(drawing, layout, &colour)
        g_object_unref(UnsafeMutableRawPointer(layout))
        piece.node = gtk_snapshot_free_to_node(drawing)
        pieces[run] = piece
      }
      if let node = piece.node {
        gtk_snapshot_save(snapshot)
        var point = graphene_point_t(x: Float(x), y: Float(y))
        gtk_snapshot_translate(snapshot, &point)
        gtk_snapshot_append_node(snapshot, node)
        gtk_snapshot_restore(snapshot)
      }
      x += piece.width
    }
  }
}

private typealias SnapshotFunction = @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?) -> Void
private typealias MeasureFunction =
  @convention(c) (
    UnsafeMutablePointer<GtkWidget>?, GtkOrientation, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
    UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
  ) -> Void

private let snapshotLabel: SnapshotFunction = { widget, snapshot in
  guard let widget, let snapshot else { return }
  let address = UInt(bitPattern: widget)
  let snapshotAddress = UInt(bitPattern: Int(bitPattern: snapshot))
  MainActor.assumeIsolated {
    swiftSide(of: UnsafeMutableRawPointer(bitPattern: address)!, as: FigureLabel.self)?
      .draw(OpaquePointer(bitPattern: snapshotAddress)!)
  }
}

private let measureLabel: MeasureFunction = {
  widget, orientation, _, minimum, natural, minimumBaseline, naturalBaseline in
  guard let widget else { return }
  let address = UInt(bitPattern: widget)
  let horizontal = orientation == GTK_ORIENTATION_HORIZONTAL
  let size = MainActor.assumeIsolated {
    swiftSide(of: UnsafeMutableRawPointer(bitPattern: address)!, as: FigureLabel.self)?.measure(horizontal: horizontal)
      ?? 0
  }
  minimum?.pointee = size
  natural?.pointee = size
  minimumBaseline?.pointee = -1
  naturalBaseline?.pointee = -1
}

/// The subclass's type, registered once.
@MainActor private let figureLabelType = registerWidgetSubclass("ScrumdingerShimFigureLabel") { widgetClass in
  widgetClass.pointee.snapshot = snapshotLabel
  widgetClass.pointee.measure = measureLabel
  gtk_widget_class_set_css_name(widgetClass, "label")
}
