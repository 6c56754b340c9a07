// The app object is the composition root: it owns the store, the state, the dependencies
// (live ones unless a test hands others) and the one main window, declares the app-level
// commands and every accelerator from the command table, and re-presents the window when
// the app is launched again (GApplication uniqueness). The window shows at once; the scrums
// are read off the main loop, and nothing is saved before they are in (Saving then takes over,
// and asks about a file it cannot read or write); a second instance that cannot take the data
// folder's lock only reads. What lasts longer than a window is in AppServices; a meeting a
// crash interrupted is InterruptedMeeting's question. SIGTERM, SIGINT and SIGHUP save first.
import FoundationEssentials
import Glibc
import GtkShim
import Platform
import ScrumdingerCore

/// Scrumdinger's application: state, store and window, wired together.
@MainActor public final class ScrumdingerApplication {
  /// The GTK application.
  public let application: Application
  /// Where the scrums are kept.
  public let store: ScrumStore
  /// The app-wide state.
  public let state = AppState()
  /// The effects the rules use.
  public let dependencies: Dependencies
  /// The main window, once activated.
  public private(set) var mainWindow: MainWindow?
  /// Whether reading the scrums has finished (well or not).
  public var hasFinishedLoading: Bool { loading.hasFinished }
  /// Where the window's size and the sound chosen are kept (nil without an installed schema).
  private let settings: Settings?
  /// What lives as long as the app: time, reminders, sounds, the transcriber.
  let services: AppServices
  /// The live effects that act for the window (none when a test gives the dependencies).
  private let windowEffects: [any WindowEffect]
  /// Saving the scrums, and the questions when it cannot be done.
  private let saving: Saving
  /// The journal of the meeting under way, beside the scrums.
  private let journalFile: JournalFile
  /// A meeting a crash interrupted, asked about once the scrums are read and a window shows.
  private let interrupted: InterruptedMeeting
  /// The application's actions: one per "app." command of the table.
  private(set) var actions: [AppCommand: Action] = [:]
  /// Answers GNOME Shell's searches.
  private var shellSearch: ShellSearch?
  /// Reading the scrums, and the work waiting for them (searches from the overview).
  private lazy var loading = Loading(store: store, journalPath: journalFile.path, application: application) {
    [weak self] read in self?.finishLoading(read)
  }
  /// Whether the first activation is to start without a window (--background).
  private var startsInBackground = false
  /// Whether the app's work (signals, lock, reading the scrums) has started.
  private var started = false
  private var background: Background { services.background }

