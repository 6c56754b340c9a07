// The effects of the app as a user runs it, made once for the application. Most are plain
// `Dependencies`; four of them also act for the window on show (the ding says what keeps it
// from playing there, notifications go while that window lacks the focus, the screen is kept
// awake for it, screen readers are told of the meeting there), so they are kept a second time
// by what they do for a window, and attached to each new window through that one protocol:
// nothing is downcast from the dependencies.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// A live effect that acts for, or speaks through, the window on show.
@MainActor protocol WindowEffect: AnyObject {
  /// Serves `window` from now on (a window made after one was closed replaces it).
  func serve(_ window: MainWindow)
}

/// The live effects: the dependencies, and the window effects among them.
@MainActor struct LiveEffects {
  var dependencies: Dependencies
  let windowEffects: [any WindowEffect]

  /// The real clock, GLib timeouts, the ding, desktop notifications, the screen keeper, the
  /// microphone (recordings in the data folder's `recordings`) and whisper.cpp (models in its
  /// `models`).
  init(application: Application, dataFolder: String) {
    let chime = Chime()
    let notifier = DesktopNotifier(application: application)
    let keeper = ScreenKeeper(application: application)
    let announcer = ScreenReaderAnnouncer()
    windowEffects = [chime, notifier, keeper, announcer]
    dependencies = Dependencies(
      clock: GLibMonotonicClock(), scheduler: GLibTickScheduler(),
      now: { Date().addingTimeInterval(LaunchEnvironment.clockOffset) },
      sound: chime, notifier: notifier, keepAwake: keeper,
      recorder: MeetingRecorder(
        folder: dataFolder + "/recordings", consent: RecordingConsent(path: dataFolder + "/recording-consent.json")
      ) { MicrophoneCapture() },
      speech: WhisperEngine(modelsFolder: Self.modelsFolder(of: dataFolder)))
    dependencies.announcer = announcer
  }

  /// Where speech models are kept in the data folder.
  static func modelsFolder(of dataFolder: String) -> String { dataFolder + "/models" }
}

extension Chime: WindowEffect {
  func serve(_ window: MainWindow) {
    onProblem = { [weak window] message in window?.toast(tr("The ding cannot be played: %@", message)) }
  }
}

extension DesktopNotifier: WindowEffect {
  func serve(_ window: MainWindow) { watch(window.window) }
}

extension ScreenKeeper: WindowEffect {
  func serve(_ window: MainWindow) { watch(window.window) }
}

extension ScreenReaderAnnouncer: WindowEffect {
  func serve(_ window: MainWindow) { watch(window.window) }
}
