import CGStreamer

/// Plays a recording with pause and position (a meeting's, on its history page). While it
/// plays, `onPosition` hears the position once a second, and once more when it stops.
@MainActor public final class RecordingPlayer {
  private let gst: ShimGst
  private let playbin: OpaquePointer
  private let bus: OpaquePointer
  private var handlers: [gulong] = []
  private var ticker: Timeout?
  /// Whether it is playing (not paused, not at the end).
  public private(set) var isPlaying = false
  /// Called with the position and the length (seconds; the length 0 until known).
  public var onPosition: (@MainActor (_ position: Int, _ length: Int) -> Void)?
  /// Called when playing stops by itself (the end, or a problem with GStreamer's words).
  public var onStopped: (@MainActor (_ problem: String?) -> Void)?

  /// A player for the file at `path` (nothing plays until `play()`).
  public init(path: String) throws(SoundPlayer.Unavailable) {
    var why: UnsafePointer<gchar>?
    guard let gst = shim_gst(&why)?.pointee else {
      throw SoundPlayer.Unavailable(reason: why.map { String(cString: $0) } ?? "GStreamer could not be opened")
    }
    guard let element = gst.element_factory_make("playbin", "recording") else {
      throw SoundPlayer.Unavailable(reason: "GStreamer has no playbin (gstreamer1.0-plugins-base)")
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
    gst.util_set_object_arg(object, "flags", "audio")
    guard let bus = gst.element_get_bus(element) else {
      gst.object_unref(UnsafeMutableRawPointer(element))
      throw SoundPlayer.Unavailable(reason: "the player has no message bus")
    }
    self.bus = bus
    gst.bus_add_signal_watch(bus)
    handlers.append(connect(UnsafeMutableRawPointer(bus), "message::eos", withArgument: { [unowned self] _ in
      self.stop(problem: nil)
    }))
    handlers.append(connect(UnsafeMutableRawPointer(bus), "message::error", withArgument: { [unowned self] message in
      var error: UnsafeMutablePointer<GError>?
      var debug: UnsafeMutablePointer<gchar>?
      self.gst.message_parse_error(message.map(OpaquePointer.init), &error, &debug)
      let text = error.map { String(cString: $0.pointee.message) } ?? "unknown problem"
      g_clear_error(&error)
      g_free(debug)
      self.stop(problem: text)
    }))
  }

  isolated deinit {
    ticker?.cancel()
    for handler in handlers { g_signal_handler_disconnect(UnsafeMutableRawPointer(bus), handler) }
    gst.bus_remove_signal_watch(bus)
    gst.object_unref(UnsafeMutableRawPointer(bus))
    _ = gst.element_set_state(playbin, SHIM_GST_STATE_NULL)
    gst.object_unref(UnsafeMutableRawPointer(playbin))
  }

  /// Plays from where it was paused (or from the start after the end).
  public func play() {
    _ = gst.element_set_state(playbin, SHIM_GST_STATE_PLAYING)
    isPlaying = true
    tick()
  }

  /// Pauses where it is.
  public func pause() {
    _ = gst.element_set_state(playbin, SHIM_GST_STATE_PAUSED)
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
    _ = gst.element_set_state(playbin, SHIM_GST_STATE_READY)  // the next play starts over
    onStopped?(problem)
  }

  private func report() {
    var position: gint64 = 0
    var length: gint64 = 0
    _ = gst.element_query_position(playbin, SHIM_GST_FORMAT_TIME, &position)
    _ = gst.element_query_duration(playbin, SHIM_GST_FORMAT_TIME, &length)
    onPosition?(Int(max(0, position) / 1_000_000_000), Int(max(0, length) / 1_000_000_000))
  }
}
