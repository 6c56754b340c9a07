import GtkShim
import ScrumdingerCore

/// The main menu, on every page's header bar (F10 opens the one on show).
@MainActor enum MainMenu {
  /// A new menu button listing Keyboard Shortcuts, About and Quit.
  static func button() -> MenuButton {
    MenuButton(
      iconName: "open-menu-symbolic", accessibleName: tr("Main Menu"),
      items: [
        (tr("Keyboard Shortcuts"), Command.showShortcuts.rawValue), (tr("About Scrumdinger"), Command.about.rawValue),
        nil, (tr("Quit"), Command.quit.rawValue),
      ])
  }
}
