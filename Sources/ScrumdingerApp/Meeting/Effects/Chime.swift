// All of the app's sound sits behind this one object (as Amberol keeps its audio behind one
// state object): the players, mute, the sound and volume chosen in Preferences, and the rule
// that a sound problem is reported once and never stops a meeting.
import FoundationEssentials
import GtkShim
import Platform
import ScrumdingerCore

/// The meeting's sound effect: the chosen end-of-turn sound (the ding unless Preferences say
/// otherwise) at each speaker change and at the end, and a softer sound when a turn's warning
/// time is reached, both at the chosen volume.
@MainActor final class Chime: SoundEffect {
  /// When true, nothing is played.
  var isMuted = false
  /// Told once, the first time a sound cannot be played, with a readable reason.
  var onProblem: (@MainActor (String) -> Void)?
  private var ding: SoundPlayer?
  private var warning: SoundPlayer?
  /// Plays a sound as Preferences offer it, once.
  private var preview: (sound: EndOfTurnSound, player: SoundPlayer)?
  private var problemReported = false
  private var sound = EndOfTurnSound.ding
  private var gain = 1.0
  /// Where a resource file is (nil when missing).
  private let resource: (String) -> String?

  /// A chime playing the resources `resource` finds (Resources/ding.ogg, warning.ogg, …).
  init(resource: @escaping (String) -> String? = ResourceLocator.path) {
    self.resource = resource
  }

  func use(_ sound: EndOfTurnSound, volumePercent: Int) {
    if sound != self.sound {
      self.sound = sound
      ding = nil  // loaded again at the next ring
    }
    gain = EndOfTurnSound.gain(percent: volumePercent)
    for player in [ding, warning, preview?.player] { player?.volume = gain }
  }

  func preview(_ sound: EndOfTurnSound) {
    if preview?.sound != sound { preview = load(sound.fileName).map { (sound, $0) } }
    preview?.player.play()
  }

  func meeting(_ session: MeetingSession, did event: MeetingEvent) {
    switch event {
    case .started:
      prepare()
      // The warning's player too, when a warning sounds: its first play is then as prompt as
      // the ding's, and the audio device is not opened in the middle of a meeting.
      let sounds = session.scrum.warningStages.contains(where: \.sound) || session.scrum.meetingWarningMinutes > 0
      if sounds, warning == nil { warning = load("warning.ogg") }
    case .speakerChanged(_, let due), .timeUp(let due), .overtimeStarted(_, let due): ring(dueAt: due)
    case .turnWarning(_, let stage, _):
      let stages = session.scrum.warningStages
      if stages.indices.contains(stage), stages[stage].sound { playWarning() }
    case .meetingWarning: playWarning()
    case .paused, .resumed, .minuteAdded, .ended: break
    }
  }

  /// Plays the warning's soft sound unless muted.
  private func playWarning() {
    guard !isMuted else { return }
    if warning == nil { warning = load("warning.ogg") }
    warning?.play()
  }

  /// Plays the ding unless muted; loads the player on first use. `dueAt` is the monotonic
  /// instant the change was due: the debug log gives it beside the instant the ding started,
  /// both in µs ("ding due=… rang=…", from which the bench measures the ding's latency).
  func ring(dueAt: Duration) {
    guard !isMuted else { return }
    prepare()
    ding?.play()
    let due = dueAt.components.seconds * 1_000_000 + dueAt.components.attoseconds / 1_000_000_000_000
    DebugLog.debug("ding due=\(due) rang=\(MonotonicTime.microseconds)")
  }

  /// Prepares the ding's player ahead of the first ding (so the first one is as prompt as
  /// the rest).
  func prepare() {
    if ding == nil { ding = load(sound.fileName) }
  }

  /// A player of resource `name` at the chosen volume.
  private func load(_ name: String) -> SoundPlayer? {
    guard let path = resource(name), Files.exists(path) else {
      report(tr("the sound file %@ is missing", resource(name) ?? name))
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
    player.volume = gain
    return player
  }

  private func report(_ message: String) {
    warn("sound: \(message)")
    guard !problemReported else { return }
    problemReported = true
    onProblem?(message)
  }
}
