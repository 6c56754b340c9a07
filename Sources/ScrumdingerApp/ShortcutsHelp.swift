/// The keyboard-shortcuts window (Ctrl+?), as GtkBuilder XML: every accelerator of
/// MainWindow.accelerators plus the editor sheet's own.
enum ShortcutsHelp {
  private static func shortcut(_ title: String, _ accelerator: String) -> String {
    """
    <child><object class="GtkShortcutsShortcut">
      <property name="title">\(title)</property>
      <property name="accelerator">\(accelerator)</property>
    </object></child>
    """
  }

  private static func group(_ title: String, _ shortcuts: [String]) -> String {
    """
    <child><object class="GtkShortcutsGroup">
      <property name="title">\(title)</property>
      \(shortcuts.joined(separator: "\n"))
    </object></child>
    """
  }

  static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <interface>
      <object class="GtkShortcutsWindow" id="help_overlay">
        <property name="modal">True</property>
        <property name="title">Keyboard Shortcuts</property>
        <child><object class="GtkShortcutsSection">
          <property name="section-name">shortcuts</property>
          \(group("Scrums", [
            shortcut("New scrum", "&lt;Control&gt;n"),
            shortcut("Edit scrum", "&lt;Control&gt;e"),
            shortcut("Start meeting", "&lt;Control&gt;Return"),
            shortcut("Go back", "&lt;Alt&gt;Left"),
          ]))
          \(group("Editor", [
            shortcut("Add or Done", "&lt;Control&gt;Return"),
            shortcut("Dismiss or Cancel", "Escape"),
          ]))
          \(group("Meeting", [
            shortcut("Pause or resume", "space"),
            shortcut("Next speaker", "Right n Page_Down"),
            shortcut("End meeting", "Escape"),
            shortcut("Mute or unmute the ding", "m"),
            shortcut("Full screen", "F11"),
          ]))
          \(group("General", [
            shortcut("Keyboard shortcuts", "&lt;Control&gt;question"),
          ]))
        </object></child>
      </object>
    </interface>
    """
}
