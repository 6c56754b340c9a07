import Foundation
import ScrumdingerCore
import ScrumdingerTestSupport

/// Three scrums the page models' tests share: Retro (Ana), Design (two past meetings) and
/// Standup, in that order.
@MainActor struct PageModelFixture {
  let retro = DailyScrum(title: "Retro", attendees: [Attendee(name: "Ana")])
  let design = DailyScrum(
    title: "Design",
    history: [
      History(date: Date(timeIntervalSince1970: 1_700_000_000), attendees: ["Ana"], durationSeconds: 60),
      History(date: Date(timeIntervalSince1970: 1_700_086_400), attendees: ["Ben"], durationSeconds: 90),
    ])
  let standup = DailyScrum(title: "Standup")

  /// The window's models over `scrums` (the three by default), with the tests' dependencies.
  func model(_ scrums: [DailyScrum]? = nil) -> AppModel {
    AppModel(state: AppState(scrums: scrums ?? [retro, design, standup]), dependencies: testDependencies())
  }
}

/// A suite over the page models' three scrums: its own `fixture`, its scrums and models read
/// from it by name.
@MainActor protocol PageModelSuite {
  var fixture: PageModelFixture { get }
}

extension PageModelSuite {
  var retro: DailyScrum { fixture.retro }
  var design: DailyScrum { fixture.design }
  var standup: DailyScrum { fixture.standup }
  func model(_ scrums: [DailyScrum]? = nil) -> AppModel { fixture.model(scrums) }
}
