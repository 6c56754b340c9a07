import CGStreamer

/// Decodes a sound file (any format GStreamer reads) to raw 16 kHz mono 32-bit float
/// samples in a file, on GStreamer's own threads; `done` hears nil when it is all written,
/// or GStreamer's words when it could not be.
@MainActor public final class AudioDecoder {
  private let gst: ShimGst
  private let pipeline: OpaquePointer
  private let bus: OpaquePointer
  private var handlers: [gulong] = []
  private var done: (@MainActor (String?) -> Void)?

  /// Decodes `input` into `output` (created or replaced), starting at once.
  public init(input: String, output: String, done: @escaping @MainActor (String?) -> Void) throws(SoundPlayer.Unavailable) {
    var why: UnsafePointer<gchar>?
    guard let gst = shim_gst(&why)?.pointee else {
      throw SoundPlayer.Unavailable(reason: why.map { String(cString: $0) } ?? "GStreamer could not be opened")
    }
    var error: UnsafeMutablePointer<GError>?
    let description =
      "filesrc name=in ! decodebin ! audioconvert ! audioresample ! audio/x-raw,format=F32LE,rate=16000,channels=1 ! filesink name=out"
    guard let pipeline = gst.parse_launch(description, &error) else {
      let reason = error.map { String(cString: $0.pointee.message) } ?? "the decoder could not be made"
      g_clear_error(&error)
      throw SoundPlayer.Unavailable(reason: reason)
    }
    g_clear_error(&error)
    self.gst = gst
    self.pipeline = pipeline
    self.done = done
    _ = gst.object_ref_sink(UnsafeMutableRawPointer(pipeline))
    for (name, path) in [("in", input), ("out", output)] {
      guard let element = gst.bin_get_by_name(pipeline, name) else { continue }
      gst.util_set_object_arg(UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self), "location", path)
      gst.object_unref(UnsafeMutableRawPointer(element))
    }
    guard let bus = gst.element_get_bus(pipeline) else {
      gst.object_unref(UnsafeMutableRawPointer(pipeline))
      throw SoundPlayer.Unavailable(reason: "the decoder has no message bus")
    }
    self.bus = bus
    gst.bus_add_signal_watch(bus)
    handlers.append(connect(UnsafeMutableRawPointer(bus), "message::eos", withArgument: { [unowned self] _ in
      self.finish(nil)
    }))
    handlers.append(connect(UnsafeMutableRawPointer(bus), "message::error", withArgument: { [unowned self] message in
      var error: UnsafeMutablePointer<GError>?
      var debug: UnsafeMutablePointer<gchar>?
      self.gst.message_parse_error(message.map(OpaquePointer.init), &error, &debug)
      let text = error.map { String(cString: $0.pointee.message) } ?? "unknown problem"
      g_clear_error(&error)
      g_free(debug)
      self.finish(text)
    }))
    _ = gst.element_set_state(pipeline, SHIM_GST_STATE_PLAYING)
  }

  isolated deinit {
    for handler in handlers { g_signal_handler_disconnect(UnsafeMutableRawPointer(bus), handler) }
    gst.bus_remove_signal_watch(bus)
    gst.object_unref(UnsafeMutableRawPointer(bus))
    _ = gst.element_set_state(pipeline, SHIM_GST_STATE_NULL)
    gst.object_unref(UnsafeMutableRawPointer(pipeline))
  }

  /// Stops decoding; `done` is not called.
  public func cancel() {
    done = nil
    _ = gst.element_set_state(pipeline, SHIM_GST_STATE_NULL)
  }

  private func finish(_ problem: String?) {
    _ = gst.element_set_state(pipeline, SHIM_GST_STATE_NULL)
    let done = self.done
    self.done = nil
    done?(problem)
  }
}
