import CGStreamer
import Platform

/// One GStreamer pipeline and its bus, heard through GObject signals on the main loop: what
/// the ding's player, the recording's player, the recorder and the decoder share. GStreamer is
/// opened with the first one (see CGStreamer's shim.h); the pipeline is stopped and released
/// with this object.
@MainActor final class Pipeline: SignalOwner {
  let gst: ShimGst
  /// The pipeline (or the playbin) itself.
  let element: OpaquePointer
  private let bus: OpaquePointer
  /// What this pipeline listens to: its bus, and a bin of it that picks its element later.
  let signals = SignalConnections()

  /// The pipeline `description` describes (gst-launch syntax).
  convenience init(describedBy description: String) throws(Unavailable) {
    let gst = try Self.open()
    var error: UnsafeMutablePointer<GError>?
    guard let element = gst.parse_launch(description, &error) else {
      let reason = error.map { String(cString: $0.pointee.message) } ?? "the pipeline could not be made"
      g_clear_error(&error)
      throw Unavailable(reason: reason)
    }
    g_clear_error(&error)  // a warning, with a pipeline made all the same
    try self.init(gst: gst, element: element)
  }

  /// A playbin for the file at `path`, audio only, named `name`.
  convenience init(playing path: String, name: String) throws(Unavailable) {
    let gst = try Self.open()
    guard let element = gst.element_factory_make("playbin", name) else {
      throw Unavailable(reason: "GStreamer has no playbin (gstreamer1.0-plugins-base)")
    }
    try self.init(gst: gst, element: element)
    var error: UnsafeMutablePointer<GError>?
    if let uri = gst.filename_to_uri(path, &error) {
      set("uri", String(cString: uri))
      g_free(uri)
    }
    g_clear_error(&error)
    set("flags", "audio")  // no video or subtitles
  }

  private init(gst: ShimGst, element: OpaquePointer) throws(Unavailable) {
    self.gst = gst
    self.element = element
    _ = gst.object_ref_sink(UnsafeMutableRawPointer(element))
    guard let bus = gst.element_get_bus(element) else {
      gst.object_unref(UnsafeMutableRawPointer(element))
      throw Unavailable(reason: "the pipeline has no message bus")
    }
    self.bus = bus
    gst.bus_add_signal_watch(bus)
  }

  private static func open() throws(Unavailable) -> ShimGst {
    var why: UnsafePointer<gchar>?
    guard let gst = shim_gst(&why)?.pointee else {
      throw Unavailable(reason: why.map { String(cString: $0) } ?? "GStreamer could not be opened")
    }
    return gst
  }

  isolated deinit {
    // Before the pipeline stops: stopping makes autoaudiosrc add a placeholder element.
    signals.disconnectAll()
    gst.bus_remove_signal_watch(bus)
    gst.object_unref(UnsafeMutableRawPointer(bus))
    _ = gst.element_set_state(element, SHIM_GST_STATE_NULL)
    gst.object_unref(UnsafeMutableRawPointer(element))
  }

  /// Sets property `name` to `value` (GStreamer parses it for the property's type) on the
  /// pipeline, or on its element called `child`.
  func set(_ name: String, _ value: String, on child: String? = nil) {
    if let child {
      guard let part = gst.bin_get_by_name(element, child) else { return }
      gst.util_set_object_arg(UnsafeMutableRawPointer(part).assumingMemoryBound(to: GObject.self), name, value)
      gst.object_unref(UnsafeMutableRawPointer(part))
    } else {
      gst.util_set_object_arg(UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self), name, value)
    }
  }

  /// Sets `properties` (name, value) wherever they exist on the element called `child` and,
  /// when it is a bin that picks its real element later (autoaudiosrc), on what it adds.
  func setWherePresent(_ properties: [(String, String)], on child: String) {
    guard let part = gst.bin_get_by_name(element, child) else { return }
    defer { gst.object_unref(UnsafeMutableRawPointer(part)) }
    let raw = UnsafeMutableRawPointer(part)
    apply(properties, to: raw)
    let type = raw.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
    guard g_signal_lookup("element-added", type) != 0 else { return }
    connect(
      raw, "element-added", for: self,
      withArgument: { [weak self] added in
        if let added { self?.apply(properties, to: added) }
      })
  }

  private func apply(_ properties: [(String, String)], to object: UnsafeMutableRawPointer) {
    let objectClass: UnsafeMutablePointer<GObjectClass> = cast(
      UnsafeMutableRawPointer(object.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class!))
    for (name, value) in properties where g_object_class_find_property(objectClass, name) != nil {
      gst.util_set_object_arg(object.assumingMemoryBound(to: GObject.self), name, value)
    }
  }

  /// Moves the pipeline to `state`; false when GStreamer says the change failed at once.
  @discardableResult func set(state: ShimGstState) -> Bool {
    gst.element_set_state(element, state) != 0  // GST_STATE_CHANGE_FAILURE is 0
  }

  /// Calls `action` for each bus message of `type` ("eos", "async-done").
  func on(_ type: String, _ action: @escaping @MainActor () -> Void) {
    connect(UnsafeMutableRawPointer(bus), "message::" + type, for: self, withArgument: { _ in action() })
  }

  /// Calls `action` with GStreamer's own words for each error (and, if asked, warning).
  func onProblem(warnings: Bool = false, _ action: @escaping @MainActor (String) -> Void) {
    for (type, isError) in [("error", true)] + (warnings ? [("warning", false)] : []) {
      let gst = gst
      connect(
        UnsafeMutableRawPointer(bus), "message::" + type, for: self,
        withArgument: { message in
          var error: UnsafeMutablePointer<GError>?
          var debug: UnsafeMutablePointer<gchar>?
          if isError {
            gst.message_parse_error(message.map(OpaquePointer.init), &error, &debug)
          } else {
            gst.message_parse_warning(message.map(OpaquePointer.init), &error, &debug)
          }
          let text = error.map { String(cString: $0.pointee.message) } ?? "unknown problem"
          g_clear_error(&error)
          g_free(debug)
          action(text)
        })
    }
  }
}
