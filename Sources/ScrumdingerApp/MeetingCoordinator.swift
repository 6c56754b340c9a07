// Ties one running meeting to the window: the session (timing, history, effects), its page
// and the "End meeting?" question. The timer is paused while the question is open, so
// nobody loses time to a dialog. Sound and notifications are the session's effects, not
// this coordinator's business.
import GtkShim
import ScrumdingerCore

/// The controls of the meeting under way.
@MainActor final class MeetingCoordinator {
  let session: MeetingSession
  let page: MeetingPage
  private var sound: any SoundEffect
  private unowned let window: ApplicationWindow
  private(set) var endQuestion: MessageDialog?

  /// Starts the meeting of `scrum` with today's `lineup`; `onEnd` runs once it is over
  /// (saved or not).
  init(
    scrum: DailyScrum, lineup: Lineup, state: AppState, dependencies: Dependencies, window: ApplicationWindow,
    onEnd: @escaping @MainActor (Bool) -> Void
  ) {
    self.window = window
    sound = dependencies.sound
    session = MeetingSession(
      scrum: scrum, speakers: lineup.speakers(of: scrum), absent: lineup.absentees(of: scrum), state: state,
      dependencies: dependencies)
    session.onEnd = onEnd
    page = MeetingPage(scrum: scrum, schedule: session.timer.schedule, state: state)
    page.showMuted(sound.isMuted)
  }

  func togglePause() {
    guard endQuestion == nil else { return }
    session.togglePause()
  }

  /// Next speaker; on the last one, asks whether to end (without the Discard choice).
  func nextSpeaker() {
    guard endQuestion == nil else { return }
    if session.nextSpeaker() == .confirmEnd { askToEnd(allowDiscard: false) }
  }

  func toggleMute() {
    sound.isMuted.toggle()
    page.showMuted(sound.isMuted)
  }

  /// Asks "End meeting?" with Save and End, Discard (unless `allowDiscard` is false) and
  /// Resume; the meeting is paused meanwhile. `then` runs after the meeting has ended.
  func askToEnd(allowDiscard: Bool = true, then: (@MainActor () -> Void)? = nil) {
    guard endQuestion == nil else { return }
    session.pause()
    let elapsed = Texts.duration(seconds: session.timer.runningSeconds)
    let dialog = MessageDialog(parent: window, heading: tr("End meeting?"), body: tr("The meeting has run for %@.", elapsed))
    dialog.addResponse("resume", label: tr("Resume"))
    if allowDiscard { dialog.addResponse("discard", label: tr("Discard"), appearance: .destructive) }
    dialog.addResponse("save", label: tr("Save and End"), appearance: .suggested)
    dialog.setDefaults(enter: "save", escape: "resume")
    endQuestion = dialog
    dialog.present { [unowned self] response in
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
