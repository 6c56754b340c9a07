import CAdwaita
import Foundation
import GtkShim
import GtkTestSupport
import Platform
import ScrumdingerCore
import ScrumdingerTestSupport
import XCTest

@testable import ScrumdingerApp

/// Starts GTK once per process; without a display the calling test fails loudly.
@MainActor func requireDisplay(file: StaticString = #filePath, line: UInt = #line) -> Bool {
  startDisplay { XCTFail($0, file: file, line: line) }
}

/// A store in a new empty folder.
func temporaryStore() -> ScrumStore {
  let path = NSTemporaryDirectory() + "scrumdinger-gtk-" + UUID().uuidString
  return ScrumStore(directory: path)
}

/// Saves `scrums` to `store`, and their meetings' transcripts where this computer keeps them
/// (the scrums file holds none).
@MainActor func saveKeepingTranscripts(_ scrums: [DailyScrum], in store: ScrumStore) throws {
  try store.save(scrums)
  let transcripts = TranscriptStore(folder: store.directory + "/transcripts")
  for entry in scrums.flatMap(\.history) where !entry.transcript.isEmpty {
    try transcripts.save(entry.transcript, of: entry.id)
  }
}

/// Runs the real application until `check` returns true (polled every 20 ms) or 10 s pass.
@MainActor func runApp(
  _ app: ScrumdingerApplication, until check: @escaping @MainActor () -> Bool
) -> Bool {
  let done = Flag()
  let failsafe = Timeout(after: .seconds(10)) { app.application.quit() }
  func poll() {
    if check() {
      done.isSet = true
      app.application.quit()
    } else {
      _ = Timeout(after: .milliseconds(20), poll)
    }
  }
  _ = Timeout(after: .zero, poll)
  _ = app.run(arguments: ["scrumdinger"])
  failsafe.cancel()
  return done.isSet
}

/// Runs the real app on `store` and, once its window is on screen and the scrums are read,
/// runs `body` inside the main loop; quits afterwards. Fails the test if the window never
/// appears.
@MainActor func withRunningApp(
  store: ScrumStore = temporaryStore(), dependencies: (@MainActor (Application, String) -> Dependencies)? = nil,
  file: StaticString = #filePath, line: UInt = #line,
  _ body: @escaping @MainActor (ScrumdingerApplication) throws -> Void
) {
  guard requireDisplay(file: file, line: line) else { return }
  let app = ScrumdingerApplication(store: store, unique: false, dependencies: dependencies)
  let ran = runApp(app) {
    guard app.mainWindow?.window.isMapped == true, app.hasFinishedLoading else { return false }
    do {
      try body(app)
    } catch {
      XCTFail("threw \(error)", file: file, line: line)
    }
    return true
  }
  XCTAssertTrue(ran, "the app window never appeared", file: file, line: line)
}

/// Runs `wait` while `make test-under-load`'s load rests (scripts/run-tests.sh): for a wait on
/// work the app does at idle priority (the speech helper), which by design gets no CPU while
/// the cores are busy. Without a load, just `wait`.
@MainActor func withIdleMachine(_ wait: () -> Void) {
  guard let rests = ProcessInfo.processInfo.environment["SCRUMDINGER_TEST_LOAD_RESTS"] else { return wait() }
  let mark = rests + "/\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
  _ = FileManager.default.createFile(atPath: mark, contents: nil)
  defer { try? FileManager.default.removeItem(atPath: mark) }
  wait()
}

/// The app's dependencies with `clock` and recording effects (real GLib timeouts); the
/// meetings of the scrums `recording` (this computer's choice) are recorded for real, from
/// GStreamer's `audioSource` (a test tone by default), and transcribed by `speechHelper` (the
/// app's own by default).
@MainActor func recordingDependencies(
  clock: any MonotonicClock = GLibMonotonicClock(), sound: RecordingEffect = RecordingEffect(),
  audioSource: String = "audiotestsrc is-live=true wave=sine", recording: [UUID] = [],
  speechHelper: String? = ResourceLocator.speechHelper
) -> @MainActor (Application, String) -> Dependencies {
  { _, folder in
    let consent = RecordingConsent(path: folder + "/recording-consent.json")
    for id in recording { try? consent.set(id, records: true) }
    return Dependencies(
      clock: clock, scheduler: GLibTickScheduler(), sound: sound, notifier: RecordingEffect(),
      keepAwake: RecordingEffect(),
      recorder: MeetingRecorder(
        folder: folder + "/recordings", consent: consent
      ) { MicrophoneCapture(source: audioSource) },
      speech: WhisperEngine(modelsFolder: folder + "/models", helper: speechHelper))
  }
}

