// Ties one running meeting to the window: the session (timing, history, effects), its page
// and the questions before it ends ("End meeting?", "Quit and end the meeting?"). The timer is paused while the question is open, so
// nobody loses time to a dialog. Sound and notifications are the session's effects, not
// this coordinator's business.
import GtkShim
import ScrumdingerCore

/// The controls of the meeting under way.
@MainActor package final class MeetingCoordinator {
  package let session: MeetingSession
  let page: MeetingPage
  private var sound: any SoundEffect
  private let window: ApplicationWindow
  package private(set) var endQuestion: MessageDialog?

  /// Starts the meeting of `scrum` with today's `lineup`; `onEnd` runs once it is over
  /// (saved or not).
  init(
    scrum: DailyScrum, lineup: Lineup, state: AppState, dependencies: Dependencies, window: ApplicationWindow,
    twelveHour: Bool, onEnd: @escaping @MainActor (Bool) -> Void
  ) {
    self.window = window
    sound = dependencies.sound
    session = MeetingSession(
      scrum: scrum, speakers: lineup.speakers(of: scrum), absent: lineup.absentees(of: scrum), state: state,
      dependencies: dependencies)
    session.onEnd = onEnd
    page = MeetingPage(
      scrum: scrum, session: session, state: state, recording: dependencies.recorder.isRecording, now: dependencies.now,
      twelveHour: twelveHour)
    page.showMuted(sound.isMuted)
  }

  func togglePause() {
    guard endQuestion == nil else { return }
    session.togglePause()
  }

  /// Next speaker; on the last one, asks whether to end (with Discard, like End Meeting).
  func nextSpeaker() {
    guard endQuestion == nil else { return }
    if session.nextSpeaker() == .confirmEnd { askToEnd() }
  }

  /// Back to the previous speaker, whose turn starts again.
  func previousSpeaker() {
    guard endQuestion == nil else { return }
    session.previousSpeaker()
  }

  /// A minute more for the current speaker.
  func addMinute() {
    guard endQuestion == nil else { return }
    session.addMinute()
  }

  func toggleMute() {
    sound.isMuted.toggle()
    page.showMuted(sound.isMuted)
  }

  /// Asks "End meeting?" with Save and End, Discard and Resume; the meeting is paused
  /// meanwhile.
  func askToEnd() {
    ask(
      heading: tr("End meeting?"), keepGoing: ("resume", tr("Resume")), discard: tr("Discard"), save: tr("Save and End"),
      then: nil)
  }

  /// Asks "Quit and end the meeting?" with Save and Quit, Discard and Quit and Cancel; `quit`
  /// runs once the meeting has ended (saved or not).
  func askToQuit(then quit: @escaping @MainActor () -> Void) {
    ask(
      heading: tr("Quit and end the meeting?"), keepGoing: ("cancel", tr("Cancel")), discard: tr("Discard and Quit"),
      save: tr("Save and Quit"), then: quit)
  }

  /// The question behind both: the meeting pauses while it is open, so nobody loses time to
  /// a dialog, and it says how long the meeting has run (as the page's Elapsed does).
  private func ask(
    heading: String, keepGoing: (id: String, label: String), discard: String, save: String,
    then: (@MainActor () -> Void)?
  ) {
    guard endQuestion == nil else { return }
    session.pause()
    let elapsed = Texts.duration(seconds: session.timer.runningSeconds)
    let dialog = MessageDialog(parent: window, heading: heading, body: tr("The meeting has run for %@.", elapsed))
    dialog.addResponse(keepGoing.id, label: keepGoing.label)
    dialog.addResponse("discard", label: discard, appearance: .destructive)
    dialog.addResponse("save", label: save, appearance: .suggested)
    dialog.setDefaults(enter: "save", escape: keepGoing.id)
    endQuestion = dialog
    dialog.present { [weak self] response in
      guard let self else { return }
      self.endQuestion = nil
      switch response {
      case "save", "discard":
        self.session.end(save: response == "save")
        then?()
      default:
        self.session.resume()
      }
    }
  }
}
