import CGStreamer

/// Records sound from a GStreamer source (the default microphone: `autoaudiosrc`) to an Ogg
/// Opus file, 16 kHz mono (what speech recognition reads). Pausing the pipeline stops its
/// clock too, so the file's timeline leaves out the pause. `finish()` sends end-of-stream so
/// the file ends properly. Problems (no GStreamer, no source, a full disk) are thrown or
/// reported through `onProblem`, never fatal; what was written stays.
@MainActor public final class AudioRecorder {
  private let gst: ShimGst
  private let pipeline: OpaquePointer
  private let bus: OpaquePointer
  private var handlers: [gulong] = []
  /// Set once the recording has ended (finished, run out, or failed): it never restarts,
  /// which would write the file anew.
  private var ended = false
  /// Called with GStreamer's own words when recording stops on its own.
  public var onProblem: (@MainActor (String) -> Void)?

  /// A recorder from `source` (a GStreamer source description) to the file at `path`.
  public init(source: String, path: String) throws(SoundPlayer.Unavailable) {
    var why: UnsafePointer<gchar>?
    guard let gst = shim_gst(&why)?.pointee else {
      throw SoundPlayer.Unavailable(reason: why.map { String(cString: $0) } ?? "GStreamer could not be opened")
    }
    let description =
      "\(source) ! queue ! audioconvert ! audioresample ! audio/x-raw,rate=16000,channels=1 ! opusenc ! oggmux ! filesink name=file"
    var error: UnsafeMutablePointer<GError>?
    guard let pipeline = gst.parse_launch(description, &error) else {
      let reason = error.map { String(cString: $0.pointee.message) } ?? "the recording pipeline could not be made"
      g_clear_error(&error)
      throw SoundPlayer.Unavailable(reason: reason)
    }
    g_clear_error(&error)  // a warning with a pipeline made all the same
    self.gst = gst
    self.pipeline = pipeline
    _ = gst.object_ref_sink(UnsafeMutableRawPointer(pipeline))
    if let file = gst.bin_get_by_name(pipeline, "file") {
      gst.util_set_object_arg(UnsafeMutableRawPointer(file).assumingMemoryBound(to: GObject.self), "location", path)
      gst.object_unref(UnsafeMutableRawPointer(file))
    }
    guard let bus = gst.element_get_bus(pipeline) else {
      gst.object_unref(UnsafeMutableRawPointer(pipeline))
      throw SoundPlayer.Unavailable(reason: "the recorder has no message bus")
    }
    self.bus = bus
    gst.bus_add_signal_watch(bus)
    handlers.append(connect(UnsafeMutableRawPointer(bus), "message::eos", withArgument: { [unowned self] _ in
      self.ended = true
      _ = self.gst.element_set_state(self.pipeline, SHIM_GST_STATE_NULL)
    }))
    handlers.append(connect(UnsafeMutableRawPointer(bus), "message::error", withArgument: { [unowned self] message in
      var error: UnsafeMutablePointer<GError>?
      var debug: UnsafeMutablePointer<gchar>?
      self.gst.message_parse_error(message.map(OpaquePointer.init), &error, &debug)
      let text = error.map { String(cString: $0.pointee.message) } ?? "unknown problem"
      g_clear_error(&error)
      g_free(debug)
      self.ended = true
      _ = self.gst.element_set_state(self.pipeline, SHIM_GST_STATE_NULL)
      self.onProblem?(text)
    }))
  }

  isolated deinit {
    for handler in handlers { g_signal_handler_disconnect(UnsafeMutableRawPointer(bus), handler) }
    gst.bus_remove_signal_watch(bus)
    gst.object_unref(UnsafeMutableRawPointer(bus))
    _ = gst.element_set_state(pipeline, SHIM_GST_STATE_NULL)
    gst.object_unref(UnsafeMutableRawPointer(pipeline))
  }

  /// Starts (or resumes) recording; false when the source cannot start at once.
  @discardableResult public func record() -> Bool {
    guard !ended else { return false }
    return gst.element_set_state(pipeline, SHIM_GST_STATE_PLAYING) != 0  // GST_STATE_CHANGE_FAILURE is 0
  }

  /// Stops taking sound in; the file's timeline waits.
  public func pause() {
    guard !ended else { return }
    _ = gst.element_set_state(pipeline, SHIM_GST_STATE_PAUSED)
  }

  /// Ends the file properly: end-of-stream through the pipeline, which then stops. A paused
  /// recording is resumed for the moment it takes the end to pass.
  public func finish() {
    guard !ended else { return }
    ended = true
    _ = gst.element_set_state(pipeline, SHIM_GST_STATE_PLAYING)
    _ = gst.element_send_event(pipeline, gst.event_new_eos())
  }
}
