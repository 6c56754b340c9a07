import CGStreamer
import Platform

/// Plays one short sound file again and again with little delay: between plays the
/// pipeline waits in READY (device open, nothing queued), and `play()` takes it to PLAYING
/// from the start. (Waiting prerolled in PAUSED instead made pulsesink play late by as long
/// as it had waited: 2 s after a 2 s wait, measured.) Loading prerolls once, to build the
/// decoding chain and the audio stream ahead of the first ding, then drops to READY.
/// GStreamer itself is opened with the first player (see CGStreamer's shim.h). Problems (no
/// GStreamer, no file, no audio device) are reported through `onProblem` or thrown, never fatal.
@MainActor public final class SoundPlayer {

  private let pipeline: Pipeline
  private var warmingUp = true
  /// Called with a readable message when the sound cannot be played.
  public var onProblem: (@MainActor (String) -> Void)?

  /// Loads the sound at `path`, opening GStreamer the first time.
  public init(path: String) throws(Unavailable) {
    pipeline = try Pipeline(playing: path, name: "ding")
    pipeline.on("async-done") { [weak self] in
      guard let self else { return }
      guard warmingUp else { return }
      warmingUp = false
      pipeline.set(state: SHIM_GST_STATE_READY)
    }
    pipeline.on("eos") { [weak self] in self?.pipeline.set(state: SHIM_GST_STATE_READY) }
    pipeline.onProblem(warnings: true) { [weak self] in self?.onProblem?($0) }
    pipeline.set(state: SHIM_GST_STATE_PAUSED)
  }

  /// How loud it plays: 0 (silent) to 1 (as recorded), a linear gain.
  public var volume = 1.0 {
    didSet { pipeline.set("volume", "\(min(max(volume, 0), 1))") }
  }

  /// Plays the sound from its start (restarting it if it is still playing).
  public func play() {
    warmingUp = false
    pipeline.set(state: SHIM_GST_STATE_READY)
    pipeline.set(state: SHIM_GST_STATE_PLAYING)
  }
}
