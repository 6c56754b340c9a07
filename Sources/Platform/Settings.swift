// GSettings, found without installing: the schema is looked up in the folders given (the
// build tree's compiled schemas, the install prefix's) before the system's, and a missing
// schema is a nil, never GLib's abort; so is a key an older installed schema lacks (reads give
// nothing, writes are dropped). Tests choose a key file (or GSETTINGS_BACKEND=memory).
import CGLib

/// An app's settings (GSettings): whole numbers, switches and texts by key.
@MainActor public final class Settings {
  private let settings: UnsafeMutablePointer<GSettings>
  /// The keys the schema found has.
  private let keys: Set<String>

  /// Where the values are kept.
  public enum Storage {
    /// The desktop's own store (dconf on GNOME).
    case system
    /// A key file at a path.
    case keyFile(String)
  }

  /// The settings of schema `schemaID`, looked up in `directories` (each holding a
  /// `gschemas.compiled`) and then the system's; nil when no such schema is installed.
  public init?(schemaID: String, searching directories: [String], storage: Storage = .system) {
    var source = g_settings_schema_source_get_default().flatMap { g_settings_schema_source_ref($0) }
    for directory in directories where g_file_test(directory + "/gschemas.compiled", G_FILE_TEST_EXISTS) != 0 {
      let next = g_settings_schema_source_new_from_directory(directory, source, 1, nil)
      if let source { g_settings_schema_source_unref(source) }
      source = next
    }
    guard let source else { return nil }
    defer { g_settings_schema_source_unref(source) }
    guard let schema = g_settings_schema_source_lookup(source, schemaID, 1) else { return nil }
    defer { g_settings_schema_unref(schema) }
    var names = Set<String>()
    if let list = g_settings_schema_list_keys(schema) {
      var index = 0
      while let name = list[index] {
        names.insert(String(cString: name))
        index += 1
      }
      g_strfreev(list)
    }
    keys = names
    let backend: UnsafeMutablePointer<GSettingsBackend>? =
      switch storage {
      case .system: nil
      case .keyFile(let path): g_keyfile_settings_backend_new(path, "/", nil)
      }
    settings = g_settings_new_full(schema, backend, nil)
    if let backend { g_object_unref(UnsafeMutableRawPointer(backend)) }
  }

  isolated deinit {
    g_settings_sync()  // a key file backend writes on idle: write now
    g_object_unref(UnsafeMutableRawPointer(settings))
  }

  /// Whether the schema has `key` (an older installed schema may not).
  public func has(_ key: String) -> Bool { keys.contains(key) }

  /// The whole number stored under `key` (0 without such a key).
  public func int(_ key: String) -> Int { has(key) ? Int(g_settings_get_int(settings, key)) : 0 }

  /// Stores a whole number under `key`.
  public func set(_ key: String, _ value: Int) {
    if has(key) { g_settings_set_int(settings, key, Int32(clamping: value)) }
  }

  /// The switch stored under `key` (off without such a key).
  public func bool(_ key: String) -> Bool { has(key) && g_settings_get_boolean(settings, key) != 0 }

  /// Stores a switch under `key`.
  public func set(_ key: String, _ value: Bool) {
    if has(key) { g_settings_set_boolean(settings, key, value ? 1 : 0) }
  }

  /// The text stored under `key` ("" without such a key).
  public func string(_ key: String) -> String {
    guard has(key), let value = g_settings_get_string(settings, key) else { return "" }
    defer { g_free(value) }
    return String(cString: value)
  }

  /// Stores a text under `key` (a value its schema does not allow is ignored, as GLib warns).
  public func set(_ key: String, _ value: String) {
    if has(key) { g_settings_set_string(settings, key, value) }
  }

  /// Writes pending changes to their store now.
  public func sync() { g_settings_sync() }
}
