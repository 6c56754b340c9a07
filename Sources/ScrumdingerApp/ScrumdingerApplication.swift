// The app object: it owns the store, the state container and the one main window, and
// re-presents that window when the app is launched again (GApplication uniqueness).
import GtkShim
import ScrumdingerCore

/// Scrumdinger's application: state, store and window, wired together.
@MainActor public final class ScrumdingerApplication {
  /// The GTK application.
  public let application: Application
  /// Where the scrums are kept.
  public let store: ScrumStore
  /// The app-wide state.
  public let state = AppState()
  /// The main window, once activated.
  public private(set) var mainWindow: MainWindow?

  /// Creates the app over `store`; `unique: false` lets tests run several at once.
  public init(store: ScrumStore = ScrumStore(directory: ScrumStore.defaultDirectory), unique: Bool = true) {
    self.store = store
    application = Application(id: appID, unique: unique)
    application.onActivate { [unowned self] in self.activate() }
  }

  /// Runs until the window closes; returns the process exit status.
  public func run(arguments: [String] = CommandLine.arguments) -> Int32 {
    application.run(arguments: arguments)
  }

  private func activate() {
    if let mainWindow {
      mainWindow.present()
      return
    }
    let window = MainWindow(application: application, state: state)
    mainWindow = window
    do {
      state.scrums.value = try store.load()
      window.showScrums()
    } catch {
      window.showLoadError(error)
    }
    window.present()
  }
}
