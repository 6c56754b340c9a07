// The list keeps one card per scrum, keyed by id: a change rebuilds only the cards whose
// face changed (title, attendee count, length, theme), moves or removes only what moved
// or went, and a new meeting in some scrum's history touches no card at all. The search bar
// (Ctrl+F, or the overview's "search in the app") lists only the scrums whose title has
// every word typed, by the rule the Activities overview uses (ScrumSearch), and under them
// the sentences of every scrum's meetings that hold those words (MeetingSearch).
import FoundationEssentials
import GtkShim
import Platform
import ScrumdingerCore

/// The first page: "Daily Scrums", a card per scrum, or "No Scrums" with a button to add one.
@MainActor final class ScrumListPage {
  /// The page's root widget.
  let root = Box(vertical: true)
  let header = HeaderBar(title: tr("Daily Scrums"))
  let newButton = Button(iconName: "list-add-symbolic", accessibleName: tr("New Scrum"))
  let list = ListBox(named: tr("Daily Scrums"), boxed: false)
  let emptyButton = Button(label: tr("New Scrum"))
  let menuButton = MainMenu.button(pageItems: [(tr("Import Scrums…"), .window(.importScrums))])
  let searchButton = ToggleButton(child: Image(iconName: "system-search-symbolic"), accessibleName: tr("Search Scrums"))
  let searchEntry = SearchEntry(placeholder: tr("Search scrums"), accessibleName: tr("Search Scrums"))
  let searchBar: SearchBar
  /// What the search bar holds (nothing while it is closed).
  private(set) var search = ScrumSearch([])
  /// "No Results Found", made when a search first finds nothing.
  private var noResultsPage: StatusPage?
  /// The cards, in list order.
  private(set) var cards: [ScrumCard] = []
  /// What was said in any scrum's meetings that holds the words typed, under the cards.
  private(set) lazy var meetingResults = MeetingResultsView { [weak self] id in self?.state.scrum(id)?.title }
  private let meetingSearch: MeetingSearch
  /// How many cards have been built since the page opened (a test counts them).
  private(set) var cardBuilds = 0
  /// When a scrum meets next, in words ("Next: today at 9:30"); nil off a schedule.
  var nextMeeting: (DailyScrum) -> String? = { _ in nil } {
    didSet { refreshNextMeetings() }
  }

  /// Says again when each scrum meets next (time has moved on): only cards whose words
  /// changed are rebuilt.
  func refreshNextMeetings() { show(state.scrums.value) }
  let emptyPage = StatusPage(
    title: tr("No Scrums"), description: tr("Add a scrum to keep its stand-up on time."))
  /// "Loading Your Scrums…" with a spinner, made only when a read takes long enough to see
  /// it (a large file): a read of the usual few kilobytes ends before the first frame, and a
  /// page flashed for a moment is only noise (and start-up work).
  private var loadingPage: StatusPage?
  private var loadingDelay: Timeout?
  /// How long a read runs before the loading page shows.
  static let loadingPageDelay = Duration.milliseconds(300)
  /// Whether "Loading Your Scrums…" is on show.
  var isShowingLoadingPage: Bool { loadingPage?.isMapped == true }
  private let scroller: ScrolledWindow
  /// Whether the scrums are still being read (nothing shows, then the loading page, instead
  /// of "No Scrums").
  var isLoading = false {
    didSet {
      loadingDelay?.cancel()
      loadingDelay = isLoading ? Timeout(after: Self.loadingPageDelay) { [weak self] in self?.showLoadingPage() } : nil
      showState()
    }
  }
  private let state: AppState
  private var observation: ObservationToken?

