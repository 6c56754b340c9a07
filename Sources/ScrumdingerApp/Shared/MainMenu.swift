import GtkShim
import ScrumdingerCore

/// The main menu, on every page's header bar (F10 opens the one on show).
@MainActor enum MainMenu {
  /// A new menu button listing the items of `changing` and the page's own `items` (label,
  /// command) first, then Preferences, Keyboard Shortcuts, About and Quit.
  static func button(changing: MenuSection? = nil, pageItems: [(String, Command)] = []) -> MenuButton {
    let page: [(String, String)?] = pageItems.map { ($0.0, $0.1.detailedName) } + (pageItems.isEmpty ? [] : [nil])
    return MenuButton(
      iconName: "open-menu-symbolic", accessibleName: tr("Main Menu"), changing: changing,
      items: page + [
        (tr("Preferences"), Command.window(.preferences).detailedName),
        (tr("Keyboard Shortcuts"), Command.window(.showShortcuts).detailedName),
        (tr("About Scrumdinger"), Command.window(.about).detailedName), nil,
        (tr("Quit"), Command.app(.quit).detailedName),
      ])
  }
}
