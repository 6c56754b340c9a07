// The window is a stack of pages driven by AppState.navigation: pages never push each other,
// they change the route and the window shows it. Window actions (win.*) carry the keyboard
// accelerators, and are enabled only on the pages where they make sense.
import Foundation
import GtkShim
import ScrumdingerCore

/// The one window: titled "Scrumdinger", showing the page the navigation state names.
@MainActor public final class MainWindow {
  /// The GTK window.
  public let window: ApplicationWindow
  let stack = Stack()
  let toasts: ToastOverlay
  private(set) lazy var listPage = ScrumListPage(
    state: state, onNew: { [unowned self] in self.newScrum() },
    onOpen: { [unowned self] id in self.state.navigation.value = .detail(scrumID: id) })
  private(set) var detailPage: DetailPage?
  private(set) var historyPage: HistoryPage?
  /// The meeting under way, if any.
  private(set) var meeting: MeetingCoordinator?
  let chime = Chime()
  /// The open editor sheet, if any (it keeps itself alive while open).
  private(set) weak var editor: EditorSheet?
  private(set) lazy var newScrumAction = Action("new-scrum") { [unowned self] in self.newScrum() }
  private(set) lazy var editAction = Action("edit") { [unowned self] in self.editCurrentScrum() }
  private(set) lazy var backAction = Action("back") { [unowned self] in self.goBack() }
  private(set) lazy var startAction = Action("start-meeting") { [unowned self] in
    if case .detail(let id) = self.state.navigation.value { self.startMeeting(id) }
  }
  /// Ctrl+? and the menu's Keyboard Shortcuts: the window is built on first use.
  private(set) lazy var shortcutsAction = Action("show-help-overlay") { [unowned self] in
    if self.shortcutsWindow == nil { self.shortcutsWindow = ShortcutsWindow(xml: ShortcutsHelp.xml, parent: self.window) }
    self.shortcutsWindow?.present()
  }
  private var shortcutsWindow: ShortcutsWindow?
  private(set) lazy var meetingActions = [
    Action("pause") { [unowned self] in self.meeting?.togglePause() },
    Action("next-speaker") { [unowned self] in self.meeting?.nextSpeaker() },
    Action("end-meeting") { [unowned self] in self.meeting?.askToEnd() },
    Action("mute") { [unowned self] in self.meeting?.toggleMute() },
    Action("fullscreen") { [unowned self] in self.window.isFullscreen.toggle() },
  ]
  private let clock: any MonotonicClock
  private let scheduler: any TickScheduler
  private unowned let application: Application
  private let state: AppState
  private var observations: [ObservationToken] = []

  init(application: Application, state: AppState, clock: any MonotonicClock, scheduler: any TickScheduler) {
    self.state = state
    self.clock = clock
    self.scheduler = scheduler
    self.application = application
    ThemeStyle.install()
    window = ApplicationWindow(application: application)
    window.title = tr("Scrumdinger")
    window.setDefaultSize(width: 720, height: 760)
    toasts = ToastOverlay(stack)
    window.content = toasts

    for action in [newScrumAction, editAction, backAction, startAction, shortcutsAction] + meetingActions {
      window.addAction(action)
    }
    for (action, accelerators) in Self.accelerators {
      application.setAccelerators(accelerators, for: "win." + action)
    }
    chime.onProblem = { [unowned self] message in self.toast(tr("The ding cannot be played: %@", message)) }
    window.onCloseRequest { [unowned self] in
      guard let meeting = self.meeting else { return false }
      meeting.askToEnd { [unowned self] in self.window.close() }
      return true
    }

    observations.append(state.navigation.observe { [unowned self] route in self.show(route) })
    observations.append(state.scrums.observe { [unowned self] _ in self.scrumsChanged() })
    show(state.navigation.value)
  }

  /// The keyboard accelerators of the window actions (also listed in ShortcutsHelp).
  static let accelerators: [(String, [String])] = [
    ("new-scrum", ["<Control>n"]),
    ("edit", ["<Control>e"]),
    ("back", ["<Alt>Left"]),
    ("start-meeting", ["<Control>Return"]),
    ("pause", ["space"]),
    ("next-speaker", ["Right", "n", "Page_Down"]),
    ("end-meeting", ["Escape"]),
    ("mute", ["m"]),
    ("fullscreen", ["F11"]),
    ("show-help-overlay", ["<Control>question"]),
  ]

  /// Shows and raises the window.
  public func present() { window.present() }

  /// Shows a short message over the window, optionally with an undo-style button.
  func toast(_ text: String, button: String? = nil, action: (@MainActor () -> Void)? = nil) {
    toasts.show(text, button: button, action: action)
  }

