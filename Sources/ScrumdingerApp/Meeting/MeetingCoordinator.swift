// Ties one running meeting to the window: the session (timing, history, effects), its page
// (sized from the window, compact view, the window's title saying whether it is recorded, the
// single-key shortcuts given to a note being typed) and the questions before it ends ("End
// meeting?", "Quit and end the meeting?"). The timer is paused while the question is open,
// so nobody loses time to a dialog. Sound and notifications are the session's effects, not
// this coordinator's business. The meeting's commands are its own action group, inserted on
// the window while the meeting runs and taken away after (as the editor does with its
// group): a key reaches the session in two hops, the action and `perform`.
import GtkShim
import ScrumdingerCore

/// The controls of the meeting under way.
@MainActor package final class MeetingCoordinator {
  package let session: MeetingSession
  let page: MeetingPage
  private var sound: any SoundEffect
  private let window: ApplicationWindow
  private let application: Application
  private let compact: CompactView
  /// The meeting on another monitor, this window its console.
  let presenter: PresenterView
  private var titleObservation: ObservationToken?
  /// The microphone's use and the captions, as every view of the meeting shows them.
  private let listening: MeetingListening
  package private(set) var endQuestion: MessageDialog?
  /// The meeting's actions, one per "meeting." command of the table.
  private(set) var actions: [MeetingCommand: Action] = [:]
  /// The actions following the enabled rules.
  private var enabling: ObservationToken?

  /// Starts the meeting of `scrum` with today's `lineup` in `window` (whose application's
  /// accelerators a note being typed takes over; its own actions are `windowActions`), its
  /// actions enabled as `commands` says; `onEnd` runs once it is over (saved or not), the
  /// window as it was before.
  init(
    scrum: DailyScrum, lineup: Lineup, state: AppState, dependencies: Dependencies,
    commands: ObservableValue<Command.Context>, window: ApplicationWindow, windowActions: ActionGroup,
    application: Application, twelveHour: Bool, toast: @escaping PresenterView.ShowToast,
    onEnd: @escaping @MainActor (Bool) -> Void
  ) {
    self.window = window
    self.application = application
    sound = dependencies.sound
    session = MeetingSession(
      scrum: scrum, speakers: lineup.speakers(of: scrum), absent: lineup.absentees(of: scrum), state: state,
      dependencies: dependencies)
    let listening = MeetingListening(dependencies.recorder)
    self.listening = listening
    page = MeetingPage(
      scrum: scrum, session: session, state: state, listening: listening, now: dependencies.now, twelveHour: twelveHour)
    compact = CompactView(window: window, page: page)
    let meetingActions = ActionGroup([])  // filled below, once `self` can be referred to
    presenter = PresenterView(
      title: Texts.shown(scrum.title), console: window,
      actions: [WindowCommand.scope: windowActions, MeetingCommand.scope: meetingActions], application: application,
      page: page,
      toast: toast
    ) { [session] in
      PresentationFace(
        scrum: scrum, session: session, state: state, listening: listening, now: dependencies.now,
        twelveHour: twelveHour)
    }
    actions = MeetingCommand.actions { [weak self] command, argument in self?.perform(command, argument: argument) }
    meetingActions.add(Array(actions.values))
    window.insert(meetingActions, prefix: MeetingCommand.scope)
    enabling = MeetingCommand.follow(commands, part: \.meeting, with: actions)
    page.showMuted(sound.isMuted)
    page.fit(width: window.allocatedSize.width, height: window.allocatedSize.height)
    page.showFullscreen(window.isFullscreen)
    page.notes.onTyping = { [weak self] typing in self?.giveKeysToNotes(typing) }
    page.notes.onEscape = { [weak page] in _ = page?.notes.button.grabFocus() }
    // Escape leaves full screen first, as in a video player; then it ends the meeting.
    page.root.onKey("Escape") { [weak window] in
      guard let window, window.isFullscreen else { return false }
      window.isFullscreen = false
      return true
    }
    // Easy to pick in a screen-sharing dialog, which then also says the microphone is on.
    let shown = Texts.shown(scrum.title)
    window.title = listening.microphone.value.windowTitle(shown)
    titleObservation = listening.microphone.observe { [weak window] use in window?.title = use.windowTitle(shown) }
    session.onEnd = { [weak self] saved in
      if let self {
        self.presenter.stop()
        self.compact.show(false)
        self.titleObservation = nil
        self.enabling = nil
        self.window.title = tr("Scrumdinger")
        self.giveKeysToNotes(false)
        self.window.removeActions(prefix: MeetingCommand.scope)
      }
      onEnd(saved)
    }
  }

  /// While a note is typed, the meeting's single-key shortcuts type into it instead (their
  /// buttons still work); afterwards they are the meeting's again.
  private func giveKeysToNotes(_ typing: Bool) {
    for command in Command.allCases where command.facts.yieldsKeysToNotes {
      application.setAccelerators(typing ? [] : command.accelerators, for: command.detailedName)
    }
  }

  /// Runs a meeting command of the table (Present on takes the monitor's connector as
  /// `argument`): the session's own (Pause, Next and Previous speaker, Add a minute) go
  /// straight to it, except while "End meeting?" is asked; Next on the last speaker asks it.
  func perform(_ command: MeetingCommand, argument: String? = nil) {
    let asking = endQuestion != nil
    switch command {
    case .pause: if !asking { session.togglePause() }
    case .nextSpeaker: if !asking, session.nextSpeaker() == .confirmEnd { askToEnd() }
    case .previousSpeaker: if !asking { session.previousSpeaker() }
    case .addMinute: if !asking { session.addMinute() }
    case .present: presenter.toggle()
    case .presentOn: if let argument { presenter.present(on: argument) }
    case .endMeeting: askToEnd()
    case .mute:
      sound.isMuted.toggle()
      page.showMuted(sound.isMuted)
    case .takeNote: page.notes.takeNote()
    case .compactView: compact.toggle()
    case .captions:
      if listening.captions.value == nil {
        page.toasts.show(tr("This scrum has no live captions on this computer: Edit, Record"))
      } else {
        listening.captionsShown.value.toggle()
      }
    case .fullscreen: window.isFullscreen.toggle()
    }
  }

  /// Asks "End meeting?" with Save and End, Discard and Resume; the meeting is paused
  /// meanwhile.
  private func askToEnd() {
    ask(
      heading: tr("End meeting?"), keepGoing: ("resume", tr("Resume")), discard: tr("Discard"),
      save: tr("Save and End"),
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
