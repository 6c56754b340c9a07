import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// One past meeting: when, how long, who spoke how long, who was there and who was not.
@MainActor final class HistoryPage {
  let root = Box(vertical: true)
  let header: HeaderBar
  let backButton = Button(iconName: "go-previous-symbolic", accessibleName: tr("Back"))
  let menuButton = MainMenu.button()
  let deleteButton = Button(label: tr("Delete"), accessibleName: tr("Delete this meeting"))
  /// Puts the meeting's summary on the clipboard, as Markdown (without its transcript).
  let copyButton = Button(label: tr("Copy Summary"), accessibleName: tr("Copy Summary"))
  /// The same with the transcript, shown when the meeting has one: sent on only when asked.
  let copyWithTranscriptButton = Button(
    label: tr("Copy Summary with Transcript"), accessibleName: tr("Copy Summary with Transcript"))
  /// The notes and the transcript.
  let record: MeetingRecordView
  /// How long it ran, m:ss ("0:17"); screen readers hear words ("17 seconds").
  let durationLabel: Label
  /// Who spoke how long (meetings recorded before this was kept have none).
  private(set) var chart: SpeakerChart?

  /// The past meeting on show.
  let entry: History
  /// The page's scrolling view (a search result scrolls it to its sentence).
  let scroller: ScrolledWindow

  /// The page of `entry`, a meeting of `scrum`; `recording` is its audio file, if any (where
  /// its turns changed on it: `cuts`), and `transcripts` where recorded meetings' transcripts stand.
  init(
    scrum: DailyScrum, entry: History, recording: String?, cuts: RecordingCuts = RecordingCuts(),
    transcripts: ObservableValue<[UUID: TranscriptionStatus]>
  ) {
    self.entry = entry
    record = MeetingRecordView(
      entry: entry, recording: recording, cuts: cuts, statuses: transcripts, language: scrum.speechLanguage)
    header = HeaderBar(title: Texts.shown(scrum.title), subtitle: tr("Meeting History"))
    header.packStart(backButton)
    header.packEnd(menuButton)
    backButton.setAction(Command.window(.back).detailedName)

    let info = PreferencesGroup(title: tr("Meeting"))
    let date = ActionRow(title: tr("Date"))
    date.addSuffix(Label(Texts.meetingDate(entry.date)))
    info.add(date)
    let duration = ActionRow(title: tr("Duration"))
    durationLabel = Label(Texts.minutesAndSeconds(entry.durationSeconds))
    durationLabel.setAccessibleLabel(Texts.duration(seconds: entry.durationSeconds))
    duration.addSuffix(durationLabel)
    info.add(duration)

    let people = PreferencesGroup(title: tr("Attendees"))
    if entry.attendees.isEmpty { people.add(ActionRow(title: tr("No attendees"))) }
    for name in entry.attendees {
      let row = ActionRow(title: Texts.shown(name))
      row.addPrefix(Image(iconName: "avatar-default-symbolic"))
      people.add(row)
    }

    let page = Box(vertical: true, spacing: 24)
    page.setMargins(18)
    page.append(info)
    if !entry.speakers.isEmpty {
      let spoke = PreferencesGroup(
        title: tr("Who Spoke How Long"), description: tr("Each bar against the speaker's share, marked across it"))
      let chart = SpeakerChart(speakers: entry.speakers, items: entry.items)
      spoke.add(chart.root)
      self.chart = chart
      page.append(spoke)
    }
    if let audio = record.recordingGroup ?? record.recordedElsewhereGroup { page.append(audio) }
    if let notes = record.notesGroup { page.append(notes) }
    if let transcript = record.transcriptGroup { page.append(transcript) }
    page.append(people)
    if !entry.absent.isEmpty {
      let away = PreferencesGroup(title: tr("Not There"))
      for name in entry.absent { away.add(ActionRow(title: Texts.shown(name))) }
      page.append(away)
    }
    copyButton.addCSSClass("pill")
    copyButton.setAction(Command.history(.copySummary).detailedName)
    copyWithTranscriptButton.addCSSClass("pill")
    copyWithTranscriptButton.setAction(Command.history(.copySummaryWithTranscript).detailedName)
    copyWithTranscriptButton.isVisible = !entry.transcript.isEmpty
    deleteButton.addCSSClass("pill")
    deleteButton.addCSSClass("destructive-action")
    deleteButton.setAction(Command.window(.deleteMeeting).detailedName, parameter: entry.id.uuidString)
    let buttons = Box(vertical: false, spacing: 12)
    buttons.align(horizontal: .center)
    buttons.append(copyButton)
    buttons.append(deleteButton)
    page.append(buttons)
    // Below, on its own: a narrow window has no room for three pills in a row.
    copyWithTranscriptButton.align(horizontal: .center)
    page.append(copyWithTranscriptButton)
    root.append(header)
    scroller = ScrolledWindow(Clamp(page))
    root.append(scroller)
  }

  /// Puts the focus on the transcript's sentence (or the note) said `milliseconds` into the
  /// meeting, scrolled into view; false when there is none.
  @discardableResult func focusSaid(at milliseconds: Int, isNote: Bool) -> Bool {
    let row: Widget?
    if isNote {
      let index = entry.notes.firstIndex { $0.atSeconds * 1000 == milliseconds }
      row = index.flatMap { record.noteRows.indices.contains($0) ? record.noteRows[$0].row : nil }
    } else {
      row = record.sentences.first { $0.segment.startMilliseconds == milliseconds }?.row
    }
    guard let row, row.grabFocus() else { return false }
    // The page is new: once it is laid out, the sentence is brought into view.
    row.whenLaidOut { [weak self, weak row] in
      guard let self, let row else { return }
      self.scroller.scrollToShow(row)
    }
    return true
  }

  /// Plays the recording from the transcript's sentence said `milliseconds` into the meeting.
  func play(from milliseconds: Int) {
    guard let index = record.sentences.firstIndex(where: { $0.segment.startMilliseconds == milliseconds }) else {
      return
    }
    record.play(sentence: index)
  }
}
