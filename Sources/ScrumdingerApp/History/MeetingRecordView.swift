// What a past meeting left besides its numbers, on its page: its recording (play, pause,
// where it is; delete), the notes (each editable, Enter keeps the change, the bin removes
// it) and the transcript, split by speaker and searchable, one row a sentence: a Tab stop
// read "Ana, 1:05: …", which Enter (or its play button) plays the recording from, the
// sentence being heard marked as playback moves on. Changes go out through `onEditNote`; the
// page keeps its rows as they are, so an edit never rebuilds what is being typed in.
import FoundationEssentials
import GtkShim
import Platform
import ScrumdingerCore

/// The recording, notes and transcript groups of a history entry's page.
@MainActor final class MeetingRecordView {
  /// "Recording": play or pause it, where it is, delete it (absent without a recording).
  private(set) var recordingGroup: PreferencesGroup?
  /// "Recorded on another computer": the meeting was recorded where it was held, and this
  /// computer has neither its recording nor its transcript (they never leave that computer).
  private(set) var recordedElsewhereGroup: PreferencesGroup?
  /// The row in it that says so.
  private(set) var recordedElsewhereRow: ActionRow?
  /// Plays or pauses the recording.
  let playButton = Button(label: tr("Play Recording"), accessibleName: tr("Play Recording"))
  /// Deletes the recording (asks first).
  let deleteRecordingButton = Button(label: tr("Delete Recording"), accessibleName: tr("Delete Recording"))
  /// "1:05 / 4:10".
  let positionLabel = Label()
  private var player: RecordingPlayer?
  private var recording: String?
  /// Called when Delete Recording is pressed.
  var onDeleteRecording: (@MainActor () -> Void)?
  /// Called with GStreamer's words when the recording cannot be played.
  var onProblem: (@MainActor (String) -> Void)?
  /// Where the transcript stands: "Transcribing… 40 %", "Not transcribed: no speech model".
  let transcriptionRow = ActionRow(title: tr("Transcript"))
  /// Stop Transcribing, or Transcribe (after a stop or a failure).
  let transcriptionButton = Button(label: tr("Transcribe"), accessibleName: tr("Transcribe"))
  /// Called with true for Transcribe, false for Stop Transcribing.
  var onTranscribe: (@MainActor (Bool) -> Void)?
  /// Called for Download… (no speech model yet): Preferences, where the model is.
  var onGetModel: (@MainActor () -> Void)?
  private var buttonAction: (@MainActor () -> Void)?
  private var statusObservation: ObservationToken?
  /// "Notes": one editable row per note (absent when the meeting has none).
  private(set) var notesGroup: PreferencesGroup?
  /// "Transcript": a search field and one passage per turn (absent until transcribed).
  private(set) var transcriptGroup: PreferencesGroup?
  /// The notes' rows, in order.
  private(set) var noteRows: [NoteRow] = []
  /// The transcript's search field.
  let search = SearchEntry(placeholder: tr("Search the transcript"), accessibleName: tr("Search the transcript"))
  /// The passages, "Ana (0:00–1:05)" above what Ana said.
  private(set) var passages: [(passage: AttributedPassage, box: Box)] = []
  /// One row a sentence, in the order said: its segment, its words' label and play button.
  private(set) var sentences: [(segment: TranscriptSegment, row: ListBoxRow, label: Label, play: Button)] = []
  /// The sentence marked as being heard, if any.
  private var heard: Int?
  /// Where the turns changed on the recording (to play a sentence from its start).
  private let cuts: RecordingCuts
  /// The language the transcript was heard in (the scrum's; nil for a code this build does
  /// not know): each sentence says it to a screen reader.
  private let language: SpeechLanguage?
  /// Says when no passage matches the search.
  let noMatch = Label(tr("Nothing in the transcript matches."))
  /// Called with a note's id and its new text ("" removes it).
  var onEditNote: (@MainActor (UUID, String) -> Void)?

  /// The groups for `entry`; `recording` is its audio file (its turns changed at `cuts`),
  /// `statuses` where transcripts stand; its transcript was heard in `language`.
  init(
    entry: History, recording: String?, cuts: RecordingCuts, statuses: ObservableValue<[UUID: TranscriptionStatus]>,
    language: SpeechLanguage?
  ) {
    self.recording = recording
    self.cuts = cuts
    self.language = language
    if recording != nil { recordingGroup = recordingRow(length: entry.durationSeconds) }
    if recording == nil, entry.recorded, entry.transcript.isEmpty {
      let group = PreferencesGroup(title: tr("Recorded Audio"))
      let row = ActionRow(title: tr("Recorded on another computer"))
      row.subtitle = tr("Its recording and transcript stay on the computer that held the meeting.")
      group.add(row)
      recordedElsewhereGroup = group
      recordedElsewhereRow = row
    }
    if recording != nil, entry.transcript.isEmpty {
      showStatus(statuses.value[entry.id])
      statusObservation = statuses.observe { [weak self] all in self?.showStatus(all[entry.id]) }
    } else {
      transcriptionRow.isVisible = false
    }
    if !entry.notes.isEmpty { notesGroup = notes(entry.notes) }
    if !entry.transcript.isEmpty { transcriptGroup = transcript(entry.transcript, over: entry.timeline) }
  }

