// Whether the Activities overview may show what was said in meetings. Off unless the user
// turns it on in Preferences: the overview is shown on a shared screen as often as anywhere,
// and a transcript's sentence there is read by everyone watching. Kept in GSettings (this
// computer, this user), never in the synced file.
import GtkShim
import Platform

/// "Show words said in meetings in Activities search".
@MainActor final class OverviewWords {
  /// The GSettings key.
  static let key = "search-meeting-words"
  private let settings: Settings?

  /// The choice kept in `settings` (off without them).
  init(settings: Settings?) {
    self.settings = settings
  }

  /// Whether the overview's search also finds meetings by their words.
  var isEnabled: Bool {
    get { settings?.bool(Self.key) ?? false }
    set { settings?.set(Self.key, newValue) }
  }
}
