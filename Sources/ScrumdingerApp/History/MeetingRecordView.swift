// What a past meeting left besides its numbers, on its page: its recording (play, pause,
// where it is; delete), the notes (each editable, Enter keeps the change, the bin removes
// it) and the transcript, split by speaker, selectable and searchable. Changes go out through `onEditNote`; the page keeps its rows
// as they are, so an edit never rebuilds what is being typed in.
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
  private let recording: String?
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
  private(set) var noteRows: [EntryRow] = []
  /// The transcript's search field.
  let search = SearchEntry(placeholder: tr("Search the transcript"), accessibleName: tr("Search the transcript"))
  /// The passages, "Ana (0:00–1:05)" above what Ana said.
  private(set) var passages: [(passage: AttributedPassage, box: Box)] = []
  /// Says when no passage matches the search.
  let noMatch = Label(tr("Nothing in the transcript matches."))
  /// Called with a note's id and its new text ("" removes it).
  var onEditNote: (@MainActor (UUID, String) -> Void)?

  /// The groups for `entry`; `recording` is its audio file, `statuses` where transcripts stand.
  init(entry: History, recording: String?, statuses: ObservableValue<[UUID: TranscriptionStatus]>) {
    self.recording = recording
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
    let passages = SpeakerAttribution.passages(of: entry.transcript, over: entry.timeline)
    if !passages.isEmpty { transcriptGroup = transcript(passages) }
  }

  /// The recording is gone: its group goes too.
  func recordingDeleted() {
    player = nil
    recordingGroup?.isVisible = false
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
      do throws(Unavailable) {
        if player == nil, let recording {
          let player = try RecordingPlayer(path: recording)
          player.onPosition = { [weak self] position, length in
            guard let self else { return }
            self.positionLabel.text = Texts.minutesAndSeconds(position) + " / " + Texts.minutesAndSeconds(length)
          }
          player.onStopped = { [weak self] problem in
            guard let self else { return }
            self.showPlaying(false)
            if let problem { self.onProblem?(problem) }
          }
          self.player = player
        }
        player?.play()
      } catch {
        onProblem?(error.reason)
      }
    }
    showPlaying(player?.isPlaying == true)
  }

  private func showPlaying(_ playing: Bool) {
    let label = playing ? tr("Pause Recording") : tr("Play Recording")
    playButton.label = label
    playButton.setAccessibleLabel(label)
  }

  private func notes(_ notes: [MeetingNote]) -> PreferencesGroup {
    let group = PreferencesGroup(title: tr("Notes"), description: tr("Press Enter to keep a change"))
    for note in notes {
      let row = EntryRow(title: "\(Texts.shown(note.speaker)) · \(Texts.minutesAndSeconds(note.atSeconds))")
      row.text = note.text
      let remove = Button(iconName: "edit-delete-symbolic", accessibleName: tr("Remove note"))
      remove.setFlat()
      remove.align(vertical: .center)
      row.addSuffix(remove)
      row.onEntryActivated { [weak self, weak row] in
        guard let self, let row else { return }
        self.onEditNote?(note.id, row.text)
      }
      remove.onClicked { [weak self, weak row, weak group] in
        guard let self, let row, let group else { return }
        self.onEditNote?(note.id, "")
        row.isVisible = false
        self.noteRows.removeAll { $0 === row }
        if self.noteRows.isEmpty { group.isVisible = false }
      }
      group.add(row)
      noteRows.append(row)
    }
    return group
  }

  private func transcript(_ passages: [AttributedPassage]) -> PreferencesGroup {
    let group = PreferencesGroup(title: tr("Transcript"))
    let box = Box(vertical: true, spacing: 12)
    box.append(search)
    for passage in passages {
      let heading = Label(passage.heading)
      heading.addCSSClass("heading")
      heading.setHorizontalAlignment(0)
      let text = Label(passage.text)
      text.setWraps()
      text.setSelectable()
      text.setHorizontalAlignment(0)
      let item = Box(vertical: true, spacing: 2)
      item.append(heading)
      item.append(text)
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

  /// Shows only the passages whose speaker or words contain `query` (any case).
  func filter(_ query: String) {
    let words = query.lowercased()
    var shown = 0
    for (passage, box) in passages {
      let matches = words.isEmpty || passage.text.lowercased().contains(words) || passage.speaker.lowercased().contains(words)
      box.isVisible = matches
      if matches { shown += 1 }
    }
    noMatch.isVisible = shown == 0
  }
}
