import CGLib

/// Text as GLib writes and compares it.
public enum TextForms {
  /// A size as GNOME writes one: "300.0 MB", "128.0 MB" (g_format_size).
  public static func size(_ bytes: Int) -> String {
    guard let text = g_format_size(guint64(max(0, bytes))) else { return "\(bytes)" }
    defer { g_free(text) }
    return String(cString: text)
  }

  /// `text` in Unicode's compatibility decomposition (NFKD: "ﬁ" → "fi", "é" → "e" + accent).
  public static func decomposed(_ text: String) -> String {
    guard let decomposed = g_utf8_normalize(text, -1, G_NORMALIZE_ALL) else { return "" }
    defer { g_free(decomposed) }
    return String(cString: decomposed)
  }

  /// What sorts `text` in the user's language's alphabetical order (g_utf8_collate_key): keys
  /// compare as their texts should.
  public static func collationKey(_ text: String) -> String {
    guard let key = g_utf8_collate_key(text, -1) else { return text }
    defer { g_free(key) }
    return String(cString: key)
  }

  /// `text` case-folded, for comparing without case ("Plätform" → "plätform").
  public static func caseFolded(_ text: String) -> String {
    guard let folded = g_utf8_casefold(text, -1) else { return text }
    defer { g_free(folded) }
    return String(cString: folded)
  }
}

/// The monotonic clock GLib's main loop runs on.
public enum MonotonicTime {
  /// Microseconds since an arbitrary start, never going back (CLOCK_MONOTONIC).
  public static var microseconds: Int64 { Int64(g_get_monotonic_time()) }
}
