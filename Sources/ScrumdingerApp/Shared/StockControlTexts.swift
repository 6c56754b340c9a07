// GTK and libadwaita name some of their own controls badly; the shim names them plainly, and
// the app gives those names in the user's language, like every text of its own.
import GtkShim
import ScrumdingerCore

extension StockControlNames {
  /// The stock controls' names, translated (once the locale is chosen).
  static func translate() {
    close = tr("Close")
    search = tr("Search")
    menu = tr("Menu")
    verticalScrollBar = tr("Vertical scroll bar")
    horizontalScrollBar = tr("Horizontal scroll bar")
  }
}
