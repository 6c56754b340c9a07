// The window is a stack of pages driven by AppState.navigation: pages never push each other,
// they run commands, and the window shows the route. Every command is an action from the
// table in Command (buttons are bound to them, accelerators and the shortcuts window read
// the same table); what a command does to the data is AppModel's rule. This file only wires.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// The one window: titled "Scrumdinger", showing the page the navigation state names.
@MainActor public final class MainWindow {
  /// The GTK window.
  public let window: ApplicationWindow
  /// The page rules.
  public let model: AppModel
  let stack = Stack()
  let toasts: ToastOverlay
  /// Says why this window only shows the scrums (another instance owns them).
  let readOnlyBanner = Label(tr("Another Scrumdinger is using your scrums, so this window only shows them: nothing you do here is saved."))
  /// Asked before the window closes with no meeting running: true keeps it open (the app
  /// has unsaved changes to ask about).
  var holdClose: (@MainActor () -> Bool)?
  private(set) lazy var listPage = ScrumListPage(state: state)
  private(set) var detailPage: DetailPage?
  private(set) var historyPage: HistoryPage?
  /// Export, the calendar file, a meeting's summary, deleting its recording.
  private lazy var history = HistoryActions(window: window, model: model) { [weak self] text in self?.toast(text) }
  /// The meeting under way, if any.
  package private(set) var meeting: MeetingCoordinator?
  /// The open editor sheet, if any (it keeps itself alive while open).
  package private(set) weak var editor: EditorSheet?
  /// The window's actions: one per "win." command of the table.
  private(set) var actions: [Command: Action] = [:]
  private var shortcutsWindow: ShortcutsWindow?
  private var shownRoute: Route = .list
  private var state: AppState { model.state }
  private var observations: [ObservationToken] = []
  /// Keeps the window's title saying whether the meeting under way is recorded.
  private var meetingTitle: ObservationToken?

  /// The application, whose accelerators a note being typed takes over.
  private let application: Application

  init(application: Application, model: AppModel) {
    self.model = model
    self.application = application
    ThemeStyle.install()
    window = ApplicationWindow(application: application)
    window.title = tr("Scrumdinger")
    window.setDefaultSize(width: 720, height: 760)
    toasts = ToastOverlay(stack)
    readOnlyBanner.addCSSClass("read-only-banner")
    readOnlyBanner.setWraps()
    readOnlyBanner.isVisible = false
    let content = Box(vertical: true)
    content.append(readOnlyBanner)
    content.append(toasts)
    toasts.expand(vertically: true)
    window.content = content

    actions = Command.actions(in: .win) { [weak self] command, id in self?.perform(command, id: id) }
    for action in actions.values { window.addAction(action) }
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

    listPage.nextMeeting = { [weak self] scrum in self?.nextMeeting(of: scrum) }
    observations.append(state.navigation.observe { [weak self] route in self?.show(route) })
    observations.append(state.scrums.observe { [weak self] _ in self?.scrumsChanged() })
    observations.append(model.lineups.observe { [weak self] _ in self?.lineupsChanged() })
    // Previous speaker is greyed out on the first turn: looked at only when that changes.
    observations.append(state.meeting.observe { [weak self] meeting in
      guard let self else { return }
      let canGoBack = meeting?.snapshot.canGoBack == true
      if canGoBack != self.actions[.previousSpeaker]?.isEnabled { self.updateEnabled() }
    })
    show(state.navigation.value)
  }

  /// Shows and raises the window.
  public func present() { window.present() }

  /// Shows that the scrums are being read, or not any more.
  func showLoading(_ loading: Bool) {
    listPage.isLoading = loading
  }

  /// Makes the window one that only shows the scrums, and says why.
  func becomeReadOnly() {
    model.isReadOnly = true
    readOnlyBanner.isVisible = true
    updateEnabled()
  }

  /// Ends the running meeting at once, saved as ended early (the app is being stopped).
  func endMeetingNow() {
    meeting?.session.end(save: true)
  }

  /// Shows a short message over the window, optionally with an undo-style button; during a
  /// meeting over its ring, where it covers no control.
  func toast(_ text: String, button: String? = nil, action: (@MainActor () -> Void)? = nil) {
    if let page = meeting?.page, !page.isCompact {
      page.toasts.show(text, button: button, action: action)
    } else {
      toasts.show(text, button: button, action: action)
    }
  }

  // MARK: Commands