  private func show(_ route: Route) {
    var focus: Widget?
    switch route {
    case .list:
      stack.show(listPage.root, named: "list", title: tr("Daily Scrums"))
      focus = listPage.cards.first { $0.scrumID == detailPage?.scrumID }?.button
      detailPage = nil
      historyPage = nil
    case .detail(let id):
      guard let scrum = state.scrum(id) else { return state.navigation.value = .list }
      let comingBackFromHistory = historyPage != nil && detailPage?.scrumID == id
      let page = DetailPage(scrum: scrum, actions: detailActions(for: id))
      detailPage = page
      stack.show(page.root, named: "detail", title: scrum.title)
      historyPage = nil
      focus = comingBackFromHistory ? page.historyRows.first?.1 : page.startButton
    case .history(let id, let entryID):
      guard let scrum = state.scrum(id), let entry = scrum.history.first(where: { $0.id == entryID }) else {
        return state.navigation.value = .detail(scrumID: id)
      }
      let page = HistoryPage(scrum: scrum, entry: entry) { [unowned self] in self.goBack() }
      historyPage = page
      stack.show(page.root, named: "history", title: tr("Meeting History"))
      focus = page.backButton
    case .meeting(let id):
      guard let meeting, meeting.session.scrum.id == id else { return state.navigation.value = .detail(scrumID: id) }
      stack.show(meeting.page.root, named: "meeting", title: tr("Meeting"))
      focus = meeting.page.nextButton
    }
    stack.removePages(except: Self.pageNames(for: route))
    let onDetail = if case .detail = route { true } else { false }
    let inMeeting = if case .meeting = route { true } else { false }
    editAction.isEnabled = onDetail
    startAction.isEnabled = onDetail
    backAction.isEnabled = route != .list
    newScrumAction.isEnabled = route == .list
    for action in meetingActions { action.isEnabled = inMeeting }
    focus?.grabFocus()
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

  private func detailActions(for id: UUID) -> DetailPage.Actions {
    DetailPage.Actions(
      back: { [unowned self] in self.goBack() },
      edit: { [unowned self] in self.editCurrentScrum() },
      start: { [unowned self] in self.startMeeting(id) },
      delete: { [unowned self] in self.confirmDelete(id) },
      openHistory: { [unowned self] entry in self.state.navigation.value = .history(scrumID: id, historyID: entry) })
  }

  private func scrumsChanged() {
    // Re-show the current page so it reflects the edit (or leaves a deleted scrum).
    switch state.navigation.value {
    case .list, .meeting: break
    case .detail, .history: show(state.navigation.value)
    }
  }

  private func goBack() {
    switch state.navigation.value {
    case .list: break
    case .detail: state.navigation.value = .list
    case .history(let id, _): state.navigation.value = .detail(scrumID: id)
    case .meeting: meeting?.askToEnd()
    }
  }

  private func startMeeting(_ id: UUID) {
    guard meeting == nil, let scrum = state.scrum(id) else { return }
    meeting = MeetingCoordinator(
      scrum: scrum, state: state, application: application, window: window, chime: chime, clock: clock,
      scheduler: scheduler
    ) { [unowned self] _ in
      self.state.navigation.value = .detail(scrumID: id)
      self.meeting = nil
    }
    state.navigation.value = .meeting(scrumID: id)
  }

  /// Opens the editor for a new scrum (from the list page only).
  func newScrum() {
    guard state.navigation.value == .list, editor == nil else { return }
    openEditor(ScrumDraft(newAfter: state.scrums.value))
  }

  private func openEditor(_ draft: ScrumDraft) {
    let sheet = EditorSheet(parent: window, draft: draft) { [unowned self] scrum in
      self.state.scrums.update { scrums in
        if let index = scrums.firstIndex(where: { $0.id == scrum.id }) {
          scrums[index] = scrum
        } else {
          scrums.append(scrum)
        }
      }
    }
    editor = sheet
    sheet.present()
  }

  private func editCurrentScrum() {
    guard case .detail(let id) = state.navigation.value, let scrum = state.scrum(id) else { return }
    openEditor(ScrumDraft(editing: scrum))
  }

  private func confirmDelete(_ id: UUID) {
    guard let scrum = state.scrum(id) else { return }
    let dialog = MessageDialog(
      parent: window, heading: tr("Delete “%@”?", scrum.title),
      body: tr("Its meeting history is deleted with it."))
    dialog.addResponse("cancel", label: tr("Cancel"))
    dialog.addResponse("delete", label: tr("Delete"), appearance: .destructive)
    dialog.setDefaults(enter: "cancel", escape: "cancel")
    dialog.present { [unowned self] response in
      guard response == "delete" else { return }
      self.delete(id)
    }
  }

  private func delete(_ id: UUID) {
    guard let index = state.scrums.value.firstIndex(where: { $0.id == id }) else { return }
    let scrum = state.scrums.value[index]
    state.navigation.value = .list
    state.scrums.update { $0.remove(at: index) }
    toast(tr("“%@” deleted", scrum.title), button: tr("Undo")) { [unowned self] in
      self.state.scrums.update { $0.insert(scrum, at: min(index, $0.count)) }
    }
  }
}