  /// Creates the app over `store`; `unique: false` lets tests run several at once;
  /// `dependencies` builds the effects for the application and the data folder (the live
  /// ones by default, which `tuneLive` may adjust: the bench speeds their clock up);
  /// `settings` says where the window's size is remembered.
  public init(
    store: ScrumStore = ScrumStore(directory: ScrumStore.defaultDirectory), unique: Bool = true,
    dependencies: (@MainActor (Application, _ dataFolder: String) -> Dependencies)? = nil,
    tuneLive: (@MainActor (inout Dependencies) -> Void)? = nil, settings: Settings.Storage = .system
  ) {
    self.store = store
    self.settings = WindowMemory.settings(settings)
    application = Application(id: appID, unique: unique)
    journalFile = JournalFile(folder: store.directory)
    var effects: Dependencies
    if let dependencies {
      effects = dependencies(application, store.directory)
      windowEffects = []
    } else {
      var live = LiveEffects(application: application, dataFolder: store.directory)
      tuneLive?(&live.dependencies)
      (effects, windowEffects) = (live.dependencies, live.windowEffects)
    }
    if effects.journal == nil { effects.journal = JournalKeeper(storage: journalFile, scheduler: effects.scheduler) }
    self.dependencies = effects
    services = AppServices(
      application: application, state: state, dependencies: effects, settings: self.settings,
      modelsFolder: LiveEffects.modelsFolder(of: store.directory))
    interrupted = InterruptedMeeting(
      file: journalFile, state: state, recorder: effects.recorder, now: effects.now, time: services.time)
    saving = Saving(
      store: store, state: state, transcripts: effects.recorder.transcripts, now: effects.now, application: application)
    journalFile.flushSaves = { [weak self] in self?.saving.sync.flush() == nil }
    application.onActivate { [weak self] in self?.activate() }
    application.onShutdown { [weak self] in self?.saveBeforeQuitting() }
    // Files' "Open With Scrumdinger" (a scrums file, what a merge removed from the Trash).
    application.onOpen { [weak self] paths in
      self?.activateThen { window in window.askToImport(paths) }
    }
    handleCommandLine()
    actions = AppCommand.actions { [weak self] command, argument in
      self?.perform(command, id: argument.flatMap(UUID.init(uuidString:)))
    }
    for action in actions.values { application.addAction(action) }
    for command in Command.allCases where command.scope != EditorCommand.scope && !command.accelerators.isEmpty {
      application.setAccelerators(command.accelerators, for: command.detailedName)
    }
    services.reminders.onPlan = { [weak self] in self?.mainWindow?.pages.timeMoved() }
    shellSearch = ShellSearch(
      application: application, state: state, now: effects.now, time: services.time,
      meetingSearch: services.meetingSearch, overviewWords: services.overviewWords,
      whenLoaded: { [weak self] work in self?.whenLoaded(work) },
      open: { [weak self] id in self?.activateThen { $0.showScrum(id) } },
      openMeeting: { [weak self] match in self?.activateThen { $0.open(match, play: false) } },
      launch: { [weak self] terms in self?.activateThen { $0.showSearch(terms) } })
  }

  /// --version, --new-scrum and --background.
  private func handleCommandLine() {
    application.addSwitch("version", description: tr("Show the version and quit"))
    application.addSwitch("new-scrum", description: tr("Open the editor for a new scrum"))
    application.addSwitch(
      "background", description: tr("Start without a window, for the reminders of scheduled scrums"))
    application.onCommandLine { [weak self] switches in
      guard let self else { return nil }
      if switches.contains("version") {
        print("scrumdinger \(appVersion)")
        return 0
      }
      if switches.contains("background") { self.startsInBackground = true }
      if switches.contains("new-scrum") { self.application.activateAction(AppCommand.newScrum.rawValue) }
      return nil
    }
  }

  private func perform(_ command: AppCommand, id: UUID?) {
    switch command {
    case .startScheduled:
      // Any process on the session bus can ask: only a reminder on show starts a meeting (and
      // with it, perhaps, a microphone); otherwise the scrum's page is shown. Once the scrums
      // are read: an ask that comes as the app starts (a loaded machine reads them late) is
      // not dropped for a scrum not yet known.
      guard let id else { return activate() }
      activateThen { [weak self] window in
        guard let self else { return }
        if self.services.reminders.isReminding(id) { window.startScheduledMeeting(id) } else { window.showScrum(id) }
      }
    case .newScrum:
      activate()
      mainWindow?.editing.newScrum()
    // Through the window, so a running meeting is asked about first; reminders do not keep
    // the app running once Quit is chosen.
    case .quit:
      background.quitRequested = true
      if let window = mainWindow?.window { window.close() } else { application.quit() }
    }
  }

  /// Chooses the locale and translations for the process, and keeps GTK from changing them.
  /// Call first thing (before GLib caches the locale's character set).
  public static func setUpLocale() {
    setUpLocalization(localeDirectory: ResourceLocator.localeDirectory)
    keepProcessLocale()
    StockControlNames.translate()
  }

  /// Runs until the window closes; returns the process exit status.
  public func run(arguments: [String] = CommandLine.arguments) -> Int32 {
    application.run(arguments: arguments)
  }

  /// Shows the window, then runs `work` on it once the scrums are read (a search result
  /// picked in the overview, or its "search in the app").
  private func activateThen(_ work: @escaping @MainActor (MainWindow) -> Void) {
    activate()
    whenLoaded { [weak self] in
      if let window = self?.mainWindow { work(window) }
    }
  }

