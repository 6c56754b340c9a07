// The app's debug messages go through GLib's structured log under the domain "scrumdinger",
// as every GNOME app's do: dropped unless G_MESSAGES_DEBUG names the domain (or "all"), and
// then written where GLib writes (the journal, or standard error), with nothing of our own to
// switch on or keep.
import CGLib

/// GLib's debug log for the domain "scrumdinger".
public enum DebugLog {
  /// The log domain, as G_MESSAGES_DEBUG names it.
  public static let domain = "scrumdinger"

  /// Logs `message` at debug level; the message is not even made when GLib would drop it.
  public static func debug(_ message: @autoclosure () -> String) {
    guard g_log_writer_default_would_drop(G_LOG_LEVEL_DEBUG, domain) == 0 else { return }
    let text = message()
    domain.withCString { domainText in
      text.withCString { messageText in
        "GLIB_DOMAIN".withCString { domainKey in
          "MESSAGE".withCString { messageKey in
            let fields = [
              GLogField(key: domainKey, value: domainText, length: -1),
              GLogField(key: messageKey, value: messageText, length: -1),
            ]
            fields.withUnsafeBufferPointer { g_log_structured_array(G_LOG_LEVEL_DEBUG, $0.baseAddress, 2) }
          }
        }
      }
    }
  }
}
