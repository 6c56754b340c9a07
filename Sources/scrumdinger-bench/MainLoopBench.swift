import Foundation
import GtkShim
import Platform
import ScrumdingerApp
import ScrumdingerCore

/// The longest the GLib main loop went without running a 2 ms probe while `work` ran, in ms.
@MainActor func longestMainLoopStall(
  upTo limit: Duration = .seconds(600),
  during work: @escaping @MainActor (_ done: @escaping @MainActor () -> Void) -> Void
) -> Double {
  MainLoop.installDispatchBridge()
  var last = ContinuousClock.now
  var longest = Duration.zero
  var finished = false
  @MainActor func probe() {
    let now = ContinuousClock.now
    longest = max(longest, now - last)
    last = now
    if !finished { _ = Timeout(after: .milliseconds(2), probe) }
  }
  _ = Timeout(after: .milliseconds(2), probe)
  _ = Timeout(after: .milliseconds(50)) { work { finished = true } }
  // Long enough for the bench's 15 minutes of speech on a busy machine (a minute was not).
  _ = MainLoop.run(until: { finished }, timeout: limit)
  // Let the probe run a little past the end.
  let settle = ContinuousClock.now + .milliseconds(50)
  _ = MainLoop.run(until: { ContinuousClock.now >= settle }, timeout: .seconds(1))
  return longest.milliseconds
}

/// (stall with AutoSave, stall saving synchronously on the main loop) for `scrums`.
@MainActor func saveStalls(_ scrums: [DailyScrum], directory: String) -> (autoSave: Double, synchronous: Double) {
  let state = AppState(scrums: [])
  let store = ScrumStore(directory: directory)
  let autoSave = AutoSave(store: store, state: state) { error in print("save failed: \(error)") }
  let background = longestMainLoopStall { done in
    state.scrums.value = scrums
    autoSave.saveNow()
    // Wait for the background save off the main loop, polling.
    @MainActor func check() {
      if FileManager.default.fileExists(atPath: store.path), !autoSave.isPending,
        (try? FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int) ?? 0 > 1_000_000
      {
        done()
      } else {
        _ = Timeout(after: .milliseconds(5), check)
      }
    }
    check()
  }
  let blocking = longestMainLoopStall { done in
    try? store.save(scrums)
    done()
  }
  return (background, blocking)
}
