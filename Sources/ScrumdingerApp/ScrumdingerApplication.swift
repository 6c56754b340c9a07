// The app object: it owns the store, the state container and the one main window, and
// re-presents that window when the app is launched again (GApplication uniqueness).
// Loading happens before anything can be saved; an unreadable file stops saving until the
// user picks Start Fresh (file moved aside, kept) or Quit.
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
  private var autoSave: AutoSave?
  private let clock: any MonotonicClock

  /// Creates the app over `store`; `unique: false` lets tests run several at once; `clock`
  /// times meetings (tests pass a ManualClock).
  public init(
    store: ScrumStore = ScrumStore(directory: ScrumStore.defaultDirectory), unique: Bool = true,
    clock: any MonotonicClock = GLibMonotonicClock()
  ) {
    self.store = store
    self.clock = clock
    Self.setUpLocale()
    application = Application(id: appID, unique: unique)
    application.onActivate { [unowned self] in self.activate() }
    application.onShutdown { [unowned self] in self.autoSave?.flush() }
    application.addSwitch("version", description: tr("Show the version and quit"))
    application.addSwitch("new-scrum", description: tr("Open the editor for a new scrum"))
    application.onCommandLine { [unowned self] switches in
      if switches.contains("version") {
        print("scrumdinger \(appVersion)")
        return 0
      }
      if switches.contains("new-scrum") { self.application.activateAction("new-scrum") }
      return nil
    }
    for action in appActions { application.addAction(action) }
    application.setAccelerators(["<Control>q"], for: "app.quit")
  }

  /// Application-wide actions: the menu's and the desktop file's.
  private lazy var appActions = [
    Action("new-scrum") { [unowned self] in
      self.activate()
      self.mainWindow?.newScrum()
    },
    Action("about") { [unowned self] in
      guard let window = self.mainWindow?.window else { return }
      AboutWindow.present(
        over: window, name: tr("Scrumdinger"), iconName: appID, version: appVersion,
        developer: "The Scrumdinger for Linux developers",
        comments: tr("Keep daily stand-up meetings on time"), copyright: "© 2026 The Scrumdinger for Linux developers")
    },
    // Through the window, so a running meeting is asked about first.
    Action("quit") { [unowned self] in self.mainWindow?.window.close() },
  ]

  /// Chooses the locale and translations for the process, and keeps GTK from changing them.
  /// Call first thing (before GLib caches the locale's character set).
  public static func setUpLocale() {
    setUpLocalization(localeDirectory: ResourceLocator.localeDirectory)
    keepProcessLocale()
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
    let window = MainWindow(application: application, state: state, clock: clock, scheduler: GLibTickScheduler())
    mainWindow = window
    window.present()
    do {
      state.scrums.value = try store.load()
      startSaving()
    } catch {
      askAboutUnreadableFile(error, in: window)
    }
  }

  private func startSaving() {
    autoSave = AutoSave(store: store, state: state) { [weak self] error in
      self?.mainWindow?.toast(error.description)
    }
  }

  private func askAboutUnreadableFile(_ error: StoreError, in window: MainWindow) {
    let dialog = MessageDialog(
      parent: window.window, heading: tr("Your Scrums Could Not Be Read"),
      body: error.description
        + "\n\n" + tr("Start Fresh moves the file aside, keeping it, and starts an empty list. Quit leaves everything as it is."))
    dialog.addResponse("quit", label: tr("Quit"))
    dialog.addResponse("start-fresh", label: tr("Start Fresh"), appearance: .destructive)
    dialog.setDefaults(enter: nil, escape: "quit")
    dialog.present { [unowned self] response in
      guard response == "start-fresh" else { return self.application.quit() }
      do {
        let aside = try self.store.moveUnreadableAside()
        self.startSaving()
        window.toast(tr("The old file was kept as “%@”", aside))
      } catch {
        // Still blocked: nothing will be saved, and the toast says why.
        window.toast(String(describing: error))
      }
    }
  }
}
