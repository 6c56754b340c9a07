// Scrums in the Activities overview: GNOME Shell reads the search provider file the app
// installs (data/…search-provider.ini) and calls org.gnome.Shell.SearchProvider2 on the app's
// bus name, starting the app through D-Bus activation if it is not running. The answers come
// from the in-memory list by ScrumSearch's rule; a process started only to answer waits for
// the scrums to be read, then stays a few seconds for the next keystroke's search (the
// inactivity timeout) and ends, with no window ever made. When the user has said so in
// Preferences (`OverviewWords`, off by default), meetings whose words hold every term typed
// follow the scrums ("Standup, Nov 18" over "…drop the migration…"), and activating one
// opens that meeting's page at the sentence.
import FoundationEssentials
import GtkShim
import Platform
import ScrumdingerCore

/// Answers the overview's searches, and opens what is picked there.
@MainActor final class ShellSearch {
  /// The object path, under the application's own.
  static let pathSuffix = "/SearchProvider"
  /// How long a process with no window stays for the next search.
  static let lingering = Duration.seconds(10)
  private let provider = SearchProvider()
  private let application: Application
  private let state: AppState
  private let now: () -> Date
  private let time: LocalTime
  private let meetingSearch: MeetingSearch
  private let overviewWords: OverviewWords
  /// What was typed last (its words are marked in the meetings described).
  private var lastSearch = ScrumSearch([])

  /// Answers from `state`'s scrums (and, if `overviewWords` allows, their meetings' words by
  /// `meetingSearch`) once `whenLoaded` says they are read; `open` shows one scrum,
  /// `openMeeting` a meeting at a sentence, `launch` the list searching for the terms.
  init(
    application: Application, state: AppState, now: @escaping () -> Date, time: LocalTime,
    meetingSearch: MeetingSearch, overviewWords: OverviewWords,
    whenLoaded: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void,
    open: @escaping @MainActor (UUID) -> Void, openMeeting: @escaping @MainActor (MeetingMatch) -> Void,
    launch: @escaping @MainActor ([String]) -> Void
  ) {
    self.application = application
    self.state = state
    self.now = now
    self.time = time
    self.meetingSearch = meetingSearch
    self.overviewWords = overviewWords
    provider.search = { [weak self] terms, previous, reply in
      guard let self else { return }
      self.answer(whenLoaded, reply) { self.results(for: ScrumSearch(terms), narrowing: previous) }
    }
    provider.describe = { [weak self] ids, reply in
      guard let self else { return }
      self.answer(whenLoaded, reply) {
        let (zone, twelveHour) = (self.time.zone, self.time.twelveHour)  // once a call
        let scrums = Dictionary(self.state.scrums.value.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { id in
          if let match = self.meeting(id) {
            return self.meta(match, title: scrums[match.scrumID]?.title, timeZone: zone)
          }
          return UUID(uuidString: id).flatMap { scrums[$0] }.map {
            self.meta($0, timeZone: zone, twelveHour: twelveHour)
          }
        }
      }
    }
    provider.activate = { [weak self] id, _ in
      // A meeting's result is found again in the scrums, once they are read.
      whenLoaded { [weak self] in
        guard let self else { return }
        if let match = meeting(id) { return openMeeting(match) }
        UUID(uuidString: id).map(open)
      }
    }
    provider.launchSearch = { terms in launch(terms) }
    application.onBusRegistration { [provider] bus in
      if let problem = provider.serve(on: bus, path: bus.applicationPath + Self.pathSuffix) {
        warn("the search provider could not be served: \(problem)")
      }
    }
  }

  /// The scrums whose title holds every term, then (when the user allows it) one result a
  /// meeting whose words hold them; of `previous` only, when the shell narrows its last search.
  private func results(for search: ScrumSearch, narrowing previous: [String]?) -> [String] {
    let scrums = state.scrums.value
    let titles = previous.map { search.narrowing($0, in: scrums) } ?? search.results(in: scrums)
    lastSearch = search
    guard overviewWords.isEnabled else { return titles.map(\.uuidString) }
    var meetings = meetingSearch.meetings(of: search, in: scrums)
    if let previous { meetings = meetings.filter { previous.contains($0.resultID) } }
    return titles.map(\.uuidString) + meetings.map(\.resultID)
  }

  /// The meeting's sentence result `id` names; nil when it names none, or while the user has
  /// not allowed meetings' words in the overview (whoever asks on the bus gets nothing).
  private func meeting(_ id: String) -> MeetingMatch? {
    guard overviewWords.isEnabled else { return nil }
    return MeetingMatch.named(id, in: state.scrums.value, search: lastSearch)
  }

  /// Replies with `result()` once the scrums are read, keeping the process alive meanwhile
  /// and for a while after, while the user may still be typing.
  private func answer<T>(
    _ whenLoaded: @MainActor (@escaping @MainActor () -> Void) -> Void, _ reply: @escaping @MainActor (T) -> Void,
    _ result: @escaping @MainActor () -> T
  ) {
    application.setInactivityTimeout(Self.lingering)
    application.hold()
    whenLoaded { [application] in
      reply(result())
      application.release()
    }
  }

  /// What the overview shows for a meeting found by its words: "Standup, Nov 18" over
  /// "…drop the migration…".
  private func meta(_ match: MeetingMatch, title: String?, timeZone: String?) -> SearchResultMeta {
    // Translators: a meeting in the Activities overview: the scrum's title, then its day
    // (g_date_time_format's %b month, %-d day).
    let day = Texts.format(match.date, tr("%b %-d"), timeZone: timeZone)
    return SearchResultMeta(
      id: match.resultID, name: tr("%@, %@", Texts.shown(title ?? ""), day), description: match.excerpt(),
      iconName: appID)
  }

  /// What the overview shows for `scrum`.
  private func meta(_ scrum: DailyScrum, timeZone: String?, twelveHour: Bool) -> SearchResultMeta {
    let next = scrum.schedule?.nextStart(after: now(), timeZone: timeZone)
    return SearchResultMeta(
      id: scrum.id.uuidString, name: Texts.shown(scrum.title),
      description: Texts.searchDescription(scrum, next: next, twelveHour: twelveHour, timeZone: timeZone),
      iconName: appID)
  }
}