  /// The recording is gone: its group and the sentences' play buttons go too.
  func recordingDeleted() {
    player = nil
    recording = nil
    recordingGroup?.isVisible = false
    for sentence in sentences { sentence.play.isVisible = false }
  }

  private func recordingRow(length: Int) -> PreferencesGroup {
    let group = PreferencesGroup(title: tr("Recorded Audio"))
    let row = ActionRow(title: tr("Meeting audio"))
    positionLabel.text = "0:00 / " + Texts.minutesAndSeconds(length)
    positionLabel.addCSSClass("numeric")
    row.addSuffix(positionLabel)
    group.add(row)
    deleteRecordingButton.addCSSClass("destructive-action")
    let buttons = Box(vertical: false, spacing: 12)
    buttons.setMargins(6)
    buttons.isHomogeneous = true
    buttons.append(playButton)
    buttons.append(deleteRecordingButton)
    group.add(buttons)
    transcriptionButton.align(vertical: .center)
    transcriptionRow.addSuffix(transcriptionButton)
    group.add(transcriptionRow)
    transcriptionButton.onClicked { [weak self] in self?.buttonAction?() }
    playButton.onClicked { [weak self] in self?.togglePlaying() }
    deleteRecordingButton.onClicked { [weak self] in self?.onDeleteRecording?() }
    return group
  }

  /// Says where the transcript stands, with the button that changes it.
  private func showStatus(_ status: TranscriptionStatus?) {
    let stop: (String, @MainActor () -> Void) = (tr("Stop Transcribing"), { [weak self] in self?.onTranscribe?(false) })
    let again: (String, @MainActor () -> Void) = (tr("Transcribe"), { [weak self] in self?.onTranscribe?(true) })
    let (text, button): (String, (String, @MainActor () -> Void)) =
      switch status {
      case .waiting: (tr("Waiting to be transcribed"), stop)
      case .transcribing(let percent): (tr("Transcribing… %d %%", percent), stop)
      case .stopped: (tr("Not transcribed: stopped"), again)
      case .failed(let reason) where reason == tr("no speech model"):
        (tr("Not transcribed: %@", reason), (tr("Download…"), { [weak self] in self?.onGetModel?() }))
      case .failed(let reason): (tr("Not transcribed: %@", reason), (tr("Transcribe Again"), again.1))
      case nil: (tr("Transcribed"), again)
      }
    transcriptionRow.subtitle = text
    transcriptionButton.isVisible = status != nil
    transcriptionButton.label = button.0
    transcriptionButton.setAccessibleLabel(button.0)
    buttonAction = button.1
  }

  /// Plays the recording from where it was, or pauses it.
  func togglePlaying() {
    if let player, player.isPlaying {
      player.pause()
    } else {
      madePlayer()?.play()
    }
    showPlaying(player?.isPlaying == true)
  }

  /// Plays the recording from where sentence `index` of the transcript was said.
  func play(sentence index: Int) {
    guard sentences.indices.contains(index), let player = madePlayer() else { return }
    player.play(from: cuts.recordingMilliseconds(atMeeting: sentences[index].segment.startMilliseconds))
    mark(heard: index)
    showPlaying(true)
  }

  /// The player of the recording, made on first use (nil, and the problem said, when it cannot be).
  private func madePlayer() -> RecordingPlayer? {
    if let player { return player }
    guard let recording else { return nil }
    do throws(Unavailable) {
      let player = try RecordingPlayer(path: recording)
      player.onPosition = { [weak self] position, length in
        guard let self else { return }
        self.positionLabel.text = Texts.minutesAndSeconds(position) + " / " + Texts.minutesAndSeconds(length)
        self.followPlayback()
      }
      player.onStopped = { [weak self] problem in
        guard let self else { return }
        self.showPlaying(false)
        self.mark(heard: nil)
        if let problem { self.onProblem?(problem) }
      }
      self.player = player
      return player
    } catch {
      onProblem?(error.reason)
      return nil
    }
  }

