// The detail page is built once per visit and then updated in place: an edit changes the
// labels it touches, a new meeting inserts one history row. Past meetings go through a
// recycling list, so a scrum met daily for years opens as fast as a new one. Its search bar
// (Ctrl+F) looks through what was said and noted in all its meetings, as it is typed, and
// shows the sentences found in place of the page.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// One scrum: Start Meeting, its length, theme, attendees and history, Edit and Delete.
@MainActor final class DetailPage {
  let root = Box(vertical: true)
  let header: HeaderBar
  let backButton = Button(iconName: "go-previous-symbolic", accessibleName: tr("Back"))
  let editButton = Button(label: tr("Edit"))
  /// Edit as an icon, where the header has no room for its word.
  let editIconButton = Button(iconName: "document-edit-symbolic", accessibleName: tr("Edit"))
  /// Edit and search, in words or icons or, in a narrow window (GNOME's phone width with a
  /// window's three controls), not in the header: the menu offers both.
  let headerTools: Squeezer
  /// The page's own items first (F10 then Enter exports the history), then Edit and search,
  /// which the header may have no room for.
  let menuButton = MainMenu.button(pageItems: [
    (tr("Export History…"), .history(.exportHistory)), (tr("Add to Calendar…"), .history(.addToCalendar)),
    (tr("Edit"), .window(.edit)), (tr("Search What Was Said"), .window(.search)),
  ])
  let startButton = Button(iconName: "media-playback-start-symbolic", label: tr("Start Meeting"))
  /// Says why Start Meeting is greyed out when nobody is checked as here.
  let nobodyHereLabel = Label(tr("Nobody is here today: check who is, to start the meeting."))
  /// Says why this computer, which records or captions the scrum, cannot hear its meetings'
  /// language (no model hears it, or the file named one this app does not know).
  let unheardLabel = Label()
  /// Why this computer cannot hear `scrum`'s meetings, when it records or captions them.
  var unheard: (DailyScrum) -> String? = { _ in nil } {
    didSet { showUnheard(scrum) }
  }
  let shuffleButton = Button(iconName: "media-playlist-shuffle-symbolic", label: tr("Shuffle"))
  let deleteButton = Button(label: tr("Delete"))
  let lengthLabel = Label()
  /// "Next: Monday at 9:30", for a scrum on a schedule.
  let nextLabel = Label()
  private let nextRow = ActionRow(title: tr("Schedule"))
  /// When a scrum meets next, in words; nil off a schedule.
  var nextMeeting: (DailyScrum) -> String? = { _ in nil } {
    didSet { showNext(scrum) }
  }
  let themeLabel = Label()
  /// Past meetings, newest first.
  let history: RecyclingList<HistoryRow, UUID>
  let scrumID: UUID
  private(set) var scrum: DailyScrum
  /// Today's speaking order and who is here.
  private(set) var lineup: Lineup
  /// The attendees, in today's speaking order, each with a "NAME is here" check box.
  let attendees: RecyclingList<PersonRow, UUID>
  /// Called when the user checks or unchecks whether someone is here.
  var onPresenceChange: (@MainActor (_ attendee: UUID, _ present: Bool) -> Void)?
  private let swatch = Box()
  private let noAttendees = ListBox(named: tr("Attendees"))
  private let noHistory = ListBox(named: tr("History"))
  /// Figures over the last 30 meetings (hidden without meetings).
  let statisticsGroup = PreferencesGroup(title: tr("Statistics"), description: tr("The last 30 meetings"))
  let averageLabel = Label()
  let onTimeLabel = Label()
  private let averagesList = ListBox(named: tr("Statistics"))
  private(set) var lengthsChart: LengthsChart?

  /// The search through its meetings' words (Ctrl+F).
  let searchButton = ToggleButton(
    child: Image(iconName: "system-search-symbolic"), accessibleName: tr("Search What Was Said"))
  private let searchIconButton = ToggleButton(
    child: Image(iconName: "system-search-symbolic"), accessibleName: tr("Search What Was Said"))
  let searchEntry = SearchEntry(placeholder: tr("Search what was said"), accessibleName: tr("Search What Was Said"))
  let searchBar: SearchBar
  /// The sentences found, shown instead of the page while something is typed.
  let results = MeetingResultsView()
  /// The page's scrolling view, and the results' (one shown at a time).
  private let pageArea = Box(vertical: true)
  private let resultsArea = Box(vertical: true)
  /// "Nothing said in its meetings matches."
  private let noneSaid = StatusPage(
    title: tr("No Results Found"), description: tr("Nothing said or noted in its meetings matches."))
  private let meetingSearch: MeetingSearch

