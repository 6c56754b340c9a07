import Foundation
import GtkShim
import Platform
import ScrumdingerApp
import ScrumdingerCore

/// A scrum met daily for `meetings` days.
func scrumWithHistory(_ meetings: Int) -> DailyScrum {
  let start = Date(timeIntervalSince1970: 1_600_000_000)
  let history = (0..<meetings).map {
    History(date: start.addingTimeInterval(Double($0) * 86_400), attendees: ["Ana", "Ben"], durationSeconds: 300)
  }
  return DailyScrum(title: "Daily", attendees: [Attendee(name: "Ana"), Attendee(name: "Ben")], history: history)
}

/// A scrum of `people` attendees.
func scrumWithAttendees(_ people: Int) -> DailyScrum {
  DailyScrum(title: "Town hall", attendees: (0..<people).map { Attendee(name: "Person \($0)") })
}

/// Opens the real app and times, from the click to the first frame painted, opening the
/// detail page of `make(large)` and of `make(small)` (alternating, `runs` times each);
/// prints the medians as "`name` large small".
@MainActor func detailOpenTimes(
  _ name: String, large: Int = 10_000, small: Int = 10, runs: Int = 7, make: (Int) -> DailyScrum
) {
  let directory = NSTemporaryDirectory() + "scrumdinger-bench-detail-" + UUID().uuidString
  defer { try? FileManager.default.removeItem(atPath: directory) }
  let app = ScrumdingerApplication(store: ScrumStore(directory: directory), unique: false)
  var times: [Int: [Double]] = [large: [], small: []]
  let scrums = [large: make(large), small: make(small)]
  @MainActor func waitForPaint(_ window: MainWindow) {
    var painted = false
    window.window.afterNextPaint { painted = true }
    _ = MainLoop.run(until: { painted }, timeout: .seconds(20))
  }
  _ = Timeout(after: .milliseconds(300)) {
    guard let window = app.mainWindow else { return app.application.quit() }
    for _ in 0..<runs {
      for count in [small, large] {
        let scrum = scrums[count]!
        app.state.scrums.value = [scrum]
        app.state.navigation.value = .list
        waitForPaint(window)
        let start = ContinuousClock.now
        app.state.navigation.value = .detail(scrumID: scrum.id)
        waitForPaint(window)
        times[count]!.append((ContinuousClock.now - start).milliseconds)
      }
    }
    app.application.quit()
  }
  _ = app.run(arguments: ["scrumdinger-bench"])
  print("\(name) \(median(times[large]!)) \(median(times[small]!))")
}
