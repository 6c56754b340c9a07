// The main window opens at the size, and maximized or not, as it was last closed (GSettings
// keys window-width, window-height, window-maximized), as GNOME apps do. Read once at start,
// written once when the window closes: never on every resize.
import GtkShim
import Platform
import ScrumdingerCore

/// Remembers the main window's size and state.
@MainActor enum WindowMemory {
  /// The app's settings kept in `storage`: the schema compiled in the build tree or installed
  /// under the prefix, else the system's; nil when none is found (the window then opens at
  /// its default size).
  static func settings(_ storage: Settings.Storage) -> Settings? {
    Settings(schemaID: appID, searching: ResourceLocator.schemaDirectories, storage: storage)
  }

  /// Opens `window` at the size and state kept in `settings`, and keeps them there when it
  /// closes (after the window's own handler: only a close that goes ahead is remembered).
  static func keep(_ window: ApplicationWindow, in settings: Settings) {
    restore(window, from: settings)
    window.onCloseRequest { [weak window] in
      if let window { save(window, to: settings) }
      return false
    }
  }

  /// Gives `window` the size and state kept in `settings`.
  private static func restore(_ window: ApplicationWindow, from settings: Settings) {
    window.setDefaultSize(
      width: max(360, settings.int("window-width")), height: max(360, settings.int("window-height")))
    if settings.bool("window-maximized") { window.isMaximized = true }
  }

  /// Keeps `window`'s size and state in `settings`.
  private static func save(_ window: ApplicationWindow, to settings: Settings) {
    let size = window.defaultSize
    settings.set("window-width", size.width)
    settings.set("window-height", size.height)
    settings.set("window-maximized", window.isMaximized)
    settings.sync()
  }
}
