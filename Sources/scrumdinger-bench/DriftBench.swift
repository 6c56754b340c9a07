import ScrumdingerCore
import ScrumdingerTestSupport

/// End-time error of a simulated 60-minute, 8-speaker meeting whose ticks arrive 0–40 ms
/// late (every 50th one 2 s late, as after a stall): the real timer, and a naive timer that
/// adds one second per tick, as a baseline.
func driftMilliseconds() -> (timer: Double, naive: Double) {
  let clock = ManualClock()
  let timer = MeetingTimer(
    schedule: SpeakerSchedule(names: (1...8).map { "P\($0)" }, lengthSeconds: 3600), clock: clock)
  var rng = SeededGenerator(seed: 7)
  var finishedAt: Duration?
  var naiveElapsed = 0
  var naiveFinishedAt: Duration?
  let start = clock.now
  while finishedAt == nil || naiveFinishedAt == nil {
    let due = timer.delayUntilNextChange ?? .seconds(1)
    let late = rng.next() % 50 == 0 ? Duration.seconds(2) : .milliseconds(Int64(rng.next() % 40))
    clock.advance(by: due + late)
    if timer.update().contains(.finished) { finishedAt = timer.finishedAt! - start }
    naiveElapsed += 1  // the naive timer counts ticks
    if naiveElapsed == 3600 && naiveFinishedAt == nil { naiveFinishedAt = clock.now - start }
  }
  func error(_ end: Duration) -> Double {
    abs(end.milliseconds - 3_600_000)
  }
  return (error(finishedAt!), error(naiveFinishedAt!))
}
