import Foundation
import ScrumdingerCore

/// How many meetings each of the 100 scrums of the big file has: 200 MB with the dot each part
/// carries since the file states its version vector (13,000 then made 283 MB, past the cap).
let bigFileMeetings = 9_200

/// 100 scrums × 1,000 history entries (3 attendees each), generated deterministically.
func largeScrumList(meetings: Int = 1_000) -> [DailyScrum] {
  let people = (1...8).map { Attendee(id: UUID(), name: "Attendee \($0)") }
  let start = Date(timeIntervalSince1970: 1_700_000_000)
  return (0..<100).map { s in
    let attendees = Array(people.prefix(3 + s % 5))
    let history = (0..<meetings).map { h in
      History(
        date: start.addingTimeInterval(Double(h) * 86_400), attendees: attendees.prefix(3).map(\.name),
        durationSeconds: 300 + h % 60)
    }
    return DailyScrum(
      title: "Scrum \(s)", attendees: attendees, lengthInMinutes: 5 + s % 10,
      theme: Theme.allCases[s % 16], history: history)
  }
}

/// Median of `runs` timings of `body`, in milliseconds.
func medianMilliseconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
  var times: [Double] = []
  for _ in 0..<runs {
    let start = ContinuousClock.now
    try body()
    times.append((ContinuousClock.now - start).milliseconds)
  }
  return median(times)
}