  init(state: AppState, meetingSearch: MeetingSearch = MeetingSearch()) {
    self.state = state
    self.meetingSearch = meetingSearch
    list.addCSSClass("scrum-list")
    let content = Box(vertical: true, spacing: 12)
    content.append(list)
    scroller = ScrolledWindow(Clamp(content))
    searchBar = SearchBar(searchEntry)
    searchBar.bind(searchButton)
    searchButton.tooltip = tr("Search Scrums")
    header.packStart(newButton)
    header.packEnd(menuButton)
    header.packEnd(searchButton)
    newButton.setAction(Command.app(.newScrum).detailedName)
    emptyButton.addCSSClass("pill")
    emptyButton.addCSSClass("suggested-action")
    emptyButton.align(horizontal: .center)
    emptyButton.setAction(Command.app(.newScrum).detailedName)
    emptyPage.child = emptyButton
    if let icon = ResourceLocator.emptyListIcon { emptyPage.setIcon(file: icon, size: 128) }
    emptyPage.expand(vertically: true)
    list.setMargins(12)
    meetingResults.group.setMargins(12)
    content.append(meetingResults.group)
    root.append(header)
    root.append(searchBar)
    root.append(emptyPage)
    root.append(scroller)
    observation = state.scrums.observe { [weak self] scrums in self?.show(scrums) }
    searchEntry.onSearchChanged { [weak self] in self?.searchChanged() }
    searchBar.onOpenChanged { [weak self] in self?.searchChanged() }
    show(state.scrums.value)
    // Up and Down walk the cards, as in any list.
    for (key, step) in [("Up", -1), ("Down", 1)] {
      list.onKey(key) { [weak self] in
        guard let self, let index = self.cards.firstIndex(where: { $0.button.hasFocus }) else { return false }
        if self.cards.indices.contains(index + step) { self.cards[index + step].button.grabFocus() }
        return true
      }
    }
  }

  /// The card of scrum `id`, if it is listed.
  func card(for id: UUID) -> ScrumCard? {
    cards.first { $0.scrumID == id }
  }

  /// Opens the search bar holding `terms`, and lists what matches.
  func search(_ terms: [String]) {
    searchBar.isOpen = true
    searchEntry.text = terms.joined(separator: " ")
    searchChanged()
  }

  private func searchChanged() {
    // Before the first keystroke.
    if searchBar.isOpen, searchEntry.text.isEmpty { meetingSearch.prepare(state.scrums.value) }
    let typed = searchBar.isOpen ? ScrumSearch([searchEntry.text]) : ScrumSearch([])
    guard typed != search else { return }
    search = typed
    show(state.scrums.value)
  }

  /// Brings the cards in line with `scrums` (those the search finds, while it is open),
  /// rebuilding only the cards whose face changed.
  private func show(_ all: [DailyScrum]) {
    let scrums = search.isEmpty ? all : all.filter { search.matches($0.title) }
    meetingResults.show(meetingSearch.results(of: search, in: all))
    var kept = Dictionary(cards.map { ($0.scrumID, $0) }, uniquingKeysWith: { first, _ in first })
    let wanted = scrums.map { scrum -> ScrumCard in
      let next = nextMeeting(scrum)
      if let card = kept.removeValue(forKey: scrum.id), card.face == ScrumCard.Face(scrum, next: next) { return card }
      cardBuilds += 1
      return ScrumCard(scrum: scrum, next: next)
    }
    let wantedRows = Set(wanted.map { ObjectIdentifier($0.row) })
    for row in list.children where !wantedRows.contains(ObjectIdentifier(row)) { list.remove(row) }
    for (index, card) in wanted.enumerated() {
      let rows = list.children
      if index < rows.count, rows[index] === card.row { continue }
      list.remove(card.row)
      list.insert(card.row, at: index)
    }
    cards = wanted
    showState()
  }

  private func showLoadingPage() {
    guard isLoading, loadingPage == nil else { return }
    let page = StatusPage(title: tr("Loading Your Scrums…"))
    page.child = Spinner(accessibleName: tr("Loading Your Scrums…"))
    page.expand(vertically: true)
    root.insert(page, after: header)
    loadingPage = page
  }

  private func showState() {
    let saidSomewhere = meetingResults.group.isVisible
    let nothingFound = !isLoading && cards.isEmpty && !saidSomewhere && !search.isEmpty && !state.scrums.value.isEmpty
    if nothingFound, noResultsPage == nil {
      let page = StatusPage(title: tr("No Results Found"), description: tr("Try a different search."))
      page.setIcon(name: "system-search-symbolic")
      page.expand(vertically: true)
      root.insert(page, after: searchBar)
      noResultsPage = page
    }
    noResultsPage?.isVisible = nothingFound
    loadingPage?.isVisible = isLoading
    // "No Scrums" only when there are none: a search that found words said but no title shows
    // those words alone.
    emptyPage.isVisible = !isLoading && state.scrums.value.isEmpty
    scroller.isVisible = !isLoading && (!cards.isEmpty || saidSomewhere)
  }
}