/// Opens the editor on `scrum` in the running `app`, lets `change` work the sheet, presses
/// Done, and returns the scrum the sheet handed over.
@MainActor func edit(_ scrum: DailyScrum, in app: ScrumdingerApplication, _ change: (EditorSheet) -> Void)
  -> DailyScrum?
{
  var confirmed: DailyScrum?
  let sheet = EditorSheet(parent: app.mainWindow!.window, draft: ScrumDraft(editing: scrum)) { confirmed = $0.scrum }
  sheet.present()
  change(sheet)
  sheet.confirmButton.click()
  return confirmed
}

/// Shows `scrum` (the only one) on its detail page, laid out, and returns the page.
@discardableResult
@MainActor func openDetailPage(of scrum: DailyScrum, in app: ScrumdingerApplication) -> DetailPage {
  app.state.scrums.value = [scrum]
  app.state.navigation.value = .detail(scrumID: scrum.id)
  waitUntilPainted { app.mainWindow!.pages.detail?.root }
  return app.mainWindow!.pages.detail!
}

/// Waits until the widget `widget()` gives (a page, once it is made) is on screen, laid out
/// and painted, however long a busy machine takes; fails the test if a hang's limit passes.
@MainActor func waitUntilPainted(
  file: StaticString = #filePath, line: UInt = #line, _ widget: () -> Widget?
) {
  guard spin(until: { widget()?.isMapped == true }), let shown = widget() else {
    return XCTFail("never on screen", file: file, line: line)
  }
  XCTAssertTrue(spinUntilPainted(shown), "never painted", file: file, line: line)
}

/// Resizes the app's window to `width` × `height` as a window manager would (X11 configure
/// through xdotool: GTK applies a new default size only before a window is first shown) and
/// waits until GTK has laid it out at that size.
@MainActor func resize(
  _ window: MainWindow, width: Int, height: Int, file: StaticString = #filePath, line: UInt = #line
) {
  let search = Process()
  search.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
  search.arguments = [
    "search", "--onlyvisible", "--pid", String(ProcessInfo.processInfo.processIdentifier), "--name", ".",
  ]
  let output = Pipe()
  search.standardOutput = output
  XCTAssertNoThrow(try search.run(), file: file, line: line)
  search.waitUntilExit()
  let ids = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
  for id in ids {
    let size = Process()
    size.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
    size.arguments = ["windowsize", String(id), String(width), String(height)]
    XCTAssertNoThrow(try size.run(), file: file, line: line)
    size.waitUntilExit()
  }
  // GTK's window widget sits inside a 5 px resize border on each side.
  _ = spin(until: { window.window.allocatedSize == (width - 10, height - 10) })
  XCTAssertTrue(
    window.window.allocatedSize == (width - 10, height - 10),
    "the window is \(window.window.allocatedSize), not \(width)×\(height)", file: file, line: line)
}

