import CGStreamer
import Platform

/// Records sound from a GStreamer source (the default microphone: `autoaudiosrc`) to an Ogg
/// Opus file, 16 kHz mono (what speech recognition reads). Pausing the pipeline stops its
/// clock too, so the file's timeline leaves out the pause. `finish(then:)` sends end-of-stream
/// and says when it has reached the file: only then is the file complete (stopping the
/// pipeline before that drops the sound still on its way, and the Ogg stream's end). Problems
/// (no GStreamer, no source, a full disk) are thrown or reported through `onProblem`, never
/// fatal; what was written stays.
@MainActor public final class AudioRecorder {
  private let pipeline: Pipeline
  /// Set once the recording has ended (finished, run out, or failed): it never restarts,
  /// which would write the file anew.
  private var ended = false
  /// Waiting for end-of-stream to reach the file, and a limit on that wait.
  private var whenFinished: (@MainActor () -> Void)?
  private var finishLimit: Timeout?
  /// Whether the recording is paused (its running time then stands where the pause began).
  private var isPaused = false
  /// Called with GStreamer's own words when recording stops on its own.
  public var onProblem: (@MainActor (String) -> Void)?

  /// A recorder from `source` (a GStreamer source description) to the file at `path` (nil:
  /// none), and its samples (16 kHz mono 32-bit floats, as they come) to `samples` as well if
  /// given.
  public init(source: String, path: String?, samples: String? = nil) throws(Unavailable) {
    let speech = "audio/x-raw,rate=16000,channels=1"
    let encoded = "queue ! opusenc ! oggmux ! filesink name=file"
    // The raw samples unbuffered: the recogniser reads each window as soon as it is full. A
    // valve stops them once no one reads them (its end-of-stream still passes).
    let raw =
      "queue ! valve name=samplesvalve drop-mode=forward-sticky-events ! audioconvert"
      + " ! audio/x-raw,format=F32LE ! filesink name=samples buffer-mode=unbuffered"
    let branches = [path.map { _ in encoded }, samples.map { _ in raw }].compactMap { $0 }
    pipeline = try Pipeline(
      describedBy: "\(source) name=source ! queue ! audioconvert ! audioresample ! \(speech) ! "
        + (branches.count == 1
          ? branches[0] : "tee name=split " + branches.map { "split. ! " + $0 }.joined(separator: " ")))
    if let path { pipeline.set("location", path, on: "file") }
    if let samples { pipeline.set("location", samples, on: "samples") }
    // PulseAudio's and PipeWire's sources hand over 10 ms of sound at a time by default: a
    // hundred wake-ups a second in each of the recording's threads. A recording needs no such
    // promptness: 100 ms at a time.
    pipeline.setWherePresent([("buffer-time", "400000"), ("latency-time", "100000")], on: "source")
    pipeline.on("eos") { [weak self] in self?.stop() }
    pipeline.onProblem { [weak self] problem in
      guard let self else { return }
      stop()
      onProblem?(problem)
    }
  }

  /// Stops writing the samples; the recording goes on.
  public func stopSamples() {
    pipeline.set("drop", "true", on: "samplesvalve")
  }

  /// Starts (or resumes) recording; false when the source cannot start at once.
  @discardableResult public func record() -> Bool {
    guard !ended else { return false }
    isPaused = false
    return pipeline.set(state: SHIM_GST_STATE_PLAYING)
  }

  /// Stops taking sound in; the file's timeline waits.
  public func pause() {
    guard !ended else { return }
    isPaused = true
    pipeline.set(state: SHIM_GST_STATE_PAUSED)
  }

  /// How far the file's timeline has run now: the pipeline's running time (its clock's time
  /// since it started playing, pauses left out), which is what the source stamps its sound
  /// with. Nil before the pipeline has a clock, and once the recording has ended.
  public var position: Duration? {
    guard !ended else { return nil }
    let gst = pipeline.gst
    if isPaused { return .nanoseconds(Int64(clamping: gst.element_get_start_time(pipeline.element))) }
    guard let clock = gst.element_get_clock(pipeline.element) else { return nil }
    defer { gst.object_unref(UnsafeMutableRawPointer(clock)) }
    let now = gst.clock_get_time(clock)
    let base = gst.element_get_base_time(pipeline.element)
    return now >= base ? .nanoseconds(Int64(clamping: now - base)) : nil
  }

  /// Ends the file properly: end-of-stream through the pipeline, which then stops; `done`
  /// runs once the file is complete (at once if the recording had already ended, and after
  /// `limit` at most, should the end never arrive). A paused recording is resumed for the
  /// moment it takes the end to pass. Keep the recorder until then.
  public func finish(within limit: Duration = .seconds(5), then done: @escaping @MainActor () -> Void) {
    guard !ended else { return done() }
    ended = true
    whenFinished = done
    finishLimit = Timeout(after: limit) { [weak self] in self?.stop() }
    pipeline.set(state: SHIM_GST_STATE_PLAYING)
    _ = pipeline.gst.element_send_event(pipeline.element, pipeline.gst.event_new_eos())
  }

  /// The recording's end: the pipeline stops (closing the file), and whoever waits hears it.
  private func stop() {
    ended = true
    pipeline.set(state: SHIM_GST_STATE_NULL)
    finishLimit?.cancel()
    finishLimit = nil
    let done = whenFinished
    whenFinished = nil
    done?()
  }
}
