// The app object is the composition root: it owns the store, the state, the dependencies
// (live ones unless a test hands others) and the one main window, declares the app-level
// commands and every accelerator from the command table, and re-presents the window when
// the app is launched again (GApplication uniqueness). The window shows at once; the scrums
// are read off the main loop, and nothing is saved before they are in. An unreadable file
// stops saving until the user picks Start Fresh (file moved aside, kept) or Quit; a second
// instance that cannot take the data folder's lock only reads. Nothing unsaved is lost
// quietly: quitting asks when a save failed, and SIGTERM, SIGINT and SIGHUP save first.
import FoundationEssentials
import Glibc
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
  /// The effects the rules use.
  public let dependencies: Dependencies
  /// The main window, once activated.
  public private(set) var mainWindow: MainWindow?
  /// Whether reading the scrums has finished (well or not).
  public private(set) var hasFinishedLoading = false
  private var autoSave: AutoSave?
  /// Merges changes made to the file elsewhere.
  private var fileWatcher: FileWatcher?
  /// Where the window's size and the sound chosen are kept (nil without an installed schema).
  private let settings: Settings?
  /// The application's actions: one per "app." command of the table.
  private(set) var actions: [Command: Action] = [:]
  /// The reminders of scrums on a schedule.
  private(set) var reminders: ReminderPlanner!
  /// Running on without a window while scrums are on a schedule.
  private(set) var background: Background!
  /// Answers GNOME Shell's searches.
  private var shellSearch: ShellSearch!
  /// Work waiting for the scrums to be read (searches from the overview).
  private var afterLoading: [@MainActor () -> Void] = []
  private var meetingObservation: ObservationToken?
  private var scheduleObservation: ObservationToken?
  private var zoneMonitor: FileMonitor?
  /// The end-of-turn sound and volume.
  private var soundSettings: SoundSettings!
  /// Whether the first activation is to start without a window (--background).
  private var startsInBackground = false
  /// Whether the app's work (signals, lock, reading the scrums) has started.
  private var started = false
  /// The scrums file could not be read while no window was open: asked about when one opens.
  private var unreadable: StoreError?
  /// The journal of the meeting under way, beside the scrums.
  private let journalFile: JournalFile
  /// A meeting a crash interrupted, found at start: asked about once a window shows.
  private var interrupted: MeetingJournal?
  /// Set by Quit: the app ends with its window, reminders or not.
  private var quitRequested: Bool {
    get { background.quitRequested }
    set { background.quitRequested = newValue }
  }

  /// Creates the app over `store`; `unique: false` lets tests run several at once;
  /// `dependencies` builds the effects for the application and the data folder (the live
  /// ones by default);
  /// `settings` says where the window's size is remembered.
  public init(
    store: ScrumStore = ScrumStore(directory: ScrumStore.defaultDirectory), unique: Bool = true,
    dependencies: (@MainActor (Application, _ dataFolder: String) -> Dependencies)? = nil,
    settings: Settings.Storage = .system
  ) {
    self.store = store
    self.settings = WindowMemory.settings(settings)
    application = Application(id: appID, unique: unique)
    journalFile = JournalFile(folder: store.directory)
    var effects = (dependencies ?? Self.liveDependencies)(application, store.directory)
    if effects.journal == nil { effects.journal = JournalKeeper(storage: journalFile, scheduler: effects.scheduler) }
    self.dependencies = effects
    application.onActivate { [weak self] in self?.activate() }
    application.onShutdown { [weak self] in self?.saveBeforeQuitting() }
    application.addSwitch("version", description: tr("Show the version and quit"))
    application.addSwitch("new-scrum", description: tr("Open the editor for a new scrum"))
    application.addSwitch("background", description: tr("Start without a window, for the reminders of scheduled scrums"))
    application.onCommandLine { [weak self] switches in
      guard let self else { return nil }
      if switches.contains("version") {
        print("scrumdinger \(appVersion)")
        return 0
      }
      if switches.contains("background") { self.startsInBackground = true }
      if switches.contains("new-scrum") { self.application.activateAction(Command.newScrum.name) }
      return nil
    }
    actions = Command.actions(in: .app) { [weak self] command, id in self?.perform(command, id: id) }
    for action in actions.values { application.addAction(action) }
    soundSettings = SoundSettings(settings: self.settings, effect: self.dependencies.sound)
    startReminders()
    shellSearch = ShellSearch(
      application: application, state: state, now: self.dependencies.now,
      whenLoaded: { [weak self] work in self?.whenLoaded(work) },
      open: { [weak self] id in
        guard let self else { return }
        self.activate()
        self.whenLoaded { self.mainWindow?.showScrum(id) }
      },
      launch: { [weak self] terms in
        guard let self else { return }
        self.activate()
        self.whenLoaded { self.mainWindow?.showSearch(terms) }
      })
    for command in Command.allCases where command.scope != .editor && !command.accelerators.isEmpty {
      application.setAccelerators(command.accelerators, for: command.rawValue)
    }
  }

  /// Where speech models are kept in the data folder.
  private static func modelsFolder(of dataFolder: String) -> String { dataFolder + "/models" }

  /// The real clock, GLib timeouts, the ding, desktop notifications, the screen keeper and
  /// the microphone (recordings in the data folder's `recordings`).
  package static func liveDependencies(_ application: Application, dataFolder: String) -> Dependencies {
    Dependencies(
      clock: GLibMonotonicClock(), scheduler: GLibTickScheduler(), now: { Date().addingTimeInterval(wallClockOffset) },
      sound: Chime(),
      notifier: DesktopNotifier(application: application), keepAwake: ScreenKeeper(application: application),
      recorder: MeetingRecorder(
        folder: dataFolder + "/recordings", consent: RecordingConsent(path: dataFolder + "/recording-consent.json")
      ) { MicrophoneCapture() },
      speech: WhisperEngine(modelsFolder: modelsFolder(of: dataFolder)))
  }

  /// Plans the reminders of scheduled scrums (they are read later: planned again then), tells
  /// the planner when a meeting starts, and plans again when the time zone changes.
  private func startReminders() {
    reminders = ReminderPlanner(
      state: state, now: dependencies.now, timeZone: { LocalZone.identifier }, timer: RealtimeTimer(),
      notices: ReminderNotifier(application: application, twelveHour: MainWindow.usesTwelveHourClock))
    reminders.onPlan = { [weak self] in self?.mainWindow?.timeMoved() }
    var meetingScrum: UUID?
    meetingObservation = state.meeting.observe { [weak self] meeting in
      defer { meetingScrum = meeting?.scrumID }
      if let id = meeting?.scrumID, id != meetingScrum { self?.reminders.meetingStarted(scrumID: id) }
    }
    zoneMonitor = FileMonitor(path: "/etc/localtime") { [weak self] in self?.reminders.plan() }
    background = Background(application: application, settings: settings, reminders: reminders)
    scheduleObservation = state.scrums.observe { [weak self] _ in self?.background.update() }
  }

  private func perform(_ command: Command, id: UUID?) {
    switch command {
    case .startScheduled:
      // Any process on the session bus can ask: only a reminder on show starts a meeting (and
      // with it, perhaps, a microphone); otherwise the scrum's page is shown.
      activate()
      guard let id else { return }
      if reminders.isReminding(id) { mainWindow?.startScheduledMeeting(id) } else { mainWindow?.showScrum(id) }
    case .newScrum:
      activate()
      mainWindow?.newScrum()
    case .showShortcuts: mainWindow?.showShortcuts()
    case .preferences: mainWindow?.showPreferences()
    case .about:
      guard let window = mainWindow?.window else { return }
      AboutWindow.present(
        over: window, name: tr("Scrumdinger"), iconName: appID, version: appVersion,
        developer: "The Scrumdinger for Linux developers",
        comments: tr("Keep daily stand-up meetings on time"), copyright: "© 2026 The Scrumdinger for Linux developers")
    // Through the window, so a running meeting is asked about first; reminders do not keep
    // the app running once Quit is chosen.
    case .quit:
      quitRequested = true
      if let window = mainWindow?.window { window.close() } else { application.quit() }
    default: break  // window and editor commands live there
    }
  }

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

  /// Shows the window (making it if there is none: the first start, or after it was closed
  /// with the app kept running for reminders), starting the app's work the first time.
  private func activate() {
    if startsInBackground {  // --background: reminders armed, no window
      startsInBackground = false
      return start()
    }
    if let mainWindow {
      mainWindow.present()
      return
    }
    background.windowShown()
    StockControlNames.close = tr("Close")
    StockControlNames.search = tr("Search")
    StockControlNames.menu = tr("Menu")
    StockControlNames.verticalScrollBar = tr("Vertical scroll bar")
    StockControlNames.horizontalScrollBar = tr("Horizontal scroll bar")
    let window = MainWindow(application: application, model: AppModel(state: state, dependencies: dependencies))
    window.soundSettings = soundSettings
    window.background = background
    mainWindow = window
    (dependencies.sound as? Chime)?.onProblem = { [weak window] message in
      window?.toast(tr("The ding cannot be played: %@", message))
    }
    dependencies.recorder.onProblem = { [weak window] message in window?.toast(message) }
    (dependencies.notifier as? DesktopNotifier)?.watch(window.window)
    (dependencies.keepAwake as? ScreenKeeper)?.watch(window.window)
    window.holdClose = { [weak self] in self?.holdCloseForUnsavedChanges() ?? false }
    if let settings {
      WindowMemory.restore(window.window, from: settings)
      // After the window's own handler: only a close that goes ahead is remembered.
      window.window.onCloseRequest { [weak window] in
        if let window { WindowMemory.save(window.window, to: settings) }
        return false
      }
    }
    // Closed while the app runs on for reminders: the next activation makes a new window.
    window.window.onClosed { [weak self, weak window] in
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
    if hasFinishedLoading, !store.isReadOnly { window.model.transcriber.queuePending() }
    if let unreadable {
      self.unreadable = nil
      askAboutUnreadableFile(unreadable, in: window)
    }
    if let interrupted {
      self.interrupted = nil
      askAboutInterruptedMeeting(interrupted, in: window)
    }
  }

  /// The app's work, once: signals, the data folder's lock, reading the scrums.
  private func start() {
    guard !started else { return }
    started = true
    for signal in [SIGTERM, SIGINT, SIGHUP] {
      MainLoop.onSignal(signal) { [weak self] in self?.quitSavingEverything() }
    }
    _ = store.claimWriting()
    application.hold()  // while the scrums are read, with or without a window (--background)
    let (store, journalPath) = (store, journalFile.path)
    WorkerThreads.run({
      var notes: [String] = []
      let result: Result<[DailyScrum], StoreError>
      do throws(StoreError) {
        result = .success(try store.load { notes.append($0) })
      } catch {
        result = .failure(error)
      }
      return (result, notes, JournalFile.read(journalPath))
    }, then: { [weak self] loaded in self?.finishLoading(loaded.0, notes: loaded.1, journal: loaded.2) })
  }

  /// Runs `work` once the scrums are read, starting to read them if nothing has yet.
  private func whenLoaded(_ work: @escaping @MainActor () -> Void) {
    guard !hasFinishedLoading else { return work() }
    afterLoading.append(work)
    start()
  }

  private func finishLoading(
    _ result: Result<[DailyScrum], StoreError>, notes: [String], journal: Result<MeetingJournal, UnreadableReason>?
  ) {
    defer {
      if mainWindow == nil { background.windowGone() }  // --background: held on only for reminders
      let waiting = afterLoading
      afterLoading = []
      for work in waiting { work() }
      application.release()
    }
    for note in notes { warn(note) }
    mainWindow?.showLoading(false)
    hasFinishedLoading = true
    defer { Memory.releaseFreedPages() }  // start-up's freed pages, once the list is up
    switch result {
    case .success(let read):
      // Each meeting's transcript as this computer keeps it (an earlier version's, found in
      // the file, is kept here first).
      let (scrums, problem) = dependencies.recorder.transcripts.attach(to: read)
      if let problem { warn(problem.description) }
      state.scrums.value = scrums
      if !store.isReadOnly {
        tidyDataFolder(scrums, journal: journal)
        carryRecordingConsentOver(scrums)
        startSaving()
        if let journal { found(journal) }
        mainWindow?.model.transcriber.queuePending()  // recorded meetings not transcribed yet, e.g. cut by quitting
      }
    case .failure(let error):
      guard let window = mainWindow else {  // asked about when the window shows
        warn(error.description)
        return unreadable = error
      }
      askAboutUnreadableFile(error, in: window)
    }
  }

  /// At start, once the scrums are read: the data folder and its recordings and models are
  /// the user's alone (0700), and no audio is left of a meeting that is in no history and
  /// not in the journal (a deletion whose Undo was up when the app ended, a crash mid-way, a
  /// scrum a merge took away), nor decoded samples. With an unreadable journal, its meeting
  /// cannot be told: the recordings wait for a start that can.
  private func tidyDataFolder(_ scrums: [DailyScrum], journal: Result<MeetingJournal, UnreadableReason>?) {
    let recorder = dependencies.recorder
    for folder in [store.directory, recorder.folder, Self.modelsFolder(of: store.directory)] {
      Path.makePrivate(folder: folder)
    }
    var kept = Set(scrums.flatMap { $0.history.map(\.id) })
    switch journal {
    case .success(let journal): kept.insert(journal.meeting.id)
    case .failure: return
    case nil: break
    }
    recorder.removeLeftovers(keeping: kept)
  }

  /// The first start of a version that keeps the recording switch per computer: the scrums
  /// recorded here before keep recording here (see `RecordingConsent`).
  private func carryRecordingConsentOver(_ scrums: [DailyScrum]) {
    let recorder = dependencies.recorder
    guard recorder.consent.isNew else { return }
    do throws(StoreError) {
      try recorder.consent.carryOver(from: scrums, recordedHere: recorder.recordedMeetings().recorded)
    } catch {
      warn(error.description)
    }
  }

  private func startSaving() {
    autoSave = AutoSave(store: store, state: state) { [weak self] error in
      self?.mainWindow?.toast(error.description)
    }
    journalFile.flushSaves = { [weak self] in self?.autoSave?.flush() == nil }
    let watcher = FileWatcher(store: store, state: state, transcripts: dependencies.recorder.transcripts, now: dependencies.now)
    watcher.onConflict = { [weak self] title in self?.mainWindow?.toast(tr("%@ was also changed elsewhere", Texts.shown(title))) }
    watcher.onNeedsSave = { [weak self] in self?.autoSave?.saveSoon() }
    watcher.onMergedCopy = { [weak self] in self?.mainWindow?.toast(tr("Merged changes made on another computer")) }
    watcher.onUnreadableCopy = { [weak self] message in
      warn(message)
      self?.mainWindow?.toast(message)
    }
    watcher.onUnreadable = { [weak self] error in
      guard let self else { return }
      warn(error.description)
      if let window = self.mainWindow { self.askAboutFileUnreadableNow(error, in: window) }
    }
    fileWatcher = watcher
  }

  /// The file became unreadable while the app ran: the scrums shown are kept, nothing is
  /// saved over the file until the user chooses Keep Mine (the file is moved aside, kept,
  /// and the scrums shown are saved).
  private func askAboutFileUnreadableNow(_ error: StoreError, in window: MainWindow) {
    askAboutUnreadable(
      error, in: window, heading: tr("Your Scrums File Was Changed and Cannot Be Read"),
      explanation: tr("The scrums shown here are kept, and nothing is saved over that file. Keep Mine moves it aside, keeping it, and saves the scrums shown here."),
      stay: tr("Not Now"), move: (tr("Keep Mine"), .suggested), onStay: {}
    ) { [weak self] in self?.autoSave?.saveSoon() }
  }

  /// A journal left by a meeting that did not end: asked about (now, or when a window shows);
  /// one whose meeting was saved after all is removed; one that cannot be read is kept aside.
  private func found(_ journal: Result<MeetingJournal, UnreadableReason>) {
    switch journal {
    case .success(let journal) where journal.isSaved(in: state.scrums.value):
      journalFile.remove()
    case .success(let journal):
      guard let window = mainWindow else { return interrupted = journal }
      askAboutInterruptedMeeting(journal, in: window)
    case .failure(let reason):
      let message: String
      if let aside = journalFile.moveAside(now: dependencies.now()) {
        message = tr("An interrupted meeting could not be read (%@); the file was kept as “%@”", reason.description, aside)
      } else {
        message = tr("An interrupted meeting could not be read (%@)", reason.description)
      }
      warn(message)
      mainWindow?.toast(message)
    }
  }

  /// "The meeting of TITLE was interrupted at 9:42, 6:10 in": Save It puts it in the history
  /// (with its recording, which is then transcribed); Discard deletes it and its recording.
  /// Closing the question keeps it for the next start.
  private func askAboutInterruptedMeeting(_ journal: MeetingJournal, in window: MainWindow) {
    let dialog = MessageDialog(
      parent: window.window, heading: Texts.interruptedMeeting(journal, twelveHour: MainWindow.usesTwelveHourClock),
      body: tr("Save It adds it to the scrum’s history with the time it really ran. Discard deletes it, and its recording."))
    dialog.addResponse("discard", label: tr("Discard"), appearance: .destructive)
    dialog.addResponse("save", label: tr("Save It"), appearance: .suggested)
    dialog.setDefaults(enter: "save", escape: "later")
    dialog.present { [weak self] response in
      guard let self else { return }
      switch response {
      case "save":
        self.state.scrums.update { journal.save(into: &$0) }
        self.journalFile.meetingEnded(saved: true)
        self.mainWindow?.model.transcriber.queuePending()
      case "discard":
        self.dependencies.recorder.deleteRecording(of: journal.meeting.id)
        self.journalFile.remove()
      default:
        break
      }
    }
  }

  /// SIGTERM, SIGINT, SIGHUP (logging out, `kill`, Ctrl+C): a running meeting is saved as
  /// ended early, what is pending is written, and the app quits.
  private func quitSavingEverything() {
    mainWindow?.endMeetingNow()
    application.quit()  // shutdown writes what is pending
  }

  /// Writes what is pending as the app ends, once the recording of a meeting just saved is
  /// complete (a few seconds at most); a failure is said on stderr, since no window is left
  /// to say it in.
  private func saveBeforeQuitting() {
    if let recorder = mainWindow?.model.dependencies.recorder, recorder.isFinishing {
      _ = MainLoop.run(until: { !recorder.isFinishing }, timeout: .seconds(6))
    }
    guard let error = autoSave?.flush() else { return }
    warn("your last changes could not be saved: \(error)")
  }

  /// On closing: if changes are not on disk, tries to write them now; if that fails, asks
  /// (and keeps the window open meanwhile).
  private func holdCloseForUnsavedChanges() -> Bool {
    guard let autoSave, autoSave.hasUnsavedChanges, let error = autoSave.flush() else { return false }
    guard let window = mainWindow else { return false }
    let reason: String
    switch error {
    case .writeFailed(_, let message): reason = message
    case .saveRefused: reason = tr("the file on disk cannot be read")
    default: reason = error.description
    }
    let dialog = MessageDialog(
      parent: window.window, heading: tr("Your changes could not be saved: %@", reason),
      body: tr("Quitting now loses the changes made since the last save."))
    dialog.addResponse("cancel", label: tr("Cancel"))
    dialog.addResponse("discard", label: tr("Quit Without Saving"), appearance: .destructive)
    dialog.addResponse("retry", label: tr("Try Again"), appearance: .suggested)
    dialog.setDefaults(enter: "retry", escape: "cancel")
    dialog.present { response in
      switch response {
      case "discard":
        autoSave.stop()
        window.window.close()
      case "retry":
        window.window.close()  // asks again if it still fails
      default:
        break
      }
    }
    return true
  }

  private func askAboutUnreadableFile(_ error: StoreError, in window: MainWindow) {
    askAboutUnreadable(
      error, in: window, heading: tr("Your Scrums Could Not Be Read"),
      explanation: tr("Start Fresh moves the file aside, keeping it, and starts an empty list. Quit leaves everything as it is."),
      stay: tr("Quit"), move: (tr("Start Fresh"), .destructive), onStay: { [weak self] in self?.application.quit() }
    ) { [weak self] in self?.startSaving() }
  }

  /// Asks what to do with a scrums file that cannot be read: `stay` leaves it (and runs
  /// `onStay`), `move` moves it aside, keeping it, then runs `afterMove`; a move that fails
  /// leaves saving blocked, and the toast says why.
  private func askAboutUnreadable(
    _ error: StoreError, in window: MainWindow, heading: String, explanation: String, stay: String,
    move: (label: String, appearance: MessageDialog.Appearance), onStay: @escaping @MainActor () -> Void,
    afterMove: @escaping @MainActor () -> Void
  ) {
    let dialog = MessageDialog(parent: window.window, heading: heading, body: error.description + "\n\n" + explanation)
    dialog.addResponse("stay", label: stay)
    dialog.addResponse("move", label: move.label, appearance: move.appearance)
    dialog.setDefaults(enter: nil, escape: "stay")
    dialog.present { [weak self] response in
      guard let self else { return }
      guard response == "move" else { return onStay() }
      do {
        let aside = try self.store.moveUnreadableAside()
        afterMove()
        window.toast(tr("The old file was kept as “%@”", aside))
      } catch {
        window.toast(String(describing: error))
      }
    }
  }
}
