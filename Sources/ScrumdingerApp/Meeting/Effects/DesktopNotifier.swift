// Someone looking at another window during a meeting is told who speaks now; the note is
// taken back as soon as they look at ours again, and when the meeting ends (as GNOME Clocks
// withdraws its timer notification), so no stale "Ben is speaking" lingers in the tray.
import GtkShim
import ScrumdingerCore

/// The meeting effect that sends desktop notifications while our window is not focused.
@MainActor final class DesktopNotifier: MeetingEffect {
  private let application: Application
  private weak var window: ApplicationWindow?
  private var shown = false
  /// The one notification's id: each new one replaces the last.
  static let notificationID = "meeting"

  init(application: Application) {
    self.application = application
  }

  /// Watches `window`'s focus: notifications are sent only while it lacks the focus, and
  /// withdrawn when it gets it back.
  func watch(_ window: ApplicationWindow) {
    self.window = window
    window.onActiveChanged { [weak self] active in
      if active { self?.withdraw() }
    }
  }

  func meeting(_ session: MeetingSession, did event: MeetingEvent) {
    switch event {
    case .speakerChanged(let to, _):
      let turns = session.timer.schedule.turns
      let body = to == turns.count - 1 ? tr("Last Speaker") : tr("Speaker %d of %d", to + 1, turns.count)
      send(title: tr("%@ is speaking", Texts.shown(turns[to].name)), body: body)
    case .timeUp:
      send(title: tr("The meeting is over"), body: Texts.shown(session.scrum.title))
    case .ended:
      withdraw()
    case .started, .paused, .resumed, .minuteAdded, .turnWarning, .meetingWarning, .overtimeStarted:
      break
    }
  }

  private func send(title: String, body: String) {
    guard window?.isActive == false else { return }
    application.sendNotification(id: Self.notificationID, title: title, body: body)
    shown = true
  }

  private func withdraw() {
    guard shown else { return }
    shown = false
    application.withdrawNotification(id: Self.notificationID)
  }
}
