// Ties one running meeting to the window: the session (timing, history, effects, and the
// question before it ends, "End meeting?" or "Quit and end the meeting?", whose page shows
// it), its page (sized from the window, compact view, the window's title saying whether it
// is recorded, the single-key shortcuts given to a note being typed) and the window's close
// once a quit's question is answered. Sound and notifications are the session's effects, not
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
  /// Closes the window once the meeting has ended, while "Quit and end the meeting?" is
  /// asked or answered.
  private var quitting: (@MainActor () -> Void)?
  private var questionObservation: ObservationToken?
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
      scrum: scrum, session: session, window: window, listening: listening, now: dependencies.now,
      twelveHour: twelveHour)
    compact = CompactView(window: window, page: page)
    let meetingActions = ActionGroup([])  // filled below, once `self` can be referred to
    presenter = PresenterView(
      title: Texts.shown(scrum.title), console: window,
      actions: [WindowCommand.scope: windowActions, MeetingCommand.scope: meetingActions], application: application,
      page: page,
      toast: toast
    ) { [session] in
      PresentationFace(
        scrum: scrum, session: session, listening: listening, now: dependencies.now, twelveHour: twelveHour)
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
    // A quit's question answered Cancel (the meeting goes on): the window stays.
    questionObservation = session.question.observe { [weak self] question in
      guard let self, question == nil, [.running, .paused].contains(self.session.timer.phase) else { return }
      self.quitting = nil
    }
    session.onEnd = { [weak self] saved in
      let quit = self?.quitting
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
      quit?()
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
  /// `argument`): the session's own (Pause, Next and Previous speaker, Add a minute, End
  /// Meeting) go straight to it, which knows what each may do while "End meeting?" is asked.
  func perform(_ command: MeetingCommand, argument: String? = nil) {
    switch command {
    case .pause: session.togglePause()
    case .nextSpeaker: session.nextSpeaker()
    case .previousSpeaker: session.previousSpeaker()
    case .addMinute: session.addMinute()
    case .present: presenter.toggle()
    case .presentOn: if let argument { presenter.present(on: argument) }
    case .endMeeting: session.ask(.end)
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

  /// Asks "Quit and end the meeting?" (unless a question is open already); `quit` runs once
  /// the meeting has ended (saved or not), and not if the answer is Cancel.
  func askToQuit(then quit: @escaping @MainActor () -> Void) {
    guard session.question.value == nil else { return }
    quitting = quit
    session.ask(.quit)
  }
}
