import Foundation
import GtkShim
import GtkTestSupport
import Platform
import ScrumdingerApp
import ScrumdingerCore

/// The open file descriptors.
func openFileCount() -> Int {
  (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
}

/// Runs the main loop until `window` has painted a frame.
@MainActor func waitForPaint(_ window: Widget) {
  var painted = false
  window.afterNextPaint { painted = true }
  _ = MainLoop.run(until: { painted }, timeout: .seconds(20))
}

/// A meeting's clock and ticks `factor` times faster than real time, so an hour's meeting
/// runs its 3,600 seconds (each one's updates) in a minute.
@MainActor final class SpedUpTime: MonotonicClock, TickScheduler {
  private nonisolated let factor: Int
  private nonisolated let start = ContinuousClock.now
  init(factor: Int) { self.factor = factor }
  nonisolated var now: Duration { (ContinuousClock.now - start) * factor }
  func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledTick {
    Timeout(after: delay / factor, action)
  }
}

/// What the app keeps over time, with the real app and its live effects (only the meeting's
/// clock sped up): 200 editor openings and closings, an hour's meeting of 8 attendees, and 100
/// recorded meetings (the default microphone) started and discarded. Each prints its growth
/// beside the app's RSS after the first cycle, or the meeting's first minute.
@MainActor func memoryFigures() {
  let directory = NSTemporaryDirectory() + "scrumdinger-bench-memory-" + UUID().uuidString
  defer { try? FileManager.default.removeItem(atPath: directory) }
  let store = ScrumStore(directory: directory)
  let names = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]
  let standup = DailyScrum(title: "Standup", attendees: names.map { Attendee(name: $0) }, lengthInMinutes: 60)
  let recorded = DailyScrum(title: "Recorded", attendees: [Attendee(name: "Ana")], lengthInMinutes: 5)
  try? store.save([standup, recorded])
  let time = SpedUpTime(factor: 60)
  let app = ScrumdingerApplication(
    store: store, unique: false,
    tuneLive: { live in
      live.clock = time
      live.scheduler = time
    })
  func run(_ duration: Duration) { _ = MainLoop.run(until: { false }, timeout: duration) }
  func runUntil(_ done: @escaping @MainActor () -> Bool) { _ = MainLoop.run(until: done, timeout: .seconds(20)) }
  _ = Timeout(after: .milliseconds(300)) {
    guard let main = app.mainWindow else { return app.application.quit() }
    runUntil { app.hasFinishedLoading }

    // The editor, opened and closed as Ctrl+E and Escape do.
    app.state.navigation.value = .detail(scrumID: standup.id)
    run(.milliseconds(200))
    var editorBase = 0
    for cycle in 1...200 {
      _ = main.window.activateAction(Command.window(.edit).detailedName)
      guard let window = main.editing.sheet?.window else { break }  // the sheet itself is not held here
      waitForPaint(window)
      window.close()
      runUntil { main.editing.sheet == nil }
      run(.milliseconds(10))
      if cycle == 1 { editorBase = Memory.residentKiB() }
    }
    let editorGrowth = Memory.residentKiB() - editorBase
    print("editor_cycles_growth_kib \(editorGrowth) \(editorBase)")

    // An hour's meeting, from its first minute to its 59th.
    _ = main.window.activateAction(Command.window(.startMeeting).detailedName)
    run(.seconds(1))  // its first minute
    let meetingBase = Memory.residentKiB()
    let filesBase = openFileCount()
    run(.seconds(58))
    print("meeting_hour_growth_kib \(Memory.residentKiB() - meetingBase) \(meetingBase)")
    print("meeting_hour_fd_growth \(openFileCount() - filesBase) \(filesBase)")
    main.meeting?.session.end(save: false)
    run(.milliseconds(200))

    // Recorded meetings started and discarded (End Meeting, then Discard), this computer
    // recording that scrum as its editor's switch would say.
    try? app.dependencies.recorder.consent.set(recorded.id, records: true)
    app.state.navigation.value = .detail(scrumID: recorded.id)
    run(.milliseconds(200))
    var recordedBase = 0
    for count in 1...100 {
      _ = main.window.activateAction(Command.window(.startMeeting).detailedName)
      runUntil { app.dependencies.recorder.isRecording.value }
      run(.milliseconds(100))
      _ = main.window.activateAction(Command.meeting(.endMeeting).detailedName)
      main.meeting?.session.answer(.discard)
      runUntil { main.meeting == nil && !app.dependencies.recorder.isRecording.value }
      run(.milliseconds(50))
      if count == 1 { recordedBase = Memory.residentKiB() }
    }
    print("recorded_meetings_growth_kib \(Memory.residentKiB() - recordedBase) \(recordedBase)")
    app.application.quit()
  }
  _ = app.run(arguments: ["scrumdinger-bench"])
}