  /// Shows the window (making it if there is none: the first start, or after it was closed
  /// with the app kept running for reminders), starting the app's work the first time.
  private func activate() {
    if startsInBackground {  // --background: reminders armed, no window
      startsInBackground = false
      return start()
    }
    if let mainWindow { return mainWindow.present() }
    background.windowShown()
    let window = MainWindow(
      application: application, model: AppModel(state: state, dependencies: dependencies),
      services: services)
    mainWindow = window
    for effect in windowEffects { effect.serve(window) }
    dependencies.recorder.onProblem = { [weak window] message in window?.toast(message) }
    window.holdClose = { [weak self, weak window] in
      guard let self, let window else { return false }
      return self.saving.holdClose(of: window)
    }
    if let settings { WindowMemory.keep(window.window, in: settings) }
    // Closed while the app runs on for reminders: the next activation makes a new window.
    window.window.onUnrealize { [weak self, weak window] in
      guard let self, self.mainWindow === window else { return }
      self.mainWindow = nil
      self.background.windowGone()
    }
    start()
    if store.isReadOnly {
      window.becomeReadOnly()
      warn(window.readOnlyBanner.text)
    }
    window.showLoading(!hasFinishedLoading)
    window.present()
    saving.windowShown(window)
    interrupted.windowShown(window)
  }

  /// The app's work, once: signals, the data folder's lock, reading the scrums.
  private func start() {
    guard !started else { return }
    started = true
    for signal in [SIGTERM, SIGINT, SIGHUP] {
      MainLoop.onSignal(signal) { [weak self] in self?.quitSavingEverything() }
    }
    _ = store.claimWriting()
    loading.start()
  }

  /// Runs `work` once the scrums are read, starting to read them if nothing has yet.
  private func whenLoaded(_ work: @escaping @MainActor () -> Void) {
    loading.whenLoaded(work)
    start()
  }

  /// The scrums are read: shown, settled and saved from now on, or the reason they cannot be.
  private func finishLoading(_ read: Loading.Read) {
    defer {
      Memory.releaseFreedPages()  // start-up's freed pages, once the list is up
      if mainWindow == nil { background.windowGone() }  // --background: held on only for reminders
    }
    for note in read.notes { warn(note) }
    mainWindow?.showLoading(false)
    switch read.scrums {
    case .success(let fromFile):
      // Each meeting's transcript as this computer keeps it (an earlier version's, found in
      // this computer's own file at the first start of this version, is kept here first).
      let transcripts = dependencies.recorder.transcripts
      if !store.isReadOnly, let problem = transcripts.moveOutOfFileOnce(fromFile) { warn(problem.description) }
      let scrums = transcripts.attach(to: fromFile)
      state.scrums.value = scrums
      guard !store.isReadOnly else { return }
      let recorder = dependencies.recorder
      recorder.settle(scrums, privateFolders: [store.directory, LiveEffects.modelsFolder(of: store.directory)])
      // The recordings of meetings a merge removed stay while the removal can still be undone.
      let sync = saving.sync!
      sync.start { [state, sync] in
        recorder.removeLeftovers(of: state.scrums.value.adding(sync.pendingRemovals), journal: read.journal)
      }
      if let journal = read.journal { interrupted.found(journal, window: mainWindow) }
      services.transcriber.queuePending()  // recorded meetings not transcribed yet, e.g. cut by quitting
    case .failure(let error):
      saving.sync.loadFailed(error)
    }
  }

  /// SIGTERM, SIGINT, SIGHUP (logging out, `kill`, Ctrl+C): a running meeting is saved as
  /// ended early, what is pending is written, and the app quits.
  private func quitSavingEverything() {
    mainWindow?.endMeetingNow()
    application.quit()  // shutdown writes what is pending
  }

  /// Writes what is pending as the app ends, once the recording of a meeting just saved is
  /// complete (a few seconds at most).
  private func saveBeforeQuitting() {
    let recorder = dependencies.recorder
    if recorder.isFinishing {
      _ = MainLoop.run(until: { !recorder.isFinishing }, timeout: .seconds(6))
    }
    saving.sync.flushAtQuit()
  }
}