/// Runs the app on a ManualClock with `scrum` saved (its window sized to `size` and laid out,
/// when given; recorded for real, from a test tone, when `recorded`), opens its detail page,
/// starts the meeting and hands over the app, the window, the meeting and the clock.
@MainActor func withMeeting(
  of scrum: DailyScrum, size: (width: Int, height: Int)? = nil, sound: RecordingEffect = RecordingEffect(),
  recorded: Bool = false,
  _ body: @escaping @MainActor (ScrumdingerApplication, MainWindow, MeetingCoordinator, ManualClock) throws -> Void
) {
  let clock = ManualClock()
  let store = temporaryStore()
  XCTAssertNoThrow(try store.save([scrum]))
  let dependencies = recordingDependencies(clock: clock, sound: sound, recording: recorded ? [scrum.id] : [])
  withRunningApp(store: store, dependencies: dependencies) { app in
    let window = app.mainWindow!
    if let size { resize(window, width: size.width, height: size.height) }
    app.state.navigation.value = .detail(scrumID: scrum.id)
    window.pages.detail!.startButton.click()
    guard let meeting = window.meeting else { return XCTFail("Start Meeting did not start a meeting") }
    if size != nil { waitUntilPainted { meeting.page.root } }  // laid out at that size
    try body(app, window, meeting, clock)
  }
}

/// Asserts that `page` (shown in `window`, resized to `width` × `height`: GNOME's phone size
/// unless said) needs no more than that size and lies inside it. Measured against the size
/// asked for, not the window's allocation: a page that needs more widens the window, and
/// would then fit what it widened.
@MainActor func assertFits(
  _ page: Widget, _ name: String, in window: MainWindow, width: Int = 360, height: Int = 640,
  file: StaticString = #filePath, line: UInt = #line
) {
  // GTK's window widget sits inside a 5 px resize border on each side.
  let (inner, innerHeight) = (width - 10, height - 10)
  let allocated = window.window.allocatedSize
  XCTAssertTrue(
    allocated == (inner, innerHeight),
    "with the \(name) the window is \(allocated.width)×\(allocated.height), not \(inner)×\(innerHeight)", file: file,
    line: line)
  XCTAssertLessThanOrEqual(
    page.minimumWidth, inner, "the \(name) needs \(page.minimumWidth) px, more than \(inner)", file: file, line: line)
  guard let box = page.bounds(in: window.window) else {
    return XCTFail("the \(name) is not laid out", file: file, line: line)
  }
  XCTAssertLessThanOrEqual(
    box.x + box.width, Double(inner) + 0.5, "the \(name) is cut off at the right", file: file, line: line)
  XCTAssertLessThanOrEqual(
    box.y + box.height, Double(innerHeight) + 0.5, "the \(name) is cut off at the bottom", file: file, line: line)
}