  private func perform(_ command: Command, id: UUID?) {
    switch command {
    case .showMenu: shownMenuButton.popup()
    case .openScrum: if let id { state.navigation.value = .detail(scrumID: id) }
    case .search: listPage.searchBar.isOpen = true
    case .edit: if let draft = model.draftOfShownScrum() { openEditor(draft) }
    case .startMeeting: if case .detail(let id) = state.navigation.value { startMeeting(id) }
    case .deleteScrum: if case .detail(let id) = state.navigation.value { confirmDelete(id) }
    case .shuffleLineup: if case .detail(let id) = state.navigation.value { model.shuffleLineup(of: id) }
    case .deleteMeeting:
      if let id, let scrumID = state.navigation.value.scrumID, let deletion = model.deleteHistory(scrumID: scrumID, historyID: id) {
        offerUndo(deletion)
      }
    case .undo:
      model.undoLast()  // before the toast goes: its going forgets the delete
      undoToast?.dismiss()
      updateEnabled()
    case .openHistory:
      if let id, case .detail(let scrumID) = state.navigation.value {
        state.navigation.value = .history(scrumID: scrumID, historyID: id)
      }
    case .back:
      if let route = model.backRoute() { state.navigation.value = route } else { meeting?.askToEnd() }
    case .pause: meeting?.togglePause()
    case .nextSpeaker: meeting?.nextSpeaker()
    case .previousSpeaker: meeting?.previousSpeaker()
    case .addMinute: meeting?.addMinute()
    case .compactView: showCompact(compactRestore == nil)
    case .endMeeting: meeting?.askToEnd()
    case .mute: meeting?.toggleMute()
    case .fullscreen: window.isFullscreen.toggle()
    case .takeNote: meeting?.page.notes.takeNote()
    case .exportHistory, .addToCalendar, .copySummary, .copySummaryWithTranscript:
      _ = history.perform(command, on: state.navigation.value)
    case .newScrum, .showShortcuts, .about, .preferences, .quit, .confirmEditor, .cancelEditor, .startScheduled:
      break  // not window actions
    }
  }

  /// Enables each window action as the table's rule says for the current page.
  private func updateEnabled() {
    let context = model.commandContext()  // once: it looks at today's lineup
    for (command, action) in actions { action.isEnabled = command.isEnabled(in: context) }
  }

  /// The main menu button of the page on show.
  private var shownMenuButton: MenuButton {
    switch shownRoute {
    case .list: listPage.menuButton
    case .detail: detailPage?.menuButton ?? listPage.menuButton
    case .history: historyPage?.menuButton ?? listPage.menuButton
    case .meeting: meeting?.page.menuButton ?? listPage.menuButton
    }
  }

  /// New Scrum from anywhere: opens the editor, brings the open one forward, or says why not.
  func newScrum() {
    switch model.requestNewScrum(editorOpen: editor != nil) {
    case .openEditor(let draft): openEditor(draft)
    case .presentOpenEditor: editor?.raise()
    case .refused(let reason): toast(reason)
    }
  }

  /// The speech models' downloads (made when Preferences first open; they outlive the window).
  private(set) lazy var modelDownloads: ModelDownloads = {
    let folder = (model.dependencies.speech as? WhisperEngine)?.modelsFolder ?? ScrumStore.defaultDirectory + "/models"
    let downloads = ModelDownloads(folder: folder)
    downloadObservations = [downloads.english, downloads.accurate].map { download in
      download.state.observe { [weak self] state in
        guard let self else { return }
        if state == .installed { self.model.transcriber.retryFailed() }
      }
    }
    return downloads
  }()
  private var downloadObservations: [ObservationToken] = []
  /// The Preferences window, while open.
  private(set) var preferences: Preferences?
  /// The end-of-turn sound and volume (given by the application, which keeps the settings).
  var soundSettings: SoundSettings!
  /// Running on for reminders (given by the application).
  var background: Background!

  /// Opens Preferences (or brings them forward).
  func showPreferences() {
    if let preferences { return preferences.present() }
    let window = Preferences(
      parent: self.window, sounds: soundSettings, background: background, downloads: modelDownloads,
      engine: model.dependencies.speech as? WhisperEngine)
    window.onMessage = { [weak self] message in self?.toast(message) }
    window.onModelAdded = { [weak self] in self?.model.transcriber.retryFailed() }
    window.window.onClose { [weak self] in self?.preferences = nil }
    preferences = window
    window.present()
  }

  /// The keyboard-shortcuts window, built on first use.
  func showShortcuts() {
    if shortcutsWindow == nil { shortcutsWindow = ShortcutsWindow(xml: ShortcutsHelp.xml, parent: window) }
    shortcutsWindow?.present()
  }

