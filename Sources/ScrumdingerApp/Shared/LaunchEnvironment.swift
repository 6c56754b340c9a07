// The environment variables the app reads, in one place: each is named and documented here,
// and nothing else in the app looks at the environment for its own settings. Each is read
// when it is used (a test that sets one for one app run is heard), but the clock's offset,
// read once: the live clock asks for it at every reading.
// None is needed by a user: each points the app at something the tests or the bench stand in
// (the built tree's files, a null sink's monitor, a loopback download, a moved clock).
import FoundationEssentials
import Glibc

/// What the app was launched with, from `SCRUMDINGER_*` variables.
enum LaunchEnvironment {
  private static func variable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// SCRUMDINGER_RESOURCES: the folder holding `style.css` and the sounds, instead of the one
  /// found from the executable's location.
  static var resources: String? { variable("SCRUMDINGER_RESOURCES") }
  /// SCRUMDINGER_LOCALEDIR: the folder of compiled translations, instead of the one found from
  /// the executable's location.
  static var localeDirectory: String? { variable("SCRUMDINGER_LOCALEDIR") }
  /// SCRUMDINGER_AUDIO_SOURCE: the GStreamer source recordings read from, instead of the
  /// default microphone (`autoaudiosrc`); the tests record a PulseAudio null sink's monitor.
  static var audioSource: String? { variable("SCRUMDINGER_AUDIO_SOURCE") }
  /// SCRUMDINGER_WHISPER_MODEL: the speech model to transcribe with, instead of the newest in
  /// the data folder's `models`.
  static var whisperModel: String? { variable("SCRUMDINGER_WHISPER_MODEL") }
  /// SCRUMDINGER_MODEL_URL, SCRUMDINGER_MODEL_SHA256 and SCRUMDINGER_MODEL_SIZE (all three):
  /// another source for the speech model Preferences offers first (the tests serve one from a
  /// loopback server).
  static var modelSource: (url: String, sha256: String, size: Int)? {
    guard let url = variable("SCRUMDINGER_MODEL_URL"), let sha256 = variable("SCRUMDINGER_MODEL_SHA256"),
      let size = variable("SCRUMDINGER_MODEL_SIZE").flatMap(Int.init)
    else { return nil }
    return (url, sha256, size)
  }
  /// SCRUMDINGER_CLOCK_OFFSET: seconds the app's wall clock is moved by (0 unless set), so the
  /// tests see a reminder due in a moment.
  static let clockOffset = variable("SCRUMDINGER_CLOCK_OFFSET").flatMap(TimeInterval.init) ?? 0
}
