import Foundation
import GtkShim
import ScrumdingerCore

/// The first page: "Daily Scrums", a card per scrum, or "No Scrums" with a button to add one.
@MainActor final class ScrumListPage {
  /// The page's root widget.
  let root = Box(vertical: true)
  let header = HeaderBar(title: tr("Daily Scrums"))
  let newButton = Button(iconName: "list-add-symbolic", accessibleName: tr("New Scrum"))
  let list = ListBox(boxed: false)
  let emptyButton = Button(label: tr("New Scrum"))
  let menuButton = MenuButton(
    iconName: "open-menu-symbolic", accessibleName: tr("Main Menu"),
    items: [
      (tr("Keyboard Shortcuts"), "win.show-help-overlay"), (tr("About Scrumdinger"), "app.about"), nil,
      (tr("Quit"), "app.quit"),
    ])
  private(set) var cards: [ScrumCard] = []
  private let emptyPage = StatusPage(
    title: tr("No Scrums"), description: tr("Add a scrum to keep its stand-up on time."),
    iconName: nil)
  private let scroller: ScrolledWindow
  private let state: AppState
  private var observation: ObservationToken?
  private let onOpen: @MainActor (UUID) -> Void

  /// `onNew` opens the editor; `onOpen` shows a scrum's detail page.
  init(state: AppState, onNew: @escaping @MainActor () -> Void, onOpen: @escaping @MainActor (UUID) -> Void) {
    self.state = state
    self.onOpen = onOpen
    list.addCSSClass("scrum-list")
    list.setAccessibleLabel(tr("Daily Scrums"))
    scroller = ScrolledWindow(Clamp(list))
    header.packStart(newButton)
    header.packEnd(menuButton)
    newButton.onClicked(onNew)
    emptyButton.addCSSClass("pill")
    emptyButton.addCSSClass("suggested-action")
    emptyButton.align(horizontal: .center)
    emptyButton.onClicked(onNew)
    emptyPage.child = emptyButton
    emptyPage.expand(vertically: true)
    list.setMargins(12)
    root.append(header)
    root.append(emptyPage)
    root.append(scroller)
    observation = state.scrums.observe { [weak self] _ in self?.reload() }
    reload()
  }

  /// Rebuilds the cards from the state.
  func reload() {
    list.removeAll()
    cards = state.scrums.value.map(ScrumCard.init)
    for card in cards {
      let id = card.scrumID
      card.button.onClicked { [onOpen] in onOpen(id) }
      list.append(card.row)
    }
    emptyPage.isVisible = cards.isEmpty
    scroller.isVisible = !cards.isEmpty
  }
}
