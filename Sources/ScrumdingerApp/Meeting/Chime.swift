// All of the app's sound sits behind this one object (as Amberol keeps its audio behind one
// state object): the players, mute, and the rule that a sound problem is reported once and
// never stops a meeting.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// The meeting's sound effect: the ding at each speaker change and at the end, and a softer
/// sound when a turn's warning time is reached.
@MainActor final class Chime: SoundEffect {
  /// When true, nothing is played.
  var isMuted = false
  /// Told once, the first time a sound cannot be played, with a readable reason.
  var onProblem: (@MainActor (String) -> Void)?
  private var ding: SoundPlayer?
  private var warning: SoundPlayer?
  private var problemReported = false
  private let dingPath: String?
  private let warningPath: String?

  /// A chime playing `path` as the ding and `warningPath` as the warning (Resources/ding.ogg
  /// and Resources/warning.ogg by default).
  init(path: String? = ResourceLocator.path("ding.ogg"), warningPath: String? = ResourceLocator.path("warning.ogg")) {
    dingPath = path
    self.warningPath = warningPath
  }

  func meeting(_ session: MeetingSession, did event: MeetingEvent) {
    switch event {
    case .started: prepare()
    case .speakerChanged(_, let due), .timeUp(let due), .overtimeStarted(_, let due): ring(dueAt: due)
    case .turnWarning:
      guard !isMuted else { return }
      if warning == nil { warning = load(warningPath, fallbackName: "warning.ogg") }
      warning?.play()
    case .paused, .resumed, .ended: break
    }
  }

  /// Plays the ding unless muted; loads the player on first use. `dueAt` is the monotonic
  /// instant the change was due; with SCRUMDINGER_EVENT_LOG set, each ding appends
  /// "ding due=<µs> rang=<µs>" (CLOCK_MONOTONIC) to that file, to measure ding latency.
  func ring(dueAt: Duration) {
    guard !isMuted else { return }
    prepare()
    ding?.play()
    if let eventLog { eventLog.record(due: dueAt) }
  }

  private let eventLog = EventLog(path: ProcessInfo.processInfo.environment["SCRUMDINGER_EVENT_LOG"])

  /// Prepares the ding's player ahead of the first ding (so the first one is as prompt as
  /// the rest).
  func prepare() {
    if ding == nil { ding = load(dingPath, fallbackName: "ding.ogg") }
  }

  private func load(_ path: String?, fallbackName: String) -> SoundPlayer? {
    guard let path, FileManager.default.fileExists(atPath: path) else {
      report(tr("the sound file %@ is missing", path ?? fallbackName))
      return nil
    }
    let player: SoundPlayer
    do {
      player = try SoundPlayer(path: path)
    } catch {
      report(tr("GStreamer could not create a player: %@", error.reason))
      return nil
    }
    player.onProblem = { [weak self] message in self?.report(message) }
    return player
  }

  private func report(_ message: String) {
    warn("sound: \(message)")
    guard !problemReported else { return }
    problemReported = true
    onProblem?(message)
  }
}