  /// Where recorded meetings' transcripts stand, as the rows last showed it.
  private var transcripts: [UUID: TranscriptionStatus]
  private var transcriptsObservation: ObservationToken?

  /// The page of `scrum` with today's `lineup`; `transcripts` says where recorded meetings'
  /// transcripts stand (their rows say "Transcribing… 40 %").
  init(
    scrum: DailyScrum, lineup: Lineup, transcripts: ObservableValue<[UUID: TranscriptionStatus]>,
    meetingSearch: MeetingSearch = MeetingSearch()
  ) {
    self.transcripts = transcripts.value
    self.meetingSearch = meetingSearch
    scrumID = scrum.id
    self.scrum = scrum
    self.lineup = lineup
    header = HeaderBar(title: Texts.shown(scrum.title))
    header.packStart(backButton)
    headerTools = Squeezer([
      Box(vertical: false, spacing: 6, [editButton, searchButton]),
      Box(vertical: false, spacing: 6, [editIconButton, searchIconButton]),
    ])
    header.packEnd(menuButton)
    header.packEnd(headerTools)
    searchBar = SearchBar(searchEntry)
    for toggle in [searchButton, searchIconButton] {
      searchBar.bind(toggle)
      toggle.tooltip = tr("Search What Was Said")
    }
    backButton.setAction(Command.window(.back).detailedName)
    for edit in [editButton, editIconButton] { edit.setAction(Command.window(.edit).detailedName) }
    startButton.setAction(Command.window(.startMeeting).detailedName)
    deleteButton.setAction(Command.window(.deleteScrum).detailedName)
    shuffleButton.setAction(Command.window(.shuffleLineup).detailedName)
    history = RecyclingList(named: tr("History"), maximumHeight: 420) {
      let row = HistoryRow()
      return (row, row.row)
    }
    attendees = RecyclingList(named: tr("Attendees"), maximumHeight: 600) {
      let row = PersonRow()
      return (row, row.row)
    }
    nobodyHereLabel.addCSSClass("dim-label")
    nobodyHereLabel.setWraps()

    let page = Box(vertical: true, spacing: 24)
    page.setMargins(18)
    startButton.addCSSClass("pill")
    startButton.addCSSClass("suggested-action")
    startButton.align(horizontal: .center)
    page.append(startButton)
    page.append(nobodyHereLabel)
    unheardLabel.addCSSClass("warning")
    unheardLabel.setWraps()
    unheardLabel.isVisible = false
    page.append(unheardLabel)
    page.append(infoGroup())
    page.append(attendeesGroup())
    page.append(historyGroup())
    page.append(statisticsGroup)
    deleteButton.addCSSClass("pill")
    deleteButton.addCSSClass("destructive-action")
    deleteButton.align(horizontal: .center)
    page.append(deleteButton)
    root.append(header)
    root.append(searchBar)
    pageArea.append(ScrolledWindow(Clamp(page)))
    root.append(pageArea)
    let found = Box(vertical: true, spacing: 12)
    found.setMargins(18)
    found.append(results.group)
    noneSaid.setIcon(name: "system-search-symbolic")
    noneSaid.isVisible = false
    found.append(noneSaid)
    resultsArea.append(ScrolledWindow(Clamp(found)))
    resultsArea.isVisible = false
    root.append(resultsArea)
    searchEntry.onSearchChanged { [weak self] in self?.searchChanged() }
    searchBar.onOpenChanged { [weak self] in self?.searchChanged() }
    history.bind = { [weak self] row, item in self?.bind(row, item) }
    // Only the rows whose meeting's transcription moved are touched.
    transcriptsObservation = transcripts.observe { [weak self] statuses in
      guard let self else { return }
      let old = self.transcripts
      self.transcripts = statuses
      for row in self.history.madeRows {
        guard let id = row.entryID, statuses[id] != old[id] else { continue }
        row.showTranscription(statuses[id])
      }
    }
    attendees.bind = { [weak self] row, item in
      guard let self else { return }
      row.onChange = { [weak self] id, present in self?.onPresenceChange?(id, present) }
      row.show(self.name(of: item.id, at: item.position), id: item.id, present: self.lineup.isPresent(item.id))
    }
    show(scrum, previous: nil)
  }

