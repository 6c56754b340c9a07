import GtkShim
import ScrumdingerCore

/// The main menu, on every page's header bar (F10 opens the one on show).
@MainActor enum MainMenu {
  /// What a merge at start leaves to choose ("Use the File as It Is"), first in every page's
  /// menu while it is on offer.
  static let offers = MenuSection()

  /// Lists in `offers` what `offer` holds on offer now.
  static func follow(_ offer: FileAsItWasOffer) -> ObservationToken {
    let list = { (status: FileAsItWasOffer.Status) in
      offers.set(status == .offered ? [(tr("Use the File as It Is"), Command.window(.useFileAsItIs).detailedName)] : [])
    }
    list(offer.status.value)
    return offer.status.observe(list)
  }

  /// A new menu button listing what is on offer, the items of `changing` and the page's own
  /// `items` (label, command) first, then Preferences, Keyboard Shortcuts, About and Quit.
  static func button(changing: MenuSection? = nil, pageItems: [(String, Command)] = []) -> MenuButton {
    let page: [(String, String)?] = pageItems.map { ($0.0, $0.1.detailedName) } + (pageItems.isEmpty ? [] : [nil])
    return MenuButton(
      iconName: "open-menu-symbolic", accessibleName: tr("Main Menu"),
      changing: [offers] + [changing].compactMap { $0 },
      items: page + [
        (tr("Preferences"), Command.window(.preferences).detailedName),
        (tr("Keyboard Shortcuts"), Command.window(.showShortcuts).detailedName),
        (tr("About Scrumdinger"), Command.window(.about).detailedName), nil,
        (tr("Quit"), Command.app(.quit).detailedName),
      ])
  }
}
