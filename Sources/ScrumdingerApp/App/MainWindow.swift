// The window is a stack of pages driven by AppState.navigation: pages never push each other,
// they run commands, and the window shows the route. Every command is an action from the
// table in Command (buttons are bound to them, accelerators and the shortcuts window read
// the same table); what a command does, to the data or to the route, is a rule of one of
// AppModel's feature models (the window never writes the route). This file only wires.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// The one window: titled "Scrumdinger", showing the page the navigation state names.
@MainActor public final class MainWindow {
  /// The GTK window.
  public let window: ApplicationWindow
  /// The page rules.
  public let model: AppModel
  /// The toasts over the pages.
  private(set) lazy var toasts = ToastOverlay(pages.stack)
  /// Says why this window only shows the scrums (another instance owns them).
  let readOnlyBanner = Label(
    tr("Another Scrumdinger is using your scrums, so this window only shows them: nothing you do here is saved."))
  /// Asked before the window closes with no meeting running: true keeps it open (the app
  /// has unsaved changes to ask about).
  var holdClose: (@MainActor () -> Bool)?
  /// The pages along the route shown.
  private(set) lazy var pages = WindowPages(
    model: model, transcriber: services.transcriber, meetingSearch: services.meetingSearch,
    nextMeeting: { [weak self] scrum in self?.nextMeeting(of: scrum) },
    historyPage: { [weak self] entryID, id in
      self?.history.page(of: entryID, in: id) { [weak self] in self?.tools.showPreferences() }
    },
    meetingPage: { [weak self] in self?.meeting?.page })
  /// The editor sheet, opened and left.
  package private(set) lazy var editing = Editing(window: window, model: model, time: time) { [weak self] in
    self?.toast($0)
  }
  /// Preferences, the shortcuts and About.
  private(set) lazy var tools = ToolWindows(
    parent: window, services: services, engine: model.dependencies.speech, toast: { [weak self] in self?.toast($0) },
    modelAdded: { [weak self] in self?.services.transcriber.retryFailed() })
  /// Export, the calendar file, a meeting's summary, deleting its recording.
  private(set) lazy var history = HistoryActions(
    window: window, model: model, transcriber: services.transcriber, time: services.time
  ) { [weak self] text in
    self?.toast(text)
  }
  /// Import Scrums…, and files the desktop opens with the app.
  private(set) lazy var importing = ScrumImporting(window: window, state: state) { [weak self] text, undo in
    _ = self?.toast(text, button: undo == nil ? nil : tr("Undo"), action: undo)
  }
  /// The toasts that undo a delete or a meeting just saved.
  private(set) lazy var undo = UndoToasts(model: model, toasts: toasts)
  /// The meeting under way, if any.
  package private(set) var meeting: MeetingCoordinator?
  /// The window's actions: one per "win." command of the table.
  private(set) var actions: [WindowCommand: Action] = [:]
  /// The window's actions as one group, inserted on the window (and on a presentation).
  private var windowActions = ActionGroup([])
  private var state: AppState { model.state }
  private var observations: [ObservationToken] = []

  /// The application, whose accelerators a note being typed takes over.
  private let application: Application
  /// What outlives the window: time, sounds, reminders, the transcriber's models.
  private let services: AppServices
  private var time: LocalTime { services.time }