  // MARK: Pages

  private func show(_ route: Route) {
    let resolved = model.resolved(route)
    guard resolved == route else { return state.navigation.value = resolved }
    let previous = shownRoute
    shownRoute = route
    switch route {
    case .list:
      stack.show(listPage.root, named: "list", title: tr("Daily Scrums"))
      detailPage = nil
      historyPage = nil
    case .detail(let id):
      stack.show(detailPage(for: id).root, named: "detail", title: Texts.shown(state.scrum(id)?.title ?? ""))
      historyPage = nil
    case .history(let id, let entryID):
      guard let scrum = state.scrum(id), let entry = scrum.history.first(where: { $0.id == entryID }) else { return }
      let page = HistoryPage(
        scrum: scrum, entry: entry, recording: model.dependencies.recorder.recording(of: entryID),
        transcripts: model.transcriber.statuses)
      page.record.onTranscribe = { [weak self] start in
        guard let self else { return }
        start ? self.model.transcriber.transcribe(historyID: entryID, of: id) : self.model.transcriber.stop(historyID: entryID)
      }
      page.record.onEditNote = { [weak self] noteID, text in
        guard let self else { return }
        self.model.editNote(noteID, text: text, scrumID: id, historyID: entryID)
      }
      page.record.onDeleteRecording = { [weak self, weak page] in
        self?.history.confirmDeleteRecording(of: entryID) { page?.record.recordingDeleted() }
      }
      page.record.onGetModel = { [weak self] in self?.showPreferences() }
      page.record.onProblem = { [weak self] reason in self?.toast(tr("The recording cannot be played: %@", reason)) }
      historyPage = page
      stack.show(page.root, named: "history", title: tr("Meeting History"))
    case .meeting:
      guard let meeting else { return }
      stack.show(meeting.page.root, named: "meeting", title: tr("Meeting"))
    }
    stack.removePages(except: Self.pageNames(for: route))
    updateEnabled()
    focus(model.focusTarget(from: previous, to: route))
  }

  /// The detail page of scrum `id`: the one kept, or a new one.
  private func detailPage(for id: UUID) -> DetailPage {
    if let detailPage, detailPage.scrumID == id { return detailPage }
    let scrum = state.scrum(id)!
    let page = DetailPage(scrum: scrum, lineup: model.lineup(for: scrum), transcripts: model.transcriber.statuses)
    page.nextMeeting = { [weak self] scrum in self?.nextMeeting(of: scrum) }
    page.onPresenceChange = { [weak self] attendee, present in
      guard let self else { return }
      self.model.setPresent(present, attendee: attendee, in: id)
    }
    detailPage = page
    return page
  }

  private func focus(_ target: FocusTarget) {
    switch target {
    case .scrumCard(let id): listPage.card(for: id)?.button.grabFocus()
    case .newScrumButton: (listPage.cards.isEmpty ? listPage.emptyButton : listPage.newButton).grabFocus()
    case .startButton: detailPage?.startButton.grabFocus()
    case .historyRow(let id):
      if detailPage?.focusHistoryRow(id) != true { detailPage?.startButton.grabFocus() }
    case .backButton: historyPage?.backButton.grabFocus()
    case .nextSpeakerButton: meeting?.page.nextButton.grabFocus()
    }
  }

  /// The pages a route shows or can go back to; the others are dropped.
  private static func pageNames(for route: Route) -> Set<String> {
    switch route {
    case .list: ["list"]
    case .detail: ["list", "detail"]
    case .history: ["list", "detail", "history"]
    case .meeting: ["list", "detail", "meeting"]
    }
  }

  private func scrumsChanged() {
    model.revalidateRoute()
    // A transcript that arrives while its meeting is on show: the page shows it.
    if let historyPage, case .history(let id, let entryID) = shownRoute,
      let entry = state.scrum(id)?.history.first(where: { $0.id == entryID }), entry.transcript != historyPage.entry.transcript
    {
      show(shownRoute)
    }
    if let detailPage, let scrum = state.scrum(detailPage.scrumID) {
      detailPage.update(scrum)
      detailPage.showLineup(model.lineup(for: scrum))
    }
    updateEnabled()  // Add to Calendar follows the shown scrum's schedule
  }

  /// Today's lineups changed (someone checked, a shuffle, a meeting over).
  private func lineupsChanged() {
    if let detailPage, let scrum = state.scrum(detailPage.scrumID) { detailPage.showLineup(model.lineup(for: scrum)) }
    updateEnabled()
  }

