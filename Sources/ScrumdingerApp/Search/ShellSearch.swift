// Scrums in the Activities overview: GNOME Shell reads the search provider file the app
// installs (data/…search-provider.ini) and calls org.gnome.Shell.SearchProvider2 on the app's
// bus name, starting the app through D-Bus activation if it is not running. The answers come
// from the in-memory list by ScrumSearch's rule; a process started only to answer waits for
// the scrums to be read, then stays a few seconds for the next keystroke's search (the
// inactivity timeout) and ends, with no window ever made.
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

  /// Answers from `state`'s scrums once `whenLoaded` says they are read; `open` shows one
  /// scrum, `launch` the list searching for the terms.
  init(
    application: Application, state: AppState, now: @escaping () -> Date, time: LocalTime,
    whenLoaded: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void,
    open: @escaping @MainActor (UUID) -> Void, launch: @escaping @MainActor ([String]) -> Void
  ) {
    self.application = application
    self.state = state
    self.now = now
    self.time = time
    provider.search = { [weak self] terms, previous, reply in
      guard let self else { return }
      self.answer(whenLoaded, reply) {
        let search = ScrumSearch(terms)
        let ids = previous.map { search.narrowing($0, in: self.state.scrums.value) } ?? search.results(in: self.state.scrums.value)
        return ids.map(\.uuidString)
      }
    }
    provider.describe = { [weak self] ids, reply in
      guard let self else { return }
      self.answer(whenLoaded, reply) {
        let (zone, twelveHour) = (self.time.zone, self.time.twelveHour)  // once a call
        let scrums = Dictionary(self.state.scrums.value.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { UUID(uuidString: $0).flatMap { scrums[$0] }.map { self.meta($0, timeZone: zone, twelveHour: twelveHour) } }
      }
    }
    provider.activate = { id, _ in UUID(uuidString: id).map(open) }
    provider.launchSearch = { terms in launch(terms) }
    application.onBusRegistration { [provider] bus in
      if let problem = provider.serve(on: bus, path: bus.applicationPath + Self.pathSuffix) {
        warn("the search provider could not be served: \(problem)")
      }
    }
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

  /// What the overview shows for `scrum`.
  private func meta(_ scrum: DailyScrum, timeZone: String?, twelveHour: Bool) -> SearchResultMeta {
    let next = scrum.schedule?.nextStart(after: now(), timeZone: timeZone)
    return SearchResultMeta(
      id: scrum.id.uuidString, name: Texts.shown(scrum.title),
      description: Texts.searchDescription(scrum, next: next, twelveHour: twelveHour, timeZone: timeZone),
      iconName: appID)
  }
}