  /// Marks the sentence the recording plays now (the meeting's time, from the recording's).
  private func followPlayback() {
    guard !sentences.isEmpty, let player, player.isPlaying, let position = player.positionMilliseconds else { return }
    let now = cuts.onMeetingTimeline([
      TranscriptSegment(startMilliseconds: position, endMilliseconds: position, text: "")
    ])[0].startMilliseconds
    mark(heard: sentences.lastIndex { $0.segment.startMilliseconds <= now })
  }

  /// Marks sentence `index` as the one being heard (nil: none).
  private func mark(heard index: Int?) {
    guard index != heard else { return }
    if let heard { sentences[heard].label.removeCSSClass("accent") }
    heard = index
    if let index { sentences[index].label.addCSSClass("accent") }
  }

  private func showPlaying(_ playing: Bool) {
    let label = playing ? tr("Pause Recording") : tr("Play Recording")
    playButton.label = label
    playButton.setAccessibleLabel(label)
  }

  private func notes(_ notes: [MeetingNote]) -> PreferencesGroup {
    let group = PreferencesGroup(title: tr("Notes"), description: tr("Press Enter to keep a change"))
    for note in notes {
      let id = note.id
      let second = id.isSecondVersion ? tr("Second version: edited on two computers at once") : nil
      let row = NoteRow(
        note, title: second, onEdit: { [weak self] text in self?.onEditNote?(id, text) },
        onRemoved: { [weak self, weak group] in
          guard let self else { return }
          self.noteRows.first(where: { $0.id == id })?.row.isVisible = false
          self.noteRows.removeAll { $0.id == id }
          if self.noteRows.isEmpty { group?.isVisible = false }
        })
      group.add(row.row)
      noteRows.append(row)
    }
    return group
  }

  private func transcript(_ segments: [TranscriptSegment], over timeline: [TurnSpan]) -> PreferencesGroup {
    let group = PreferencesGroup(title: tr("Transcript"))
    let box = Box(vertical: true, spacing: 12)
    box.append(search)
    for (passage, said) in SpeakerAttribution.sentences(of: segments, over: timeline) {
      let heading = Label(passage.heading)
      heading.addCSSClass("heading")
      heading.setHorizontalAlignment(0)
      let list = ListBox(named: passage.heading)
      for segment in said { list.append(sentenceRow(segment, speaker: passage.speaker)) }
      list.onRowActivated { [weak self] row in
        guard let self, let index = self.sentences.firstIndex(where: { $0.row === row }) else { return }
        self.play(sentence: index)
      }
      let item = Box(vertical: true, spacing: 6)
      item.append(heading)
      item.append(list)
      box.append(item)
      self.passages.append((passage, item))
    }
    noMatch.addCSSClass("dim-label")
    noMatch.isVisible = false
    box.append(noMatch)
    search.onSearchChanged { [weak self] in
      guard let self else { return }
      self.filter(self.search.text)
    }
    group.add(box)
    return group
  }

  /// A sentence's row: its play button (no Tab stop of its own: the row is one) and its words.
  private func sentenceRow(_ segment: TranscriptSegment, speaker: String) -> ListBoxRow {
    let time = Texts.minutesAndSeconds(segment.startMilliseconds / 1000)
    let words = segment.text.trimmed
    let play = Button(iconName: "media-playback-start-symbolic", accessibleName: tr("Play from %@", time))
    play.setFlat()
    play.isFocusable = false
    play.align(vertical: .start)
    play.isVisible = recording != nil
    let label = Label(words)
    if let language { label.setLanguage(language.isoCode) }
    label.setWraps()
    label.setHorizontalAlignment(0)
    let line = Box(vertical: false, spacing: 6)
    line.setMargins(6)
    line.append(play)
    line.append(label)
    let row = ListBoxRow(line)
    row.setAccessibleLabel(
      speaker.isEmpty ? tr("%@: %@", time, words) : tr("%@, %@: %@", Texts.shown(speaker), time, words))
    let index = sentences.count
    play.onClicked { [weak self] in self?.play(sentence: index) }
    sentences.append((segment, row, label, play))
    return row
  }

  /// Shows only the passages whose speaker or words hold every word of `query`, as the
  /// search over every meeting finds them (case and accents ignored, a phrase of Chinese
  /// inside a sentence).
  func filter(_ query: String) {
    let search = ScrumSearch([query])
    var shown = 0
    for (passage, box) in passages {
      let matches = search.isEmpty || search.matches(passage.text) || search.matches(passage.speaker)
      box.isVisible = matches
      if matches { shown += 1 }
    }
    noMatch.isVisible = shown == 0
  }
}