  // MARK: Meeting, editor, delete

  private func startMeeting(_ id: UUID) {
    guard meeting == nil, let scrum = state.scrum(id) else { return }
    meeting = MeetingCoordinator(
      scrum: scrum, lineup: model.lineup(for: scrum), state: state, dependencies: model.dependencies,
      window: window, twelveHour: Self.usesTwelveHourClock
    ) { [weak self] saved in
      guard let self else { return }
      self.showCompact(false)
      self.meetingTitle = nil
      self.window.title = tr("Scrumdinger")
      self.meeting = nil
      self.giveKeysToNotes(false)
      self.model.resetLineup(of: id)
      self.state.navigation.value = .detail(scrumID: id)
      self.updateEnabled()
      if saved, let entry = self.state.scrum(id)?.history.last { self.sayMeetingSaved(entry, of: id) }
    }
    let page = meeting!.page
    page.fit(width: window.allocatedSize.width, height: window.allocatedSize.height)
    page.showFullscreen(window.isFullscreen)
    page.notes.onTyping = { [weak self] typing in self?.giveKeysToNotes(typing) }
    page.notes.onEscape = { [weak page] in _ = page?.notes.button.grabFocus() }
    // Escape leaves full screen first, as in a video player; then it ends the meeting.
    page.root.onKey("Escape") { [weak self] in
      guard let self, self.window.isFullscreen else { return false }
      self.window.isFullscreen = false
      return true
    }
    // Easy to pick in a screen-sharing dialog, which then also says the meeting is recorded.
    let shown = Texts.shown(scrum.title)
    let title = { (recording: Bool) in recording ? tr("● Recording — %@ — Meeting", shown) : tr("%@ — Meeting", shown) }
    let recording = model.dependencies.recorder.isRecording
    window.title = title(recording.value)
    meetingTitle = recording.observe { [weak self] on in self?.window.title = title(on) }
    state.navigation.value = .meeting(scrumID: id)
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
    guard let editor, editor.hasChanges else {
      editor?.window.close()
      return beginScheduledMeeting(id)
    }
    let dialog = MessageDialog(
      parent: editor.window, heading: tr("Start the meeting of “%@”?", Texts.shown(scrum.title)),
      body: tr("The changes in the editor are not saved yet."))
    dialog.addResponse("keep", label: tr("Keep Editing"))
    dialog.addResponse("discard", label: tr("Discard Changes and Start"), appearance: .destructive)
    dialog.setDefaults(enter: "keep", escape: "keep")
    leaveEditorQuestion = dialog
    dialog.present { [weak self, weak editor] response in
      guard let self else { return }
      self.leaveEditorQuestion = nil
      guard response == "discard", self.meeting == nil else { return }
      editor?.window.close()
      self.beginScheduledMeeting(id)
    }
  }

  /// "Start the meeting of …?" over an editor with changes, while it is asked.
  package private(set) var leaveEditorQuestion: MessageDialog?

  private func beginScheduledMeeting(_ id: UUID) {
    state.navigation.value = .detail(scrumID: id)
    startMeeting(id)
  }

  /// "Next: today at 9:30" for a scrum on a schedule, from now.
  private func nextMeeting(of scrum: DailyScrum) -> String? {
    let now = model.dependencies.now()
    let zone = LocalZone.identifier
    guard let start = scrum.schedule?.nextStart(after: now, timeZone: zone) else { return nil }
    return Texts.nextMeeting(start, now: now, twelveHour: Self.usesTwelveHourClock, timeZone: zone)
  }

  /// A search result picked in the Activities overview: the scrum's page, unless a meeting or
  /// the editor is under way (neither is interrupted; the window comes forward).
  func showScrum(_ id: UUID) {
    if meeting == nil, editor == nil, state.scrum(id) != nil { state.navigation.value = .detail(scrumID: id) }
    present()
  }

  /// "Search in the app" from the Activities overview: the list, filtered by `terms`.
  func showSearch(_ terms: [String]) {
    if meeting == nil, editor == nil {
      state.navigation.value = .list
      listPage.search(terms)
    }
    present()
  }

  /// Time has moved on (a reminder came, a start went by): the "Next: …" texts say so.
  func timeMoved() {
    listPage.refreshNextMeetings()
    if let detailPage { detailPage.showNext(detailPage.scrum) }
  }

  /// What compact view puts back: the window's size, and whether it was maximized or full
  /// screen (nil while the meeting page is not compact).
  private(set) var compactRestore: (width: Int, height: Int, maximized: Bool, fullscreen: Bool)?
  /// The size of the compact strip's window.
  static let compactSize = (width: 320, height: 120)

