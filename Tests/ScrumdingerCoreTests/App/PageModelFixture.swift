import Foundation
import ScrumdingerCore
import ScrumdingerTestSupport

/// Three scrums the page models' tests share: Retro (Ana), Design (two past meetings) and
/// Standup, in that order.
@MainActor struct PageModelFixture {
  let retro = DailyScrum(title: "Retro", attendees: [Attendee(name: "Ana")])
  let design = DailyScrum(
    title: "Design", history: [
      History(date: Date(timeIntervalSince1970: 1_700_000_000), attendees: ["Ana"], durationSeconds: 60),
      History(date: Date(timeIntervalSince1970: 1_700_086_400), attendees: ["Ben"], durationSeconds: 90),
    ])
  let standup = DailyScrum(title: "Standup")

  /// The window's models over `scrums` (the three by default), with the tests' dependencies.
  func model(_ scrums: [DailyScrum]? = nil) -> AppModel {
    AppModel(state: AppState(scrums: scrums ?? [retro, design, standup]), dependencies: testDependencies())
  }
}
