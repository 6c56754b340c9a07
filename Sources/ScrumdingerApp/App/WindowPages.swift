// The window's stack of pages along the route on show. The route is the state's; this keeps
// the pages it names (the list always; a scrum's detail and a past meeting while on the trail,
// let go once off it), shows the top one, puts the focus where the model says, and brings the
// kept pages up to date when the scrums or today's lineups change. It makes no page of its
// own accord beyond these: a past meeting's page and the meeting's come from their features.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// The main window's pages, kept along the route shown.
@MainActor final class WindowPages {
  /// The stack the pages are shown in.
  let stack = Stack()
  /// The list of scrums.
  private(set) lazy var list = ScrumListPage(state: model.state, meetingSearch: meetingSearch)
  /// The shown scrum's page, while on the trail.
  private(set) var detail: DetailPage?
  /// The shown past meeting's page, while on the trail.
  private(set) var history: HistoryPage?
  /// The route on show.
  private(set) var shown: Route = .list
  /// The pages of the route on show, from the list to the one shown.
  private var trail: [any Page] = []
  private let model: AppModel
  /// The transcripts' progress, which a scrum's page shows beside its meetings.
  private let transcriber: Transcriber
  private var state: AppState { model.state }
  /// "Next: today at 9:30" for a scrum on a schedule.
  private let nextMeeting: @MainActor (DailyScrum) -> String?
  /// A past meeting's page (entry, scrum), nil when it is gone.
  private let historyPage: @MainActor (UUID, UUID) -> HistoryPage?
  /// The meeting's page, while a meeting is under way.
  private let meetingPage: @MainActor () -> MeetingPage?
  /// What was said in meetings, searched from the list and a scrum's page.
  private let meetingSearch: MeetingSearch
  /// Called with a search's result picked (its meeting opened at it; played from it if asked).
  var onOpenMatch: (@MainActor (MeetingMatch, _ play: Bool) -> Void)? {
    didSet { list.meetingResults.onOpen = onOpenMatch }
  }

  /// The pages of `model`'s routes (showing `transcriber`'s progress, searching meetings'
  /// words with `meetingSearch`); the features make a past meeting's and the meeting's.
  init(
    model: AppModel, transcriber: Transcriber, meetingSearch: MeetingSearch,
    nextMeeting: @escaping @MainActor (DailyScrum) -> String?,
    historyPage: @escaping @MainActor (_ entryID: UUID, _ scrumID: UUID) -> HistoryPage?,
    meetingPage: @escaping @MainActor () -> MeetingPage?
  ) {
    self.model = model
    self.transcriber = transcriber
    self.meetingSearch = meetingSearch
    self.nextMeeting = nextMeeting
    self.historyPage = historyPage
    self.meetingPage = meetingPage
    list.nextMeeting = nextMeeting
  }

  /// The page on show (F10 opens its menu).
  var top: any Page { trail.last ?? list }

  /// Shows `route`'s page and returns the route shown before; nil when nothing changed (its
  /// scrum, past meeting or meeting is gone).
  func show(_ route: Route) -> Route? {
    guard let pages = pages(for: route), let page = pages.last else { return nil }
    let previous = shown
    shown = route
    trail = pages
    if !pages.contains(where: { $0 === detail }) { detail = nil }
    if !pages.contains(where: { $0 === history }) { history = nil }
    stack.show(page.root, named: page.name, title: page.title)
    stack.removePages(except: Set(pages.map(\.name)))
    return previous
  }

  /// The pages `route` shows and can go back to, the one shown last.
  private func pages(for route: Route) -> [any Page]? {
    switch route {
    case .list: [list]
    case .detail(let id): detailPage(for: id).map { [list, $0] }
    case .history(let id, let entryID):
      detailPage(for: id).flatMap { detail in
        history = historyPage(entryID, id)
        return history.map { [list, detail, $0] }
      }
    case .meeting(let id): detailPage(for: id).flatMap { detail in meetingPage().map { [list, detail, $0] } }
    }
  }

  /// The detail page of scrum `id`: the one kept, or a new one.
  private func detailPage(for id: UUID) -> DetailPage? {
    if let detail, detail.scrumID == id { return detail }
    guard let scrum = state.scrum(id) else { return nil }
    let page = DetailPage(
      scrum: scrum, lineup: model.detail.lineup(for: scrum), transcripts: transcriber.statuses,
      meetingSearch: meetingSearch)
    page.results.onOpen = onOpenMatch
    page.nextMeeting = nextMeeting
    page.unheard = { [dependencies = model.dependencies] scrum in
      let consent = dependencies.recorder.consent
      // English was heard before scrums had a language: Preferences says what it needs.
      guard consent.records(scrum.id) || consent.captions(scrum.id), scrum.speechLanguage?.isEnglish != true else {
        return nil
      }
      return dependencies.speech.unavailableReason(for: scrum)
    }
    page.onPresenceChange = { [rules = model.detail] attendee, present in
      rules.setPresent(present, attendee: attendee, in: id)
    }
    detail = page
    return page
  }

  /// Puts the keyboard focus where the model says a move between pages leaves it.
  func focus(_ target: FocusTarget) {
    switch target {
    case .scrumCard(let id): list.card(for: id)?.button.grabFocus()
    case .newScrumButton: (list.cards.isEmpty ? list.emptyButton : list.newButton).grabFocus()
    case .startButton: detail?.startButton.grabFocus()
    case .historyRow(let id):
      if detail?.focusHistoryRow(id) != true { detail?.startButton.grabFocus() }
    case .backButton: history?.backButton.grabFocus()
    case .sentence(let milliseconds, let isNote):
      if history?.focusSaid(at: milliseconds, isNote: isNote) != true { history?.backButton.grabFocus() }
    case .nextSpeakerButton: meetingPage()?.nextButton.grabFocus()
    }
  }

  /// The scrums changed: the kept pages show them (and a transcript that arrives while its
  /// meeting is on show).
  func scrumsChanged() {
    if let history, case .history(let id, let entryID) = shown,
      let entry = state.scrum(id)?.history.first(where: { $0.id == entryID }),
      entry.transcript != history.entry.transcript
    {
      _ = show(shown)
    }
    if let detail, let scrum = state.scrum(detail.scrumID) {
      detail.update(scrum)
      detail.showUnheard(scrum)  // this computer's choice to record it may have changed with it
      detail.showLineup(model.detail.lineup(for: scrum))
    }
  }

  /// Today's lineups changed (someone checked, a shuffle, a meeting over).
  func lineupsChanged() {
    if let detail, let scrum = state.scrum(detail.scrumID) { detail.showLineup(model.detail.lineup(for: scrum)) }
  }

  /// Time has moved on (a reminder came, a start went by): the "Next: …" texts say so.
  func timeMoved() {
    list.refreshNextMeetings()
    if let detail { detail.showNext(detail.scrum) }
  }
}
