// A meeting a crash interrupted is found in the journal once the scrums are read. One saved
// after all is removed; one that cannot be read is moved aside (kept) and said; otherwise the
// user is asked, at once or as soon as a window shows: Save It puts it in the history (its
// recording then complete, and transcribed), Discard deletes it and its recording, and closing
// the question keeps it for the next start.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// The question about a meeting a crash interrupted.
@MainActor final class InterruptedMeeting {
  private let file: JournalFile
  private let state: AppState
  private let recorder: MeetingRecorder
  private let now: () -> Date
  private let time: LocalTime
  /// Found while no window was open: asked about when one shows.
  private var waiting: MeetingJournal?

  /// Asks about the journal in `file`, saving into `state`; `recorder` keeps its recording.
  init(file: JournalFile, state: AppState, recorder: MeetingRecorder, now: @escaping () -> Date, time: LocalTime) {
    self.file = file
    self.state = state
    self.recorder = recorder
    self.now = now
    self.time = time
  }

  /// The journal read at start (the scrums are in): asked about over `window`, or once one shows.
  func found(_ journal: Result<MeetingJournal, UnreadableReason>, window: (any WindowSurface)?) {
    switch journal {
    case .success(let journal) where journal.isSaved(in: state.scrums.value):
      file.remove()
    case .success(let journal):
      guard let window else {
        waiting = journal
        return
      }
      ask(journal, in: window)
    case .failure(let reason):
      let message: String
      if let aside = file.moveAside(now: now()) {
        message = tr(
          "An interrupted meeting could not be read (%@); the file was kept as “%@”", reason.description, aside)
      } else {
        message = tr("An interrupted meeting could not be read (%@)", reason.description)
      }
      warn(message)
      window?.toast(message)
    }
  }

  /// A window shows: the question waiting for one is asked there.
  func windowShown(_ window: any WindowSurface) {
    guard let journal = waiting else { return }
    waiting = nil
    ask(journal, in: window)
  }

  /// "The meeting of TITLE was interrupted at 9:42, 6:10 in", with Save It and Discard.
  private func ask(_ journal: MeetingJournal, in window: any WindowSurface) {
    let dialog = window.question(
      Texts.interruptedMeeting(journal, twelveHour: time.twelveHour),
      body: tr(
        "Save It adds it to the scrum’s history with the time it really ran. Discard deletes it, and its recording."))
    dialog.addResponse("discard", label: tr("Discard"), appearance: .destructive)
    dialog.addResponse("save", label: tr("Save It"), appearance: .suggested)
    dialog.setDefaults(enter: "save", escape: "later")
    dialog.present { [weak self] response in
      guard let self else { return }
      switch response {
      case "save":
        self.state.scrums.update { journal.save(into: &$0) }
        self.file.meetingEnded(saved: true)
        self.recorder.recoveredMeetingSaved(journal.meeting.id)
      case "discard":
        self.recorder.deleteRecording(of: journal.meeting.id)
        self.file.remove()
      default:
        break
      }
    }
  }
}
