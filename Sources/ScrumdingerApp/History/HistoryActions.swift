import FoundationEssentials
import GtkShim
import Platform
import ScrumdingerCore

/// A scrum's history: a past meeting's page and what it offers (its summary on the clipboard,
/// deleting its recording), exporting the history, the schedule as a calendar file. Each
/// asks what it needs (a file, a confirmation) over the window and says how it went in a
/// toast. The history's commands are its own action group on the window.
@MainActor final class HistoryActions {
  private let window: ApplicationWindow
  private let model: AppModel
  private let transcriber: Transcriber
  private let time: LocalTime
  private let toast: @MainActor (String) -> Void
  /// The history's actions, one per "history." command of the table.
  private(set) var actions: [HistoryCommand: Action] = [:]
  /// The actions following the enabled rules.
  private var enabling: ObservationToken?

  /// Actions over `window`, on `model`'s scrums (their calendar in `time`'s zone, their
  /// recordings transcribed by `transcriber`), saying what they did through `toast`.
  init(
    window: ApplicationWindow, model: AppModel, transcriber: Transcriber, time: LocalTime,
    toast: @escaping @MainActor (String) -> Void
  ) {
    self.window = window
    self.model = model
    self.transcriber = transcriber
    self.time = time
    self.toast = toast
  }

  /// Inserts the history's actions on the window, enabled as the model's context says.
  func install() {
    actions = HistoryCommand.actions { [weak self] command, _ in self?.perform(command) }
    window.insertActions(Array(actions.values), prefix: HistoryCommand.scope)
    enabling = HistoryCommand.follow(model.commands, part: \.history, with: actions)
  }

  /// Runs `command` on the page shown (a scrum's, or a past meeting's).
  private func perform(_ command: HistoryCommand) {
    let route = model.state.navigation.value
    guard let id = route.scrumID else { return }
    switch command {
    case .exportHistory: exportHistory(of: id)
    case .addToCalendar: addToCalendar(id)
    case .copySummary, .copySummaryWithTranscript:
      guard case .history(_, let entryID) = route else { return }
      copySummary(of: entryID, in: id, transcript: command == .copySummaryWithTranscript)
    }
  }

  /// The page of past meeting `entryID` of scrum `id` (nil when either is gone): its notes
  /// edited, its transcription started or stopped, its recording played or deleted here;
  /// "Get a speech model" runs `getModel`.
  func page(of entryID: UUID, in id: UUID, getModel: @escaping @MainActor () -> Void) -> HistoryPage? {
    guard let scrum = model.state.scrum(id), let entry = scrum.history.first(where: { $0.id == entryID }) else {
      return nil
    }
    let transcriber = self.transcriber
    let recorder = model.dependencies.recorder
    let page = HistoryPage(
      scrum: scrum, entry: entry, recording: recorder.recording(of: entryID), cuts: recorder.cuts(of: entryID),
      transcripts: transcriber.statuses)
    page.record.onTranscribe = { start in
      start ? transcriber.transcribe(historyID: entryID, of: id) : transcriber.stop(historyID: entryID)
    }
    page.record.onEditNote = { [weak self] noteID, text in
      self?.model.detail.editNote(noteID, text: text, scrumID: id, historyID: entryID)
    }
    page.record.onDeleteRecording = { [weak self, weak page] in
      self?.confirmDeleteRecording(of: entryID) { page?.record.recordingDeleted() }
    }
    page.record.onGetModel = getModel
    page.record.onProblem = { [weak self] reason in self?.toast(tr("The recording cannot be played: %@", reason)) }
    return page
  }

  /// Asks, then deletes the recording of past meeting `entryID` (notes and transcript stay);
  /// `deleted` runs once it is gone.
  private func confirmDeleteRecording(of entryID: UUID, deleted: @escaping @MainActor () -> Void) {
    confirmDestructive(
      over: window, heading: tr("Delete the recording?"), body: tr("The meeting's notes and transcript stay.")
    ) { [weak self] in
      guard let self else { return }
      self.model.dependencies.recorder.deleteRecording(of: entryID)
      deleted()
      self.toast(tr("Recording deleted"))
    }
  }

  /// A file name for `title`: shown as the app shows it, without slashes.
  private static func fileName(_ title: String, ending: String) -> String {
    String(Texts.shown(title).map { $0 == "/" ? "-" : $0 }) + "." + ending
  }

  /// Asks where to export the history of scrum `id` and in which format (the file name's
  /// ending, or the filter on show), writes it, and says so.
  private func exportHistory(of id: UUID) {
    guard let title = model.state.scrum(id)?.title else { return }
    let formats = ExportFormat.allCases
    let chooser = FileChooser(
      title: tr("Export History"), acceptLabel: tr("_Export"), parent: window,
      filters: formats.map { ($0.title, "*." + $0.fileExtension) },
      saveName: Self.fileName(title, ending: ExportFormat.markdown.fileExtension))
    // Transcripts stay on this computer unless sent on: off unless ticked.
    chooser.addCheckBox(tr("Include transcripts"))
    chooser.present { [weak self, weak chooser] path, filter in
      guard let self, let path, let scrum = self.model.state.scrum(id) else { return }
      let format = ExportFormat(fileName: path) ?? formats[min(filter, formats.count - 1)]
      do throws(ExportError) {
        try HistoryExport.write(scrum, as: format, to: path, transcripts: chooser?.isChecked == true)
        self.toast(tr("History exported to %@", Files.name(of: path)))
      } catch {
        self.toast(error.description)
      }
    }
  }

  /// Asks where to save scrum `id`'s schedule as an iCalendar file, for a calendar to import.
  private func addToCalendar(_ id: UUID) {
    guard let title = model.state.scrum(id)?.title else { return }
    let chooser = FileChooser(
      title: tr("Add to Calendar"), acceptLabel: tr("_Save"), parent: window,
      filters: [(tr("iCalendar files"), "*.ics")],
      saveName: Self.fileName(title, ending: "ics"))
    chooser.present { [weak self] path, _ in
      guard let self, let path, let scrum = self.model.state.scrum(id),
        let text = CalendarExport.iCalendar(of: scrum, now: self.model.dependencies.now(), timeZone: self.time.zone)
      else { return }
      do throws(ExportError) {
        try HistoryExport.write(Data(text.utf8), to: path)
        self.toast(tr("Saved %@: open it with your calendar to add the meetings", Files.name(of: path)))
      } catch {
        self.toast(error.description)
      }
    }
  }

  /// Puts one past meeting's summary on the clipboard, as Markdown for a team chat, with
  /// its transcript only when asked.
  private func copySummary(of entryID: UUID, in id: UUID, transcript: Bool) {
    guard let scrum = model.state.scrum(id), let entry = scrum.history.first(where: { $0.id == entryID }) else {
      return
    }
    window.copyToClipboard(HistoryExport.summary(of: entry, in: scrum, transcript: transcript))
    toast(transcript ? tr("Summary copied with its transcript") : tr("Summary copied"))
  }
}
