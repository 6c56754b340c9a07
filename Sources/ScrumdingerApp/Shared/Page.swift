// The window shows one page at a time, and keeps the pages a route can go back to; what the
// window asks of a page is the same for each (its widget, its main menu, its name and title),
// so the window holds the route's pages as a trail and asks the top one, with no switch over
// the route beyond the one that finds its pages.
import GtkShim
import ScrumdingerCore

/// A page of the main window.
@MainActor protocol Page: AnyObject {
  /// The page's widget.
  var root: Box { get }
  /// Its main menu (F10 opens it).
  var menuButton: MenuButton { get }
  /// Its name in the window's stack.
  var name: String { get }
  /// Its title there.
  var title: String { get }
}

extension ScrumListPage: Page {
  var name: String { "list" }
  var title: String { tr("Daily Scrums") }
}

extension DetailPage: Page {
  var name: String { "detail" }
  var title: String { Texts.shown(scrum.title) }
}

extension HistoryPage: Page {
  var name: String { "history" }
  var title: String { tr("Meeting History") }
}

extension MeetingPage: Page {
  var name: String { "meeting" }
  var title: String { tr("Meeting") }
}
