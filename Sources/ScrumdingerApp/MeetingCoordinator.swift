// Ties one running meeting together: the session (timing, history), its page, the chime and
// the "End meeting?" question. The timer is paused while the question is open, so nobody
// loses time to a dialog.
import GtkShim
import ScrumdingerCore

/// The controls of the meeting under way.
@MainActor final class MeetingCoordinator {
  let session: MeetingSession
  let page: MeetingPage
  private let chime: Chime
  private unowned let window: ApplicationWindow
  private unowned let application: Application
  private(set) var endQuestion: MessageDialog?

  /// Starts the meeting of `scrum`; `onEnd` runs once it is over (saved or not).
  init(
    scrum: DailyScrum, state: AppState, application: Application, window: ApplicationWindow, chime: Chime,
    clock: any MonotonicClock, scheduler: any TickScheduler, onEnd: @escaping @MainActor (Bool) -> Void
  ) {
    self.window = window
    self.application = application
    self.chime = chime
    chime.prepare()
    session = MeetingSession(scrum: scrum, state: state, clock: clock, scheduler: scheduler)
    session.onEnd = onEnd
    page = MeetingPage(scrum: scrum, state: state)
    page.showMuted(chime.isMuted)
    page.pauseButton.onClicked { [unowned self] in self.togglePause() }
    page.nextButton.onClicked { [unowned self] in self.nextSpeaker() }
    page.endButton.onClicked { [unowned self] in self.askToEnd() }
    page.muteButton.onClicked { [unowned self] in self.toggleMute() }
    session.onChange = { [unowned self] event, due in
      self.chime.ring(dueAt: due)
      self.notifyIfAway(event)
    }
  }

  /// Tells someone looking at another window who speaks now (nothing while ours has focus).
  private func notifyIfAway(_ event: MeetingTimer.Event) {
    guard !window.isActive else { return }
    let title: String
    let body: String
    switch event {
    case .speakerChanged(_, let to):
      let turns = session.timer.schedule.turns
      title = tr("%@ is speaking", turns[to].name)
      body = to == turns.count - 1 ? tr("Last Speaker") : tr("Speaker %d of %d", to + 1, turns.count)
    case .finished:
      title = tr("The meeting is over")
      body = session.scrum.title
    }
    application.sendNotification(id: "meeting", title: title, body: body)
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
    chime.isMuted.toggle()
    page.showMuted(chime.isMuted)
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
