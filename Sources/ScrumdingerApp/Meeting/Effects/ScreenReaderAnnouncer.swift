// A screen reader user hears the meeting's moments as they happen (who speaks and for how
// long, each warning, a pause, an added minute) without moving the focus: the sentences are
// MeetingAnnouncement's, said through the meeting window's Announcer.
import GtkShim
import ScrumdingerCore

/// The meeting effect that tells screen readers of each moment of the meeting.
@MainActor final class ScreenReaderAnnouncer: MeetingEffect {
  private var announcer: Announcer?

  /// Announces in `window`, the one meetings run in.
  func watch(_ window: ApplicationWindow) {
    announcer = Announcer(in: window)
  }

  func meeting(_ session: MeetingSession, did event: MeetingEvent) {
    guard let text = MeetingAnnouncement.text(for: event, in: session) else { return }
    announcer?.announce(text)
  }
}
