// What lives as long as the application, made once and handed to each window it opens (a
// window closed while the app runs on for reminders is made anew and finds them as they
// were): the wall clock's zone and format, the reminders and running on for them, the sound
// chosen, the transcriber and its models' downloads. Nothing here is global or per window.
import FoundationEssentials
import GtkShim
import Platform
import ScrumdingerCore

/// The application's lasting services.
@MainActor final class AppServices {
  /// The user's time zone and clock format.
  let time = LocalTime()
  /// The end-of-turn sound and volume.
  let sounds: SoundSettings
  /// The reminders of scrums on a schedule.
  let reminders: ReminderPlanner
  /// Running on without a window while scrums are on a schedule.
  let background: Background
  /// Transcribes recorded meetings, each once its recording is complete.
  let transcriber: Transcriber
  /// Finds what was said and noted in meetings (the pages' searches and the overview's).
  let meetingSearch = MeetingSearch()
  /// Whether the overview's search may show what was said (off unless switched on).
  let overviewWords: OverviewWords
  private let modelsFolder: String
  private var observations: [ObservationToken] = []

  /// The services over `state` and `dependencies`, kept in `settings`; speech models live in
  /// `modelsFolder`.
  init(
    application: Application, state: AppState, dependencies: Dependencies, settings: Settings?, modelsFolder: String
  ) {
    self.modelsFolder = modelsFolder
    sounds = SoundSettings(settings: settings, effect: dependencies.sound)
    overviewWords = OverviewWords(settings: settings)
    transcriber = Transcriber(state: state, recorder: dependencies.recorder, engine: dependencies.speech)
    let time = self.time
    reminders = ReminderPlanner(
      state: state, now: dependencies.now, timeZone: { time.zone }, timer: RealtimeTimer(),
      notices: ReminderNotifier(application: application, time: time))
    background = Background(application: application, settings: settings, reminders: reminders)
    time.onZoneChange = { [weak self] in self?.reminders.plan() }
    // A meeting that starts withdraws its scrum's reminder; a schedule added or removed
    // decides whether the app runs on without a window.
    var meetingScrum: UUID?
    observations.append(
      state.meeting.observe { [weak self] meeting in
        defer { meetingScrum = meeting?.scrumID }
        if let id = meeting?.scrumID, id != meetingScrum { self?.reminders.meetingStarted(scrumID: id) }
      })
    observations.append(state.scrums.observe { [weak self] _ in self?.background.update() })
  }

  /// The speech models' downloads (made when Preferences first open): a model installed lets
  /// the transcriptions that failed for want of one try again.
  private(set) lazy var modelDownloads: ModelDownloads = {
    let downloads = ModelDownloads(folder: modelsFolder)
    for download in [downloads.english, downloads.accurate, downloads.multilingual] {
      observations.append(
        download.state.observe { [weak self] state in
          if state == .installed { self?.transcriber.retryFailed() }
        })
    }
    return downloads
  }()
}
