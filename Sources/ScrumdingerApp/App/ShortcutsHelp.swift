import FoundationEssentials
import ScrumdingerCore

/// The keyboard-shortcuts window (Ctrl+?), as GtkBuilder XML built from the command table and
/// the rows' keys (RowKey): every key, under its group, so help and keys cannot disagree. (Built
/// without multi-line literals so xgettext's C parser finds every `tr`.)
enum ShortcutsHelp {
  /// `text` safe inside XML character data.
  private static func escaped(_ text: String) -> String {
    text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
  }

  private static func property(_ name: String, _ value: String) -> String {
    "<property name=\"\(name)\">\(escaped(value))</property>"
  }

  private static func shortcut(_ title: String, _ accelerators: [String]) -> String {
    "<child><object class=\"GtkShortcutsShortcut\">" + property("title", title)
      + property("accelerator", accelerators.joined(separator: " ")) + "</object></child>"
  }

  private static func group(_ group: Command.HelpGroup) -> String {
    let commands = Command.allCases.compactMap { command in
      command.help.flatMap { $0.group == group ? shortcut($0.title, command.accelerators) : nil }
    }
    let rowKeys = RowKey.allCases.filter { $0.help.group == group }.map { shortcut($0.help.title, $0.accelerators) }
    let shortcuts = commands + rowKeys
    return "<child><object class=\"GtkShortcutsGroup\">" + property("title", group.title)
      + shortcuts.joined() + "</object></child>"
  }

  static var xml: String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?><interface>"
      + "<object class=\"GtkShortcutsWindow\" id=\"help_overlay\">" + property("modal", "True")
      + property("title", tr("Keyboard Shortcuts"))
      + "<child><object class=\"GtkShortcutsSection\">" + property("section-name", "shortcuts")
      + Command.HelpGroup.allCases.map(group).joined() + "</object></child></object></interface>"
  }
}
