import CAdwaita
import Platform

/// The desktop's file chooser (GtkFileChooserNative: the portal's dialog in a sandbox or
/// under GNOME, GTK's own otherwise), to open a file or to save one, with one filter per type.
@MainActor public final class FileChooser: SignalOwner {
  private let chooser: OpaquePointer
  package let signals = SignalConnections()
  private var keepAlive: FileChooser?

  /// A chooser titled `title` over `parent`, offering `filters` as (name, pattern such as
  /// "*.md"): it saves, suggesting `saveName`, when that is given, and opens otherwise.
  public init(
    title: String, acceptLabel: String, parent: ApplicationWindow, filters: [(String, String)], saveName: String? = nil
  ) {
    let action = saveName == nil ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE
    chooser = gtk_file_chooser_native_new(title, cast(parent.raw), action, acceptLabel, nil)
    gtk_native_dialog_set_modal(cast(UnsafeMutableRawPointer(chooser)), 1)
    for (label, pattern) in filters {
      let filter = gtk_file_filter_new()
      gtk_file_filter_set_name(filter, label)
      gtk_file_filter_add_pattern(filter, pattern)
      gtk_file_chooser_add_filter(cast(UnsafeMutableRawPointer(chooser)), filter)
      g_object_unref(UnsafeMutableRawPointer(filter))
    }
    if let saveName { gtk_file_chooser_set_current_name(cast(UnsafeMutableRawPointer(chooser)), saveName) }
  }

  /// Adds a check box labelled `label` (off) to the chooser, read with `isChecked`.
  public func addCheckBox(_ label: String) {
    gtk_file_chooser_add_choice(cast(UnsafeMutableRawPointer(chooser)), "check", label, nil, nil)
  }

  /// Whether the check box added with `addCheckBox` was ticked.
  public var isChecked: Bool {
    string(gtk_file_chooser_get_choice(cast(UnsafeMutableRawPointer(chooser)), "check")) == "true"
  }

  isolated deinit { g_object_unref(UnsafeMutableRawPointer(chooser)) }

  /// Shows the chooser; `done` gets the chosen path and the index of the filter on show,
  /// or nil when the user cancels.
  public func present(_ done: @escaping @MainActor (_ path: String?, _ filter: Int) -> Void) {
    keepAlive = self
    let raw = UnsafeMutableRawPointer(chooser)
    connect(
      raw, "response", for: self,
      withArgument: { [weak self] response in
        guard let self else { return }
        let accepted = Int32(truncatingIfNeeded: Int(bitPattern: response)) == GTK_RESPONSE_ACCEPT.rawValue
        var path: String?
        if accepted, let file = gtk_file_chooser_get_file(cast(raw)) {
          if let text = g_file_get_path(file) {
            path = String(cString: text)
            g_free(text)
          }
          g_object_unref(UnsafeMutableRawPointer(file))
        }
        done(path, self.filterIndex)
        self.keepAlive = nil
      })
    gtk_native_dialog_show(cast(raw))
  }

  /// The position of the filter on show among those given.
  private var filterIndex: Int {
    let chooser = UnsafeMutableRawPointer(chooser)
    guard let shown = gtk_file_chooser_get_filter(cast(chooser)), let all = gtk_file_chooser_get_filters(cast(chooser))
    else { return 0 }
    defer { g_object_unref(UnsafeMutableRawPointer(all)) }
    for index in 0..<g_list_model_get_n_items(all) {
      guard let item = g_list_model_get_item(all, index) else { continue }
      g_object_unref(item)
      if item == UnsafeMutableRawPointer(shown) { return Int(index) }
    }
    return 0
  }
}