  /// Shows what the meetings' words hold of what is typed, or the page when nothing is.
  private func searchChanged() {
    // Folded before the first keystroke.
    if searchBar.isOpen, searchEntry.text.isEmpty { meetingSearch.prepare([scrum]) }
    let search = searchBar.isOpen ? ScrumSearch([searchEntry.text]) : ScrumSearch([])
    let matches = meetingSearch.results(of: search, in: [scrum])
    results.show(matches)
    noneSaid.isVisible = !search.isEmpty && matches.isEmpty
    resultsArea.isVisible = !search.isEmpty
    pageArea.isVisible = search.isEmpty
  }

  /// Opens the search through its meetings' words.
  func openSearch() {
    searchBar.isOpen = true
    _ = searchEntry.grabFocus()
  }

  /// Attendee names by id, for rows whose place differs from the team's (a shuffled lineup);
  /// made on first need.
  private var names: [UUID: String]?

  /// The name of attendee `id`, shown at `position` of today's order.
  private func name(of id: UUID, at position: Int) -> String {
    let people = scrum.attendees
    if people.indices.contains(position), people[position].id == id { return people[position].name }
    if names == nil { names = Dictionary(people.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first }) }
    return names?[id] ?? ""
  }

  /// Shows today's lineup: the order, who is checked, whether the meeting can start.
  func showLineup(_ lineup: Lineup) {
    guard lineup != self.lineup else { return }
    let orderChanged = lineup.order != self.lineup.order
    self.lineup = lineup
    if orderChanged { showAttendees() } else { attendees.rebind() }
    nobodyHereLabel.isVisible = lineup.nobodyIsHere(in: scrum)
  }

  /// Shows the scrum's new state, touching only what changed.
  func update(_ scrum: DailyScrum) {
    guard scrum != self.scrum else { return }
    let previous = self.scrum
    self.scrum = scrum
    show(scrum, previous: previous)
    if searchBar.isOpen, scrum.history != previous.history { searchChanged() }  // a transcript arrived, a note changed
  }

  private func show(_ scrum: DailyScrum, previous: DailyScrum?) {
    header.title = Texts.shown(scrum.title)
    lengthLabel.text = Texts.minutes(scrum.plannedMinutes)  // the round and the agenda after it
    showNext(scrum)
    themeLabel.text = scrum.theme.name
    if let previous, previous.theme != scrum.theme { swatch.removeCSSClass(ThemeStyle.cssClass(previous.theme)) }
    swatch.addCSSClass(ThemeStyle.cssClass(scrum.theme))
    if previous?.attendees != scrum.attendees {
      names = nil
      showAttendees()
    }
    nobodyHereLabel.isVisible = lineup.nobodyIsHere(in: scrum)
    shuffleButton.isVisible = scrum.attendees.count > 1
    if previous?.history != scrum.history || previous?.plannedMinutes != scrum.plannedMinutes {
      showStatistics(MeetingStatistics(scrum))
    }
    if previous?.history != scrum.history {
      let entries = scrum.history
      history.show(count: entries.count) { entries[entries.count - 1 - $0].id }
      noHistory.isVisible = scrum.history.isEmpty
      history.isVisible = !scrum.history.isEmpty
    }
  }

  /// Scrolls to the row of past meeting `id` and moves keyboard focus to it.
  @discardableResult
  func focusHistoryRow(_ id: UUID) -> Bool {
    if let index = scrum.history.firstIndex(where: { $0.id == id }) {
      history.scroll(toPosition: scrum.history.count - 1 - index)
    }
    return history.madeRows.first { $0.entryID == id }?.showButton.grabFocus() ?? false
  }

  private func bind(_ row: HistoryRow, _ item: RecyclingList<HistoryRow, UUID>.Item) {
    let entries = scrum.history
    let index = entries.count - 1 - item.position
    let entry =
      entries.indices.contains(index) && entries[index].id == item.id
      ? entries[index] : entries.first { $0.id == item.id }
    guard let entry else { return }
    row.show(entry, transcription: transcripts[entry.id])
  }

  /// Says what stops this computer hearing the scrum's meetings, if anything (its language,
  /// the models here, and whether it records or captions can change without the scrum).
  func showUnheard(_ scrum: DailyScrum) {
    let reason = unheard(scrum)
    unheardLabel.isVisible = reason != nil
    unheardLabel.text = reason ?? ""
  }

  /// Says when the scrum meets next (time moves on: called again when it does).
  func showNext(_ scrum: DailyScrum) {
    let next = nextMeeting(scrum)
    nextRow.isVisible = next != nil
    nextLabel.text = next ?? ""
  }

  private func infoGroup() -> PreferencesGroup {
    let group = PreferencesGroup(title: tr("Meeting Info"))
    let length = ActionRow(title: tr("Length"))
    length.addPrefix(Image(iconName: "alarm-symbolic"))
    length.addSuffix(lengthLabel)
    group.add(length)
    nextRow.addPrefix(Image(iconName: "x-office-calendar-symbolic"))
    nextRow.addSuffix(nextLabel)
    nextRow.isVisible = false
    group.add(nextRow)
    let theme = ActionRow(title: tr("Theme"))
    theme.addPrefix(Image(iconName: "applications-graphics-symbolic"))
    swatch.addCSSClass("swatch")
    swatch.align(vertical: .center)
    theme.addSuffix(swatch)
    theme.addSuffix(themeLabel)
    group.add(theme)
    return group
  }

  private func attendeesGroup() -> PreferencesGroup {
    let group = PreferencesGroup(
      title: tr("Attendees"), description: tr("In speaking order. Uncheck who is not here today."))
    shuffleButton.setFlat()
    shuffleButton.align(vertical: .center)
    group.setHeaderSuffix(shuffleButton)
    noAttendees.append(ActionRow(title: tr("No attendees"), subtitle: tr("The meeting has one speaker")))
    let box = Box(vertical: true)
    box.append(noAttendees)
    box.append(attendees)
    group.add(box)
    return group
  }

  private func showAttendees() {
    let order = lineup.order
    attendees.show(count: order.count) { order[$0] }
    noAttendees.isVisible = order.isEmpty
    attendees.isVisible = !order.isEmpty
  }

  private func showStatistics(_ statistics: MeetingStatistics) {
    statisticsGroup.isVisible = !statistics.lengths.isEmpty
    guard !statistics.lengths.isEmpty else { return }
    if lengthsChart == nil {
      let chart = LengthsChart(statistics)
      lengthsChart = chart
      let average = ActionRow(title: tr("Average length"))
      average.addSuffix(averageLabel)
      let onTime = ActionRow(title: tr("On time"))
      onTime.addSuffix(onTimeLabel)
      let rows = ListBox(named: tr("Statistics"))
      rows.append(average)
      rows.append(onTime)
      let box = Box(vertical: true, spacing: 12)
      box.append(rows)
      box.append(chart.area)
      box.append(averagesList)
      statisticsGroup.add(box)
    }
    lengthsChart?.show(statistics)
    averageLabel.text = tr(
      "%@ of %@", Texts.minutesAndSeconds(statistics.averageSeconds), Texts.minutesAndSeconds(statistics.plannedSeconds)
    )
    averageLabel.setAccessibleLabel(
      tr(
        "%@ of %@", Texts.duration(seconds: statistics.averageSeconds),
        Texts.duration(seconds: statistics.plannedSeconds)))
    onTimeLabel.text = tr("%d of %d", statistics.onTimeCount, statistics.lengths.count)
    averagesList.removeAll()
    averagesList.isVisible = !statistics.averageSpeaking.isEmpty
    for average in statistics.averageSpeaking.prefix(50) {
      let row = ActionRow(title: Texts.shown(average.name), subtitle: tr("speaks on average"))
      let time = Label(Texts.minutesAndSeconds(average.seconds))
      time.setAccessibleLabel(Texts.duration(seconds: average.seconds))
      row.addSuffix(time)
      averagesList.append(row)
    }
  }

  private func historyGroup() -> PreferencesGroup {
    let group = PreferencesGroup(title: tr("History"))
    noHistory.append(ActionRow(title: tr("No meetings yet")))
    let box = Box(vertical: true)
    box.append(noHistory)
    box.append(history)
    group.add(box)
    return group
  }
}

