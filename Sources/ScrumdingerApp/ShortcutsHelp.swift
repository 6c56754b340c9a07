import Foundation
import ScrumdingerCore

/// The keyboard-shortcuts window (Ctrl+?), as GtkBuilder XML: every accelerator of
/// MainWindow.accelerators plus the editor sheet's own, titles translated. (Built without
/// multi-line literals so xgettext's C parser finds every `tr`.)
enum ShortcutsHelp {
  /// `text` safe inside XML character data.
  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }

  private static func property(_ name: String, _ value: String) -> String {
    "<property name=\"\(name)\">\(escaped(value))</property>"
  }

  private static func shortcut(_ title: String, _ accelerator: String) -> String {
    "<child><object class=\"GtkShortcutsShortcut\">" + property("title", title)
      + property("accelerator", accelerator) + "</object></child>"
  }

  private static func group(_ title: String, _ shortcuts: [String]) -> String {
    "<child><object class=\"GtkShortcutsGroup\">" + property("title", title) + shortcuts.joined()
      + "</object></child>"
  }

  static var xml: String {
    let groups = [
      group(tr("Scrums"), [
        shortcut(tr("New scrum"), "<Control>n"),
        shortcut(tr("Edit scrum"), "<Control>e"),
        shortcut(tr("Start meeting"), "<Control>Return"),
        shortcut(tr("Go back"), "<Alt>Left"),
      ]),
      group(tr("Editor"), [
        shortcut(tr("Add or Done"), "<Control>Return"),
        shortcut(tr("Dismiss or Cancel"), "Escape"),
      ]),
      group(tr("Meeting"), [
        shortcut(tr("Pause or resume"), "space"),
        shortcut(tr("Next speaker"), "Right n Page_Down"),
        shortcut(tr("End meeting"), "Escape"),
        shortcut(tr("Mute or unmute the ding"), "m"),
        shortcut(tr("Full screen"), "F11"),
      ]),
      group(tr("General"), [
        shortcut(tr("Keyboard shortcuts"), "<Control>question"),
        shortcut(tr("Main menu"), "F10"),
        shortcut(tr("Quit"), "<Control>q"),
      ]),
    ]
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><interface>"
      + "<object class=\"GtkShortcutsWindow\" id=\"help_overlay\">" + property("modal", "True")
      + property("title", tr("Keyboard Shortcuts"))
      + "<child><object class=\"GtkShortcutsSection\">" + property("section-name", "shortcuts")
      + groups.joined() + "</object></child></object></interface>"
  }
}
