import CGStreamer

/// Plays one short sound file again and again with little delay: between plays the
/// pipeline waits in READY (device open, nothing queued), and `play()` takes it to PLAYING
/// from the start. (Waiting prerolled in PAUSED instead made pulsesink play late by as long
/// as it had waited: 2 s after a 2 s wait, measured.) Loading prerolls once, to build the
/// decoding chain and the audio stream ahead of the first ding, then drops to READY.
/// GStreamer itself is opened with the first player (see CGStreamer's shim.h). Problems (no
/// GStreamer, no file, no audio device) are reported through `onProblem` or thrown, never fatal.
@MainActor public final class SoundPlayer {
  /// Why no player could be made: GStreamer missing or unable to start, or no `playbin`.
  public struct Unavailable: Error {
    /// GStreamer's or the system's own words.
    public let reason: String
  }

  private let gst: ShimGst
  private let playbin: OpaquePointer
  private let bus: OpaquePointer
  private var handlers: [gulong] = []
  private var warmingUp = true
  /// Called with a readable message when the sound cannot be played.
  public var onProblem: (@MainActor (String) -> Void)?

  /// Loads the sound at `path`, opening GStreamer the first time.
  public init(path: String) throws(Unavailable) {
    var why: UnsafePointer<gchar>?
    guard let gst = shim_gst(&why)?.pointee else {
      throw Unavailable(reason: why.map { String(cString: $0) } ?? "GStreamer could not be opened")
    }
    guard let element = gst.element_factory_make("playbin", "ding") else {
      throw Unavailable(reason: "GStreamer has no playbin (gstreamer1.0-plugins-base)")
    }
    self.gst = gst
    playbin = element
    _ = gst.object_ref_sink(UnsafeMutableRawPointer(element))
    let object = UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self)
    var error: UnsafeMutablePointer<GError>?
    if let uri = gst.filename_to_uri(path, &error) {
      gst.util_set_object_arg(object, "uri", uri)
      g_free(uri)
    }
    g_clear_error(&error)
    // No video or subtitles: just the audio.
    gst.util_set_object_arg(object, "flags", "audio")
    guard let bus = gst.element_get_bus(element) else {
      gst.object_unref(UnsafeMutableRawPointer(element))
      throw Unavailable(reason: "the player has no message bus")
    }
    self.bus = bus
    gst.bus_add_signal_watch(bus)
    let busObject = UnsafeMutableRawPointer(bus)
    handlers.append(connect(busObject, "message::async-done", withArgument: { [unowned self] _ in
      guard warmingUp else { return }
      warmingUp = false
      _ = gst.element_set_state(playbin, SHIM_GST_STATE_READY)
    }))
    handlers.append(connect(busObject, "message::eos", withArgument: { [unowned self] _ in
      _ = gst.element_set_state(playbin, SHIM_GST_STATE_READY)
    }))
    handlers.append(connect(busObject, "message::error", withArgument: { [unowned self] in report($0, error: true) }))
    handlers.append(connect(busObject, "message::warning", withArgument: { [unowned self] in report($0, error: false) }))
    _ = gst.element_set_state(element, SHIM_GST_STATE_PAUSED)
  }

  isolated deinit {
    for handler in handlers { g_signal_handler_disconnect(UnsafeMutableRawPointer(bus), handler) }
    gst.bus_remove_signal_watch(bus)
    gst.object_unref(UnsafeMutableRawPointer(bus))
    _ = gst.element_set_state(playbin, SHIM_GST_STATE_NULL)
    gst.object_unref(UnsafeMutableRawPointer(playbin))
  }

  /// Plays the sound from its start (restarting it if it is still playing).
  public func play() {
    warmingUp = false
    _ = gst.element_set_state(playbin, SHIM_GST_STATE_READY)
    _ = gst.element_set_state(playbin, SHIM_GST_STATE_PLAYING)
  }

  private func report(_ message: UnsafeMutableRawPointer?, error isError: Bool) {
    let message = message.map(OpaquePointer.init)
    var error: UnsafeMutablePointer<GError>?
    var debug: UnsafeMutablePointer<gchar>?
    if isError {
      gst.message_parse_error(message, &error, &debug)
    } else {
      gst.message_parse_warning(message, &error, &debug)
    }
    let text = error.map { String(cString: $0.pointee.message) } ?? "unknown problem"
    g_clear_error(&error)
    g_free(debug)
    onProblem?(text)
  }
}
