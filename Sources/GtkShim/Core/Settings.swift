// GSettings, found without installing: the schema is looked up in the folders given (the
// build tree's compiled schemas, the install prefix's) before the system's, and a missing
// schema is a nil, never GLib's abort. Tests choose a key file (or GSETTINGS_BACKEND=memory).
import CAdwaita

/// An app's settings (GSettings): whole numbers and switches by key.
@MainActor public final class Settings {
  private let settings: UnsafeMutablePointer<GSettings>

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

  /// The whole number stored under `key`.
  public func int(_ key: String) -> Int { Int(g_settings_get_int(settings, key)) }

  /// Stores a whole number under `key`.
  public func set(_ key: String, _ value: Int) { g_settings_set_int(settings, key, Int32(clamping: value)) }

  /// The switch stored under `key`.
  public func bool(_ key: String) -> Bool { g_settings_get_boolean(settings, key) != 0 }

  /// Stores a switch under `key`.
  public func set(_ key: String, _ value: Bool) { g_settings_set_boolean(settings, key, value ? 1 : 0) }

  /// Writes pending changes to their store now.
  public func sync() { g_settings_sync() }
}