  /// Folds the meeting page into the compact strip, the window shrunk around it, or unfolds
  /// it and gives the window back the size it had.
  private func showCompact(_ on: Bool) {
    guard let page = meeting?.page, on != (compactRestore != nil) else { return }
    if on {
      let size = window.defaultSize
      compactRestore = (size.width, size.height, window.isMaximized, window.isFullscreen)
      if window.isFullscreen { window.isFullscreen = false }
      if window.isMaximized { window.isMaximized = false }
      page.showCompact(true)
      window.setDefaultSize(width: Self.compactSize.width, height: Self.compactSize.height)
    } else if let restore = compactRestore {
      compactRestore = nil
      page.showCompact(false)
      window.setDefaultSize(width: restore.width, height: restore.height)
      if restore.maximized { window.isMaximized = true }
      if restore.fullscreen { window.isFullscreen = true }
    }
  }

  /// Whether GNOME writes times on a 12-hour clock (its clock-format setting; 24 hours when
  /// the setting is not there).
  static var usesTwelveHourClock: Bool {
    Settings(schemaID: "org.gnome.desktop.interface", searching: [])?.string("clock-format") == "12h"
  }

  /// While a note is typed, the meeting's single-key shortcuts type into it instead (their
  /// buttons still work); afterwards they are the meeting's again.
  private func giveKeysToNotes(_ typing: Bool) {
    for command in Command.allCases where command.yieldsKeysToNotes {
      application.setAccelerators(typing ? [] : command.accelerators, for: command.rawValue)
    }
  }

  /// The toast of the meeting just saved, while it is up.
  private(set) var savedMeetingToast: Toast?

  /// Says the meeting was saved, with View (opens it) and Undo (removes it), and brings its
  /// row into view.
  private func sayMeetingSaved(_ entry: History, of scrumID: UUID) {
    detailPage?.focusHistoryRow(entry.id)
    savedMeetingToast = toasts.show(
      tr("Meeting saved: %@", Texts.timeOfDay(entry.date)), button: tr("Undo"),
      action: { [weak self] in  // the model's delete, without an undo of its own
        guard let self, let deletion = self.model.deleteHistory(scrumID: scrumID, historyID: entry.id) else { return }
        self.model.forgetUndo(deletion)
        self.updateEnabled()
      },
      extraButton: (
        tr("View"),
        { [weak self] in
          guard let self, self.state.scrum(scrumID)?.history.contains(where: { $0.id == entry.id }) == true else { return }
          self.state.navigation.value = .history(scrumID: scrumID, historyID: entry.id)
        }
      ),
      onDismissed: { [weak self] in self?.savedMeetingToast = nil })
  }

  private func openEditor(_ draft: ScrumDraft) {
    let sheet = EditorSheet(
      parent: window, draft: draft, newID: model.dependencies.uuid, twelveHour: Self.usesTwelveHourClock
    ) { [weak self] confirmed in
      guard let self else { return }
      do throws(StoreError) {
        try self.model.apply(confirmed)
      } catch {
        self.toast(tr("Whether this computer records “%@” could not be saved: %@", Texts.shown(confirmed.title), error.description))
      }
      // A new scrum's card takes the focus, so Enter opens it once the sheet is gone.
      if draft.isNew, self.shownRoute == .list { self.listPage.card(for: confirmed.id)?.button.grabFocus() }
    }
    editor = sheet
    sheet.present()
  }

  private func confirmDelete(_ id: UUID) {
    guard let scrum = state.scrum(id) else { return }
    confirmDestructive(
      over: window, heading: tr("Delete “%@”?", Texts.shown(scrum.title)), body: tr("Its meeting history is deleted with it.")
    ) { [weak self] in
      guard let self, let deletion = self.model.deleteScrum(id) else { return }
      self.offerUndo(deletion)
    }
  }

  /// The toast of the last delete, while it is up.
  private var undoToast: Toast?

  /// Says what was deleted, with Undo (and Ctrl+Z) while the toast is up.
  private func offerUndo(_ deletion: Deletion) {
    undoToast?.dismiss()
    undoToast = toasts.show(
      AppModel.message(for: deletion), button: tr("Undo"),
      action: { [weak self] in
        self?.model.undo(deletion)
        self?.updateEnabled()
      },
      onDismissed: { [weak self] in  // may come when the window is gone (at quit)
        self?.model.forgetUndo(deletion)
        self?.updateEnabled()
      })
    updateEnabled()
  }
}
