/// Why something could not be started: a program (GSubprocess), or a sound player, recorder
/// or decoder (GStreamer missing or unable to start, no such element, no audio device).
public struct Unavailable: Error {
  /// GLib's, GStreamer's or the system's own words.
  public let reason: String

  public init(reason: String) {
    self.reason = reason
  }
}
