import CGStreamer
import Platform

/// Plays a recording with pause and position (a meeting's, on its history page), from its
/// start or from any moment of it. While it plays, `onPosition` hears the position once a
/// second, and once more when it stops.
@MainActor public final class RecordingPlayer {
  private let pipeline: Pipeline
  private var ticker: Timeout?
  /// Whether it is playing (not paused, not at the end).
  public private(set) var isPlaying = false
  /// Called with the position and the length (seconds; the length 0 until known).
  public var onPosition: (@MainActor (_ position: Int, _ length: Int) -> Void)?
  /// Called when playing stops by itself (the end, or a problem with GStreamer's words).
  public var onStopped: (@MainActor (_ problem: String?) -> Void)?
  /// Whether the pipeline has its first sound in hand, so it can seek.
  private var prerolled = false
  /// Where to go once it has (nanoseconds), and whether to play from there.
  private var pendingSeek: (target: Int64, plays: Bool)?

  /// A player for the file at `path` (nothing plays until `play()`).
  public init(path: String) throws(Unavailable) {
    pipeline = try Pipeline(playing: path, name: "recording")
    pipeline.on("eos") { [weak self] in self?.stop(problem: nil) }
    pipeline.onProblem { [weak self] in self?.stop(problem: $0) }
    pipeline.on("async-done") { [weak self] in
      guard let self else { return }
      prerolled = true
      guard let (target, plays) = pendingSeek else { return }
      pendingSeek = nil
      seek(to: target)
      if plays { play() }
    }
  }

  /// Plays from `milliseconds` into the recording (a sentence of its transcript). The first
  /// time, the pipeline is made ready paused, then sought, and only then played: played at
  /// once, it let the recording's first moments be heard before the seek on a busy machine.
  public func play(from milliseconds: Int) {
    let target = Int64(max(0, milliseconds)) * 1_000_000
    guard prerolled else {
      pendingSeek = (target, true)
      isPlaying = true
      pipeline.set(state: SHIM_GST_STATE_PAUSED)
      return
    }
    seek(to: target)
    play()
  }

  /// Where it is now, in milliseconds (nil before it knows).
  public var positionMilliseconds: Int? {
    var position: gint64 = 0
    guard pipeline.gst.element_query_position(pipeline.element, SHIM_GST_FORMAT_TIME, &position) != 0 else {
      return nil
    }
    return Int(position / 1_000_000)
  }

  private func seek(to nanoseconds: Int64) {
    _ = pipeline.gst.element_seek_simple(
      pipeline.element, SHIM_GST_FORMAT_TIME, SHIM_GST_SEEK_FLUSH_ACCURATE, gint64(nanoseconds))
    report()
  }

  isolated deinit { ticker?.cancel() }

  /// Plays from where it was paused (or from the start after the end).
  public func play() {
    pipeline.set(state: SHIM_GST_STATE_PLAYING)
    isPlaying = true
    tick()
  }

  /// Pauses where it is.
  public func pause() {
    pipeline.set(state: SHIM_GST_STATE_PAUSED)
    isPlaying = false
    ticker?.cancel()
    report()
  }

  private func tick() {
    report()
    ticker = Timeout(after: .seconds(1)) { [weak self] in
      guard let self, self.isPlaying else { return }
      self.tick()
    }
  }

  private func stop(problem: String?) {
    ticker?.cancel()
    report()
    isPlaying = false
    prerolled = false
    pipeline.set(state: SHIM_GST_STATE_READY)  // the next play starts over
    onStopped?(problem)
  }

  private func report() {
    var position: gint64 = 0
    var length: gint64 = 0
    _ = pipeline.gst.element_query_position(pipeline.element, SHIM_GST_FORMAT_TIME, &position)
    _ = pipeline.gst.element_query_duration(pipeline.element, SHIM_GST_FORMAT_TIME, &length)
    onPosition?(Int(max(0, position) / 1_000_000_000), Int(max(0, length) / 1_000_000_000))
  }
}
