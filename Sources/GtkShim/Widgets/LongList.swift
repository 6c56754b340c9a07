// Hundreds of rows (the editor's attendees) in a page that scrolls as a whole. GTK 4.8
// restyles every row of a list box when one joins or leaves it (a row's place among its
// siblings feeds its style, and GTK invalidates all the siblings after the first), and it
// lays out and draws every row. So the rows are kept in pages, each a list box of its own,
// which the list's own style sheet joins into one boxed list: an edit restyles one page.
// Pages and rows near the view are the only ones mapped (`RowsNearView`), so an edit and a
// frame cost what a screen of rows costs, however long the list.
import CAdwaita
import Platform

/// A boxed list of many rows (list rows: `ActionRow`, `EntryRow`) in pages of at most
/// `pageLimit`, of which only those near the scrolling view are drawn.
@MainActor public final class LongList: Widget {
  private var pages: [ListBox] = []
  private let pageLimit: Int
  /// What screen readers call the list: each page is a list to them, called so too.
  private let name: String
  private var nearView: RowsNearView?

  /// An empty list whose pages hold at most `pageLimit` rows.
  public init(named name: String, pageLimit: Int = 32) {
    self.name = name
    self.pageLimit = pageLimit
    super.init(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    Self.loadStyle()
    addCSSClass("long-list")
    nearView = RowsNearView(widget) { [weak self] in self?.pages ?? [] }
  }

  private var box: UnsafeMutablePointer<GtkBox> { cast(raw) }

  /// Whether the style sheet below is loaded (once a process, with the first list).
  private static var styleLoaded = false

  /// Pages drawn as one boxed list, as libadwaita draws one: the card and its shadow on the
  /// whole, none on the pages, no rounded corner where two pages meet.
  private static func loadStyle() {
    guard !styleLoaded else { return }
    styleLoaded = true
    Style.load(
      """
      .long-list {
        background-color: @card_bg_color;
        color: @card_fg_color;
        border-radius: 12px;
        box-shadow: 0 0 0 1px rgba(0, 0, 0, 0.03), 0 1px 3px 1px rgba(0, 0, 0, 0.07), 0 2px 6px 2px rgba(0, 0, 0, 0.03);
      }
      .long-list > list.boxed-list {
        background: none;
        box-shadow: none;
        border-radius: 0;
      }
      .long-list > list.boxed-list:not(:first-child) > row:first-child {
        border-top-left-radius: 0;
        border-top-right-radius: 0;
      }
      .long-list > list.boxed-list:not(:last-child) > row:last-child {
        border-bottom-left-radius: 0;
        border-bottom-right-radius: 0;
        border-bottom-width: 1px;
      }
      """)
  }

  /// The rows, in order.
  public var children: [Widget] { pages.flatMap(\.children) }

  /// How many rows there are.
  public var count: Int { pages.reduce(0) { $0 + $1.children.count } }

  /// Adds a row at the end.
  public func append(_ row: Widget) {
    if pages.isEmpty { addPage(after: nil) }
    place(row, in: pages.count - 1, at: pages[pages.count - 1].children.count)
  }

  /// Puts `row` at `index` (0 = first).
  public func insert(_ row: Widget, at index: Int) {
    var offset = index
    for number in pages.indices {
      let size = pages[number].children.count
      if offset < size || number == pages.count - 1 { return place(row, in: number, at: min(offset, size)) }
      offset -= size
    }
    append(row)
  }

  /// Takes `row` out of the list.
  public func remove(_ row: Widget) {
    guard let number = pages.firstIndex(where: { $0.children.contains { $0 === row } }) else { return }
    let page = pages[number]
    page.remove(row)
    if page.children.isEmpty, pages.count > 1 {
      pages.remove(at: number)
      nearView?.removed(page.widget)
      gtk_box_remove(box, page.widget)
    }
  }

  private func place(_ row: Widget, in number: Int, at offset: Int) {
    pages[number].insert(row, at: offset)
    guard pages[number].children.count > pageLimit else { return }
    // A full page gives its second half to a new page after it.
    let page = pages[number]
    let moving = Array(page.children.suffix(pageLimit / 2))
    for moved in moving { page.remove(moved) }
    let next = addPage(after: number)
    for moved in moving { next.append(moved) }
  }

  @discardableResult
  private func addPage(after number: Int?) -> ListBox {
    let page = ListBox(named: name)
    page.drawOnlyRowsNearView()
    if let number {
      gtk_box_insert_child_after(box, page.widget, pages[number].widget)
      pages.insert(page, at: number + 1)
    } else {
      gtk_box_append(box, page.widget)
      pages.append(page)
    }
    nearView?.added(page.widget)
    return page
  }
}