/// One past meeting in the detail page's history list: date, duration, and a button that
/// opens it. Rows are reused for other meetings as the list scrolls.
@MainActor final class HistoryRow {
  let row = ActionRow(title: "")
  let showButton = Button(iconName: "go-next-symbolic", accessibleName: "")  // named when bound
  /// The meeting shown now.
  private(set) var entryID: UUID?

  init() {
    row.addPrefix(Image(iconName: "x-office-calendar-symbolic"))
    showButton.setFlat()
    showButton.align(vertical: .center)
    row.addSuffix(showButton)
    row.setActivatableWidget(showButton)
    // Delete on a row deletes that meeting (Undo or Ctrl+Z bring it back).
    for key in RowKey.deleteMeeting.accelerators {
      row.onKey(key) { [weak self] in
        guard let self, let id = self.entryID else { return false }
        return self.row.activateAction(Command.window(.deleteMeeting).detailedName, parameter: id.uuidString)
      }
    }
    // Right click, long press, Menu or Shift+F10: Open and Delete for the meeting shown now.
    row.setContextMenu { [weak self] in
      guard let id = self?.entryID?.uuidString else { return [] }
      return [
        MenuItem(tr("Open"), action: Command.window(.openHistory).detailedName, parameter: id),
        MenuItem(tr("Delete"), action: Command.window(.deleteMeeting).detailedName, parameter: id),
      ]
    }
  }

