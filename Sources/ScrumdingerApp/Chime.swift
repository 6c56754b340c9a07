// All of the app's sound sits behind this one object (as Amberol keeps its audio behind one
// state object): the player, mute, and the rule that a sound problem is reported once and
// never stops a meeting.
import Foundation
import GtkShim
import ScrumdingerCore

/// The ding played at each speaker change and at the end of a meeting: the meeting's sound
/// effect.
@MainActor final class Chime: SoundEffect {
  /// When true, `ring()` is silent.
  var isMuted = false
  /// Told once, the first time the ding cannot be played, with a readable reason.
  var onProblem: (@MainActor (String) -> Void)?
  private var player: SoundPlayer?
  private var problemReported = false
  private let path: String?

  /// A chime playing `path` (Resources/ding.ogg by default).
  init(path: String? = ResourceLocator.path("ding.ogg")) {
    self.path = path
  }

  func meeting(_ session: MeetingSession, did event: MeetingEvent) {
    switch event {
    case .started: prepare()
    case .speakerChanged(_, let due), .timeUp(let due): ring(dueAt: due)
    case .paused, .resumed, .ended: break
    }
  }

  /// Plays the ding unless muted; loads the player on first use. `dueAt` is the monotonic
  /// instant the change was due; with SCRUMDINGER_EVENT_LOG set, each ding appends
  /// "ding due=<µs> rang=<µs>" (CLOCK_MONOTONIC) to that file, to measure ding latency.
  func ring(dueAt: Duration) {
    guard !isMuted else { return }
    prepare()
    player?.play()
    if let eventLog { eventLog.record(due: dueAt) }
  }

  private let eventLog = EventLog(path: ProcessInfo.processInfo.environment["SCRUMDINGER_EVENT_LOG"])

  /// Prepares the player ahead of the first ding (so the first one is as prompt as the rest).
  func prepare() {
    if player == nil { load() }
  }

  private func load() {
    guard let path, FileManager.default.fileExists(atPath: path) else {
      report(tr("the sound file %@ is missing", path ?? "ding.ogg"))
      return
    }
    guard let player = SoundPlayer(path: path) else {
      report(tr("GStreamer could not create a player"))
      return
    }
    player.onProblem = { [weak self] message in self?.report(message) }
    self.player = player
  }

  private func report(_ message: String) {
    FileHandle.standardError.write(Data("scrumdinger: ding: \(message)\n".utf8))
    guard !problemReported else { return }
    problemReported = true
    onProblem?(message)
  }
}