/// Where `widget` is within `window` (fails the test when it is not laid out).
@MainActor func frame(of widget: Widget, in window: MainWindow, file: StaticString = #filePath, line: UInt = #line)
  -> (x: Double, y: Double, width: Double, height: Double)
{
  guard let bounds = widget.bounds(in: window.window) else {
    XCTFail("not laid out", file: file, line: line)
    return (0, 0, 0, 0)
  }
  return bounds
}

/// Asserts that `widget` lies wholly inside the window's `width` × `height`.
@MainActor func assertInside(
  _ widget: Widget, _ name: String, window: MainWindow, width: Int, height: Int, file: StaticString = #filePath,
  line: UInt = #line
) {
  let box = frame(of: widget, in: window, file: file, line: line)
  XCTAssertGreaterThan(box.width, 0, "\(name) has no width", file: file, line: line)
  XCTAssertTrue(
    box.x >= 0 && box.y >= 0 && box.x + box.width <= Double(width) + 0.5 && box.y + box.height <= Double(height) + 0.5,
    "\(name) at \(box) is not inside \(width)×\(height)", file: file, line: line)
}

/// Saves a picture of the window to Tests/output/`name`.
@MainActor func picture(_ window: MainWindow, _ name: String) {
  try? FileManager.default.createDirectory(atPath: "Tests/output", withIntermediateDirectories: true)
  XCTAssertTrue(paintedPNG(window.window, to: "Tests/output/" + name), "no picture of \(name)")
}

/// Writes `widget` as its next painted frame shows it (after what the test just changed) to
/// `path`, waiting for that frame however long a busy machine takes (a fixed 300 ms found no
/// frame yet on a loaded one); false when no frame came or it could not be written.
@MainActor func paintedPNG(_ widget: Widget, to path: String) -> Bool {
  spin(until: { !isChangingPage(widget.widget) }, limit: .seconds(60)) && spinUntilPainted(widget, limit: .seconds(60))
    && widget.writePNG(to: path)
}

/// Writes `widget` to `path` once two frames in a row paint it alike: a change of style (a
/// warning stage's colours) reaches a drawing a frame or more after the change, so the first
/// frame may still show the old one. False when it never settles within 20 frames.
@MainActor func settledPNG(_ widget: Widget, to path: String) -> Bool {
  let earlier = path + ".earlier.png"
  defer { try? FileManager.default.removeItem(atPath: earlier) }
  guard paintedPNG(widget, to: earlier) else { return false }
  for _ in 0..<20 {
    guard paintedPNG(widget, to: path) else { return false }
    if comparePNG(earlier, path)?.largest == 0 { return true }
    try? FileManager.default.removeItem(atPath: earlier)
    try? FileManager.default.moveItem(atPath: path, toPath: earlier)
  }
  return false
}

/// How far an Ogg Opus file's last page reaches (its granule position at 48 kHz, in seconds),
/// and whether that page ends the stream: what a recording cut off before its end lacks.
func oggEnd(_ bytes: Data) -> (seconds: Double, isComplete: Bool) {
  let data = [UInt8](bytes)
  var last: (granule: Int64, flags: UInt8)?
  var index = 0
  while index + 27 <= data.count {
    guard data[index] == 0x4F, data[index + 1] == 0x67, data[index + 2] == 0x67, data[index + 3] == 0x53 else {
      index += 1
      continue
    }
    let granule = (0..<8).reduce(Int64(0)) { $0 | Int64(data[index + 6 + $1]) << (8 * Int64($1)) }
    last = (granule, data[index + 5])
    index += 27
  }
  guard let last else { return (0, false) }
  return (Double(last.granule) / 48_000, last.flags & 0x04 != 0)
}

/// Ana, Ben and Cy.
let threeAttendees = ["Ana", "Ben", "Cy"].map { Attendee(name: $0) }
/// Their one-minute stand-up.
let oneMinuteStandup = DailyScrum(title: "Standup", attendees: threeAttendees, lengthInMinutes: 1)

/// A meeting of `scrum` under way in `app` and its page, outside the window (whose questions
/// it would ask over app's window; the caller ends the session).
@MainActor func meetingPage(of scrum: DailyScrum, in app: ScrumdingerApplication) -> (MeetingSession, MeetingPage) {
  let state = AppState(scrums: [scrum])
  let session = MeetingSession(scrum: scrum, state: state, dependencies: app.dependencies)
  let page = MeetingPage(
    scrum: scrum, session: session, window: app.mainWindow!.window,
    listening: MeetingListening(app.dependencies.recorder), now: app.dependencies.now, twelveHour: false)
  return (session, page)
}

/// The texts of the toasts on show in `overlay` (its children after the page it covers).
@MainActor func toastTexts(_ overlay: ToastOverlay) -> [String] {
  var all: [String] = []
  var toast = gtk_widget_get_first_child(overlay.widget).flatMap { gtk_widget_get_next_sibling($0) }
  while let current = toast {
    all += Widget.labelTexts(under: current).filter { !$0.isEmpty }
    toast = gtk_widget_get_next_sibling(current)
  }
  return all
}

/// Presses the button labelled `label` on a toast on show in `overlay`, as a click would;
/// false if there is none.
@MainActor func pressToastButton(_ overlay: ToastOverlay, _ label: String) -> Bool {
  func button(under widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
    let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
    if g_type_check_instance_is_a(instance, gtk_button_get_type()) != 0,
      let text = gtk_button_get_label(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkButton.self)),
      String(cString: text) == label
    {
      return widget
    }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      if let found = button(under: current) { return found }
      child = gtk_widget_get_next_sibling(current)
    }
    return nil
  }
  var toast = gtk_widget_get_first_child(overlay.widget).flatMap { gtk_widget_get_next_sibling($0) }
  while let current = toast {
    if let found = button(under: current) { return gtk_widget_activate(found) != 0 }
    toast = gtk_widget_get_next_sibling(current)
  }
  return false
}
