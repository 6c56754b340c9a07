// A stand-up can run fifteen minutes with nobody touching the keyboard: while a meeting runs
// or is paused, the session is asked not to blank the screen or suspend (GNOME's session
// manager, or the portal), and told again as soon as the meeting ends, however it ends.
import GtkShim
import ScrumdingerCore

/// The meeting effect that keeps the screen awake during a meeting.
@MainActor final class ScreenKeeper: MeetingEffect {
  private let application: Application
  private weak var window: ApplicationWindow?
  private var cookie: UInt32 = 0

  init(application: Application) {
    self.application = application
  }

  /// The window the request is made for.
  func watch(_ window: ApplicationWindow) { self.window = window }

  func meeting(_ session: MeetingSession, did event: MeetingEvent) {
    switch event {
    case .started:
      guard cookie == 0 else { return }
      cookie = application.inhibitIdleAndSuspend(for: window, reason: tr("A meeting is running"))
    case .ended:
      guard cookie != 0 else { return }
      application.uninhibit(cookie)
      cookie = 0
    case .speakerChanged, .turnWarning, .meetingWarning, .overtimeStarted, .timeUp, .paused, .resumed, .minuteAdded:
      break
    }
  }
}