  private var duration = ""

  /// Shows `entry`, and where its transcript stands if it is being made.
  func show(_ entry: History, transcription: TranscriptionStatus?) {
    entryID = entry.id
    row.title = Texts.meetingDate(entry.date)
    duration = Texts.minutesAndSeconds(entry.durationSeconds)
    showTranscription(transcription)
    let name = tr("Show meeting of %@ (%@)", row.title, Texts.duration(seconds: entry.durationSeconds))
    showButton.setAccessibleLabel(name)
    showButton.tooltip = name
    showButton.setAction(Command.window(.openHistory).detailedName, parameter: entry.id.uuidString)
  }

  /// "4:10 · Transcribing… 40 %" while the transcript is made; the duration alone otherwise.
  func showTranscription(_ status: TranscriptionStatus?) {
    switch status {
    case .transcribing(let percent): row.subtitle = duration + " · " + tr("Transcribing… %d %%", percent)
    case .waiting: row.subtitle = duration + " · " + tr("Waiting to be transcribed")
    case .stopped, .failed, nil: row.subtitle = duration
    }
  }
}

/// One attendee on the detail page, with a check box saying whether they are here today
/// (rows are reused as the list scrolls).
@MainActor final class PersonRow {
  let row = ActionRow(title: "")
  let here = CheckButton(accessibleName: "")
  /// The attendee shown now.
  private(set) var attendeeID: UUID?
  /// Called when the user checks or unchecks the box.
  var onChange: (@MainActor (UUID, Bool) -> Void)?

  init() {
    row.addPrefix(Image(iconName: "avatar-default-symbolic"))
    here.align(vertical: .center)
    row.addSuffix(here)
    row.setActivatableWidget(here)
    here.onUserChange { [weak self] present in
      guard let self else { return }
      if let id = self.attendeeID { self.onChange?(id, present) }
    }
  }

  /// Shows the attendee `name` (`id`), checked when `present`.
  func show(_ name: String, id: UUID, present: Bool) {
    attendeeID = id
    row.title = Texts.shown(name)
    row.subtitle = id.isSecondVersion ? tr("Second version: edited on two computers at once") : ""
    here.setAccessibleLabel(tr("%@ is here", Texts.shown(name)))
    here.isChecked = present
  }
}
