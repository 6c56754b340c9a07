// Preferences, the keyboard shortcuts and About open over the main window, each made when
// first asked for and brought forward when asked again; Preferences is let go once closed
// (it holds the downloads' rows), the shortcuts window is kept (it is made from the table).
import GtkShim
import ScrumdingerCore

/// The windows that open over the main one: Preferences, the shortcuts, About.
@MainActor final class ToolWindows {
  /// The Preferences window, while open.
  private(set) var preferences: Preferences?
  private var shortcuts: ShortcutsWindow?
  private let parent: ApplicationWindow
  private let services: AppServices
  private let engine: any SpeechEngine
  /// Says a message from Preferences over the main window.
  private let toast: @MainActor (String) -> Void
  /// Runs when Preferences adds a speech model.
  private let modelAdded: @MainActor () -> Void

  /// Windows over `parent`; Preferences shows `services`' settings and `engine`'s model.
  init(
    parent: ApplicationWindow, services: AppServices, engine: any SpeechEngine,
    toast: @escaping @MainActor (String) -> Void, modelAdded: @escaping @MainActor () -> Void
  ) {
    self.parent = parent
    self.services = services
    self.engine = engine
    self.toast = toast
    self.modelAdded = modelAdded
  }

  /// Opens Preferences (or brings them forward).
  func showPreferences() {
    if let preferences { return preferences.present() }
    let window = Preferences(
      parent: parent, sounds: services.sounds, background: services.background, downloads: services.modelDownloads,
      overviewWords: services.overviewWords, engine: engine)
    window.onMessage = toast
    window.onModelAdded = modelAdded
    window.window.onUnrealize { [weak self] in self?.preferences = nil }
    preferences = window
    window.present()
  }

  /// The keyboard-shortcuts window, built on first use.
  func showShortcuts() {
    if shortcuts == nil { shortcuts = ShortcutsWindow(xml: ShortcutsHelp.xml, parent: parent) }
    shortcuts?.present()
  }

  /// The About window.
  func showAbout() {
    AboutWindow.present(
      over: parent, name: tr("Scrumdinger"), iconName: appID, version: appVersion,
      developer: "The Scrumdinger for Linux developers",
      comments: tr("Keep daily stand-up meetings on time"), copyright: "© 2026 The Scrumdinger for Linux developers")
  }
}