  init(application: Application, model: AppModel, services: AppServices) {
    self.model = model
    self.application = application
    self.services = services
    ThemeStyle.install()
    window = ApplicationWindow(application: application)
    window.title = tr("Scrumdinger")
    window.setDefaultSize(width: 720, height: 760)
    readOnlyBanner.addCSSClass("read-only-banner")
    readOnlyBanner.setWraps()
    readOnlyBanner.isVisible = false
    let content = Box(vertical: true)
    content.append(readOnlyBanner)
    content.append(toasts)
    toasts.expand(vertically: true)
    window.content = content

    actions = WindowCommand.actions { [weak self] command, argument in self?.perform(command, argument: argument) }
    // On the window widget, not the application window's own action map, which GTK exports
    // on the session bus: no other process may start a meeting or delete one.
    windowActions = ActionGroup(Array(actions.values))
    window.insert(windowActions, prefix: WindowCommand.scope)
    history.install()
    // The window's actions follow the enabled rules as the model's context changes (as the
    // history's and, while one runs, the meeting's do).
    observations.append(WindowCommand.follow(model.commands, part: \.window, with: actions))
    window.onCloseRequest { [weak self] in
      guard let self else { return false }
      guard let meeting = self.meeting else { return self.holdClose?() ?? false }
      meeting.askToQuit { [weak self] in self?.window.close() }
      return true
    }

    // The meeting page sizes its texts from the window, and hides its header in full screen.
    // (The GTK window can outlive this object: the handlers hold it weakly.)
    window.onResize { [weak self] width, height in self?.meeting?.page.fit(width: width, height: height) }
    window.onFullscreenChanged { [weak self] fullscreen in self?.meeting?.page.showFullscreen(fullscreen) }

    // A new scrum's card takes the focus, so Enter opens it once the sheet is gone.
    editing.onSaved = { [weak self] id, isNew in
      guard let self, isNew, self.pages.shown == .list else { return }
      self.pages.list.card(for: id)?.button.grabFocus()
    }
    pages.onOpenMatch = { [weak self] match, play in self?.open(match, play: play) }
    observations.append(state.navigation.observe { [weak self] route in self?.show(route) })
    observations.append(state.scrums.observe { [weak self] _ in self?.scrumsChanged() })
    observations.append(model.detail.lineups.observe { [weak self] _ in self?.pages.lineupsChanged() })
    observations.append(MainMenu.follow(state.fileAsItWas))
    show(state.navigation.value)
  }

  /// Shows and raises the window.
  public func present() { window.present() }

  /// Shows that the scrums are being read, or not any more.
  func showLoading(_ loading: Bool) {
    pages.list.isLoading = loading
  }

  /// Makes the window one that only shows the scrums, and says why.
  func becomeReadOnly() {
    model.list.isReadOnly = true
    readOnlyBanner.isVisible = true
  }

  /// Ends the running meeting at once, saved as ended early (the app is being stopped).
  func endMeetingNow() {
    meeting?.session.end(save: true)
  }

  /// Shows a short message over the window, optionally with an undo-style button; during a
  /// meeting over its ring, where it covers no control.
  @discardableResult
  func toast(
    _ text: String, button: String? = nil, timeout: Int = 5, action: (@MainActor () -> Void)? = nil,
    onDismissed: (@MainActor () -> Void)? = nil
  ) -> Toast {
    if let page = meeting?.page, !page.isCompact {
      page.toasts.show(text, button: button, timeout: timeout, action: action, onDismissed: onDismissed)
    } else {
      toasts.show(text, button: button, timeout: timeout, action: action, onDismissed: onDismissed)
    }
  }

  /// Files the desktop asked the app to open: imported once the user says so, one question
  /// for them all (never where another instance owns the scrums).
  func askToImport(_ paths: [String]) {
    guard !model.list.isReadOnly else {
      toast(readOnlyBanner.text)
      return
    }
    importing.ask(paths)
  }

  // MARK: Commands

  private func perform(_ command: WindowCommand, argument: String?) {
    let id = argument.flatMap(UUID.init(uuidString:))
    switch command {
    case .showMenu: pages.top.menuButton.popup()
    case .openScrum: if let id { model.navigation.show(.detail(scrumID: id)) }
    case .search:
      if state.navigation.value.isDetail { pages.detail?.openSearch() } else { pages.list.searchBar.isOpen = true }
    case .edit: if let draft = model.detail.draftOfShownScrum() { editing.open(draft) }
    case .startMeeting: if case .detail(let id) = state.navigation.value { startMeeting(id) }
    case .deleteScrum: if case .detail(let id) = state.navigation.value { confirmDelete(id) }
    case .shuffleLineup: if case .detail(let id) = state.navigation.value { model.detail.shuffleLineup(of: id) }
    case .deleteMeeting:
      if let id, let scrumID = state.navigation.value.scrumID,
        let deletion = model.undo.deleteHistory(scrumID: scrumID, historyID: id)
      {
        undo.offer(deletion)
      }
    case .undo: undo.undoLast()
    case .importScrums: importing.choose()
    case .openHistory:
      if let id { model.navigation.openHistory(id) }
    case .back:
      if !model.navigation.back() { meeting?.perform(.endMeeting) }
    case .showShortcuts: tools.showShortcuts()
    case .preferences: tools.showPreferences()
    case .about: tools.showAbout()
    case .useFileAsItIs: model.useFileAsItWas()
    }
  }

  // MARK: Pages

