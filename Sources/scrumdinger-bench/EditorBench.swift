import Foundation
import GtkShim
import ScrumdingerApp
import ScrumdingerCore

/// Opens the editor's attendees group over the real app's window, holding `count - 1`
/// attendees, and times adding the `count`th (Enter in New Attendee) to the first frame
/// painted after, `runs` times for each count; prints "`name` count-median base-median" for
/// each count beside the `base` count's median.
@MainActor func attendeeAddTimes(counts: [Int] = [40, 400], base: Int = 4, runs: Int = 7) {
  let directory = NSTemporaryDirectory() + "scrumdinger-bench-editor-" + UUID().uuidString
  defer { try? FileManager.default.removeItem(atPath: directory) }
  let app = ScrumdingerApplication(store: ScrumStore(directory: directory), unique: false)
  var times: [Int: [Double]] = [:]
  @MainActor func waitForPaint(_ window: DialogWindow) {
    var painted = false
    window.afterNextPaint { painted = true }
    _ = MainLoop.run(until: { painted }, timeout: .seconds(20))
  }
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
        editor.newAttendeeRow.text = "Newcomer"
        let start = ContinuousClock.now
        editor.newAttendeeRow.activate()
        waitForPaint(window)
        let elapsed = ContinuousClock.now - start
        times[count, default: []].append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        window.close()
      }
    }
    app.application.quit()
  }
  _ = app.run(arguments: ["scrumdinger-bench"])
  func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  for count in counts { print("editor_add_\(count)th_ms \(median(times[count]!)) \(median(times[base]!))") }
}
