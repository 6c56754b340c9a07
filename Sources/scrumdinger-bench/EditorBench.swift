import Foundation
import GtkShim
import Platform
import ScrumdingerApp
import ScrumdingerCore

/// The CPU time this thread has used, in milliseconds.
func threadCPUMilliseconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
  return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
}

/// Opens the editor's attendees group over the real app's window, holding `count - 1`
/// attendees, and adds three people one after another as a person does: the cursor in New
/// Attendee, a name typed, Enter. Each add is timed from Enter to the first frame painted
/// after it, in wall time and in the main thread's CPU time (which the frame clock's pace
/// does not round). Done `runs` times for each count; prints "`name` count-median
/// base-median" for each count beside the `base` count's median.
@MainActor func attendeeAddTimes(counts: [Int] = [40, 400], base: Int = 4, runs: Int = 7) {
  let directory = NSTemporaryDirectory() + "scrumdinger-bench-editor-" + UUID().uuidString
  defer { try? FileManager.default.removeItem(atPath: directory) }
  let app = ScrumdingerApplication(store: ScrumStore(directory: directory), unique: false)
  var times: [Int: [Double]] = [:]
  var cpu: [Int: [Double]] = [:]
  @MainActor func waitForPaint(_ window: DialogWindow) {
    var painted = false
    window.afterNextPaint { painted = true }
    _ = MainLoop.run(until: { painted }, timeout: .seconds(20))
  }
  /// Lets the window finish what opening it, typing or the last add started (as it has by
  /// the time a person has typed a name): 300 ms of the main loop.
  @MainActor func settle() { _ = MainLoop.run(until: { false }, timeout: .milliseconds(300)) }
  _ = Timeout(after: .milliseconds(300)) {
    guard let main = app.mainWindow else { return app.application.quit() }
    for _ in 0..<runs {
      for count in [base] + counts {
        var draft = ScrumDraft(editing: scrumWithAttendees(count - 1))
        let editor = AttendeeEditor(draft: { draft }, change: { $0(&draft) }, newID: UUID.init)
        let window = DialogWindow(parent: main.window, title: "Bench", width: 560, height: 720)
        window.content = ScrolledWindow(Clamp(editor.group))
        window.present()
        waitForPaint(window)
        editor.newAttendeeRow.grabFocus()
        for _ in 0..<3 {
          editor.newAttendeeRow.text = "Newcomer"
          settle()
          let start = ContinuousClock.now
          let cpuStart = threadCPUMilliseconds()
          editor.newAttendeeRow.activate()
          waitForPaint(window)
          times[count, default: []].append((ContinuousClock.now - start).milliseconds)
          cpu[count, default: []].append(threadCPUMilliseconds() - cpuStart)
        }
        window.close()
      }
    }
    app.application.quit()
  }
  _ = app.run(arguments: ["scrumdinger-bench"])
  for count in counts {
    print("editor_add_\(count)th_ms \(median(times[count]!)) \(median(times[base]!))")
    print("editor_add_\(count)th_cpu_ms \(median(cpu[count]!)) \(median(cpu[base]!))")
  }
}