  private func show(_ route: Route) {
    guard let previous = pages.show(route) else { return }
    pages.focus(model.navigation.focusTarget(from: previous, to: route))
  }

  private func scrumsChanged() {
    pages.scrumsChanged()
  }

  /// "Next: today at 9:30" for a scrum on a schedule, from now.
  private func nextMeeting(of scrum: DailyScrum) -> String? {
    let now = model.dependencies.now()
    let zone = time.zone
    guard let start = scrum.schedule?.nextStart(after: now, timeZone: zone) else { return nil }
    return Texts.nextMeeting(start, now: now, twelveHour: time.twelveHour, timeZone: zone)
  }

  /// A search result picked in the Activities overview: the scrum's page, unless a meeting or
  /// the editor is under way (neither is interrupted; the window comes forward).
  func showScrum(_ id: UUID) {
    if model.navigation.takesOutsideAsks(editorOpen: editing.sheet != nil), state.scrum(id) != nil {
      model.navigation.show(.detail(scrumID: id))
    }
    present()
  }

  /// A search's result picked: its meeting's page, at the sentence (played from there if
  /// `play`), unless a meeting or the editor is under way.
  func open(_ match: MeetingMatch, play: Bool) {
    guard model.navigation.takesOutsideAsks(editorOpen: editing.sheet != nil) else { return present() }
    model.navigation.open(match)
    if play, !match.isNote { pages.history?.play(from: match.startMilliseconds) }
    present()
  }

  /// "Search in the app" from the Activities overview: the list, filtered by `terms`.
  func showSearch(_ terms: [String]) {
    if model.navigation.takesOutsideAsks(editorOpen: editing.sheet != nil) {
      model.navigation.show(.list)
      pages.list.search(terms)
    }
    present()
  }

  // MARK: Meeting, delete

  private func startMeeting(_ id: UUID) {
    guard meeting == nil, let scrum = state.scrum(id) else { return }
    meeting = MeetingCoordinator(
      scrum: scrum, lineup: model.detail.lineup(for: scrum), state: state, dependencies: model.dependencies,
      commands: model.commands, window: window, windowActions: windowActions, application: application,
      twelveHour: time.twelveHour,
      toast: { [weak self] text, button, action in self?.toast(text, button: button, action: action) }
    ) { [weak self] saved in
      guard let self else { return }
      self.meeting = nil
      self.model.canPresent = false
      self.model.detail.resetLineup(of: id)
      self.model.navigation.show(.detail(scrumID: id))
      guard saved, let entry = self.state.scrum(id)?.history.last else { return }
      self.pages.detail?.focusHistoryRow(entry.id)  // its row in view
      self.undo.sayMeetingSaved(entry, of: id)
    }
    // Present follows the monitors plugged in (the one input the models do not hold).
    let followMonitors: @MainActor () -> Void = { [weak self] in
      self?.model.canPresent = self?.meeting?.presenter.canToggle == true
    }
    meeting?.presenter.onCanToggleChanged = followMonitors
    followMonitors()
    model.navigation.show(.meeting(scrumID: id))
  }

  /// A reminder's Start Meeting: the scrum's meeting starts with today's lineup, unless
  /// another meeting is under way (it is not interrupted: a toast says why). An open editor
  /// with changes is not closed without asking.
  func startScheduledMeeting(_ id: UUID) {
    guard let scrum = state.scrum(id) else { return }
    if let meeting {
      if meeting.session.scrum.id != id {
        toast(tr("“%@” is starting: end this meeting first", Texts.shown(scrum.title)))
      }
      return
    }
    editing.leave(toStart: scrum.title) { [weak self] in
      guard let self, self.meeting == nil else { return }
      self.model.navigation.show(.detail(scrumID: id))
      self.startMeeting(id)
    }
  }

  private func confirmDelete(_ id: UUID) {
    guard let scrum = state.scrum(id) else { return }
    confirmDestructive(
      over: window, heading: tr("Delete “%@”?", Texts.shown(scrum.title)),
      body: tr("Its meeting history is deleted with it.")
    ) { [weak self] in
      guard let self, let deletion = self.model.undo.deleteScrum(id) else { return }
      self.undo.offer(deletion)
    }
  }
}

extension MainWindow: WindowSurface {
  func question(_ heading: String, body: String) -> MessageDialog {
    MessageDialog(parent: window, heading: heading, body: body)
  }

  func close() { window.close() }
}
