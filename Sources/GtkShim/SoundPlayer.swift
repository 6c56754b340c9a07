import CGStreamer

/// Plays one short sound file again and again with little delay: between plays the
/// pipeline waits in READY (device open, nothing queued), and `play()` takes it to PLAYING
/// from the start. (Waiting prerolled in PAUSED instead made pulsesink play late by as long
/// as it had waited: 2 s after a 2 s wait, measured.) Loading prerolls once, to build the
/// decoding chain and the audio stream ahead of the first ding, then drops to READY.
/// Problems (no file, no audio device)
/// are reported through `onProblem`, never fatal.
@MainActor public final class SoundPlayer {
  private let playbin: UnsafeMutablePointer<GstElement>
  private var busWatch: guint = 0
  private var warmingUp = true
  /// Called with a readable message when the sound cannot be played.
  public var onProblem: (@MainActor (String) -> Void)?

  /// Loads the sound at `path`; nil if GStreamer cannot make a player at all.
  public init?(path: String) {
    gst_init(nil, nil)
    guard let element = gst_element_factory_make("playbin", "ding") else { return nil }
    playbin = element
    gst_object_ref_sink(UnsafeMutableRawPointer(element))
    var error: UnsafeMutablePointer<GError>?
    if let uri = gst_filename_to_uri(path, &error) {
      gst_util_set_object_arg(UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self), "uri", uri)
      g_free(uri)
    }
    g_clear_error(&error)
    // No video or subtitles: just the audio.
    gst_util_set_object_arg(UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self), "flags", "audio")
    let bus = gst_element_get_bus(element)
    busWatch = gst_bus_add_watch(bus, { _, message, data in
      let player = Unmanaged<SoundPlayer>.fromOpaque(data!).takeUnretainedValue()
      let address = UInt(bitPattern: message)
      MainActor.assumeIsolated {
        player.handle(UnsafeMutablePointer<GstMessage>(bitPattern: address)!)
      }
      return 1
    }, Unmanaged.passUnretained(self).toOpaque())
    gst_object_unref(UnsafeMutableRawPointer(bus))
    gst_element_set_state(element, GST_STATE_PAUSED)
  }

  isolated deinit {
    if busWatch != 0 { g_source_remove(busWatch) }
    gst_element_set_state(playbin, GST_STATE_NULL)
    gst_object_unref(UnsafeMutableRawPointer(playbin))
  }

  /// Plays the sound from its start (restarting it if it is still playing).
  public func play() {
    warmingUp = false
    gst_element_set_state(playbin, GST_STATE_READY)
    gst_element_set_state(playbin, GST_STATE_PLAYING)
  }

  private func handle(_ message: UnsafeMutablePointer<GstMessage>) {
    switch message.pointee.type {
    case GST_MESSAGE_ASYNC_DONE where warmingUp:
      warmingUp = false
      gst_element_set_state(playbin, GST_STATE_READY)
    case GST_MESSAGE_EOS:
      gst_element_set_state(playbin, GST_STATE_READY)
    case GST_MESSAGE_ERROR, GST_MESSAGE_WARNING:
      var error: UnsafeMutablePointer<GError>?
      var debug: UnsafeMutablePointer<gchar>?
      if message.pointee.type == GST_MESSAGE_ERROR {
        gst_message_parse_error(message, &error, &debug)
      } else {
        gst_message_parse_warning(message, &error, &debug)
      }
      let text = error.map { String(cString: $0.pointee.message) } ?? "unknown problem"
      g_clear_error(&error)
      g_free(debug)
      onProblem?(text)
    default:
      break
    }
  }
}
