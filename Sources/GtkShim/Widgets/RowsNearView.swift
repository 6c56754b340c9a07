// A long list inside a page that scrolls as a whole (the editor's attendees) keeps a widget
// for every row, but GTK 4.8 snapshots every mapped row at each frame and its Cairo
// renderer draws every node of the window, only clipped to what changed: with 400 rows one
// added row cost several times what it costs with 4. So only the children of a container
// that lie near its scrolling view, and the child holding the focus, are mapped; the others
// stay in place, laid out, focusable and read by screen readers, but draw nothing. After
// each layout (so with this frame's places) the children that came near the view are mapped
// and those that left are unmapped, found by a binary search of the children's places: a
// frame costs what the children near the view cost.
import CAdwaita
import Platform

/// Maps only the children of one container that are near its scrolling view (see above).
@MainActor final class RowsNearView: SignalOwner {
  let signals = SignalConnections()
  typealias Child = UnsafeMutablePointer<GtkWidget>
  private let container: Child
  /// The children, in the order they are laid out from the top.
  private let children: () -> [Widget]
  /// The children mapped by the last update.
  private var shown: Set<Child> = []
  /// Children added since the last update, mapped until it decides.
  private var added: [Child] = []
  /// The frame clock's `layout` handler while the container is mapped (0 otherwise).
  private var layoutHandler: gulong = 0

  /// Culls the children of `container` (listed top to bottom by `children`) while it is on
  /// screen.
  init(_ container: Child, children: @escaping () -> [Widget]) {
    self.container = container
    self.children = children
    let raw = UnsafeMutableRawPointer(container)
    connect(raw, "map", for: self, perform: { [weak self] in self?.watchLayout() })
    connect(raw, "unmap", for: self, perform: { [weak self] in self?.stopWatching() })
  }

  /// `child` joined the container: the next layout decides whether it is drawn.
  func added(_ child: Child) {
    added.append(child)
  }

  /// `child` left the container.
  func removed(_ child: Child) {
    shown.remove(child)
    added.removeAll { $0 == child }
    gtk_widget_set_child_visible(child, 1)
  }

  private func watchLayout() {
    guard layoutHandler == 0, let frameClock = gtk_widget_get_frame_clock(container) else { return }
    // After GTK's own layout handler, so the children's places are this frame's.
    layoutHandler = connect(
      UnsafeMutableRawPointer(frameClock), "layout", for: self, after: true, perform: { [weak self] in self?.update() })
    gdk_frame_clock_request_phase(frameClock, GDK_FRAME_CLOCK_PHASE_LAYOUT)
    // Mapped by a culling container's own update, inside this frame's layout: decide now.
    update()
  }

  private func stopWatching() {
    guard layoutHandler != 0 else { return }
    signals.disconnect(layoutHandler)
    layoutHandler = 0
  }

  /// Where `widget`'s top edge is in `other`'s coordinates.
  private func top(of widget: Child, in other: Child) -> Double? {
    var origin = graphene_point_t(x: 0, y: 0)
    var point = graphene_point_t()
    return gtk_widget_compute_point(widget, other, &origin, &point) != 0 ? Double(point.y) : nil
  }

  /// Maps the children within a quarter screen of the view, and the focused one; unmaps the
  /// rest of those mapped before.
  private func update() {
    guard let viewport = gtk_widget_get_ancestor(container, gtk_viewport_get_type()),
      let offset = top(of: container, in: viewport)
    else { return }
    let screen = Double(gtk_widget_get_height(viewport))
    // The view, in the container's coordinates, with a margin above and below.
    let viewTop = -offset - screen / 4
    let viewBottom = -offset + screen * 5 / 4
    let items = children()
    var wanted: Set<Child> = []
    // The first child whose bottom edge is below the view's top, then on while in view.
    var low = 0
    var high = items.count
    while low < high {
      let middle = (low + high) / 2
      let child = items[middle].widget
      let bottom = (top(of: child, in: container) ?? 0) + Double(gtk_widget_get_height(child))
      if bottom <= viewTop { low = middle + 1 } else { high = middle }
    }
    var index = low
    while index < items.count, let childTop = top(of: items[index].widget, in: container), childTop < viewBottom {
      wanted.insert(items[index].widget)
      index += 1
    }
    if let focused = gtk_widget_get_focus_child(container) { wanted.insert(focused) }
    for child in shown.subtracting(wanted) { gtk_widget_set_child_visible(child, 0) }
    for child in added where !wanted.contains(child) { gtk_widget_set_child_visible(child, 0) }
    for child in wanted.subtracting(shown) { gtk_widget_set_child_visible(child, 1) }
    added = []
    shown = wanted
  }
}
