import Foundation
import GtkShim
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

/// Opens the real app and times, from the click to the first frame painted, opening the
/// detail page of a scrum with `large` past meetings and of one with `small` (alternating,
/// `runs` times each); prints medians as "detail_open_ms large small".
@MainActor func detailOpenTimes(large: Int = 10_000, small: Int = 10, runs: Int = 7) {
  let directory = NSTemporaryDirectory() + "scrumdinger-bench-detail-" + UUID().uuidString
  defer { try? FileManager.default.removeItem(atPath: directory) }
  let app = ScrumdingerApplication(store: ScrumStore(directory: directory), unique: false)
  var times: [Int: [Double]] = [large: [], small: []]
  @MainActor func waitForPaint(_ window: MainWindow) {
    var painted = false
    window.window.afterNextPaint { painted = true }
    _ = MainLoop.run(until: { painted }, timeout: .seconds(20))
  }
  _ = Timeout(after: .milliseconds(300)) {
    guard let window = app.mainWindow else { return app.application.quit() }
    let scrums = [large: scrumWithHistory(large), small: scrumWithHistory(small)]
    for _ in 0..<runs {
      for count in [small, large] {
        let scrum = scrums[count]!
        app.state.scrums.value = [scrum]
        app.state.navigation.value = .list
        waitForPaint(window)
        let start = ContinuousClock.now
        app.state.navigation.value = .detail(scrumID: scrum.id)
        waitForPaint(window)
        let elapsed = ContinuousClock.now - start
        times[count]!.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
      }
    }
    app.application.quit()
  }
  _ = app.run(arguments: ["scrumdinger-bench"])
  func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  print("detail_open_ms \(median(times[large]!)) \(median(times[small]!))")
}
