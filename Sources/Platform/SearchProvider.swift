// GNOME Shell's search provider interface, org.gnome.Shell.SearchProvider2, served from
// Swift closures: the shell sends what is typed in the Activities overview, the app answers
// with result ids, then their names, descriptions and icons, and is told which one was
// picked. Answers may come later (the scrums may still be read from disk): each closure gets
// a reply function to call once, on the main loop.
import CGLib

/// A search result as the overview shows it.
public struct SearchResultMeta: Sendable {
  public var id: String
  public var name: String
  public var description: String
  /// A themed icon's name.
  public var iconName: String

  public init(id: String, name: String, description: String, iconName: String) {
    self.id = id
    self.name = name
    self.description = description
    self.iconName = iconName
  }
}

/// The app's side of org.gnome.Shell.SearchProvider2.
@MainActor public final class SearchProvider {
  /// The ids matching `terms`; `previous` is the last answer when the shell narrows a search.
  public var search:
    (_ terms: [String], _ previous: [String]?, _ reply: @escaping @MainActor ([String]) -> Void) -> Void =
      { _, _, reply in reply([]) }
  /// What the overview shows for each of `ids` (unknown ids left out).
  public var describe: (_ ids: [String], _ reply: @escaping @MainActor ([SearchResultMeta]) -> Void) -> Void = {
    _, reply in reply([])
  }
  /// The result `id` was picked, with the terms typed.
  public var activate: (_ id: String, _ terms: [String]) -> Void = { _, _ in }
  /// The user asked to search in the app itself for `terms`.
  public var launchSearch: (_ terms: [String]) -> Void = { _ in }

  package static let interfaceXML = """
    <node>
      <interface name="org.gnome.Shell.SearchProvider2">
        <method name="GetInitialResultSet">
          <arg type="as" name="terms" direction="in"/>
          <arg type="as" name="results" direction="out"/>
        </method>
        <method name="GetSubsearchResultSet">
          <arg type="as" name="previous_results" direction="in"/>
          <arg type="as" name="terms" direction="in"/>
          <arg type="as" name="results" direction="out"/>
        </method>
        <method name="GetResultMetas">
          <arg type="as" name="identifiers" direction="in"/>
          <arg type="aa{sv}" name="metas" direction="out"/>
        </method>
        <method name="ActivateResult">
          <arg type="s" name="identifier" direction="in"/>
          <arg type="as" name="terms" direction="in"/>
          <arg type="u" name="timestamp" direction="in"/>
        </method>
        <method name="LaunchSearch">
          <arg type="as" name="terms" direction="in"/>
          <arg type="u" name="timestamp" direction="in"/>
        </method>
      </interface>
    </node>
    """

  /// Where the provider is served now (GDBus's registration), so that serving it again (a
  /// launch whose first registration failed, its primary gone, registers once more) moves it.
  private var registration: (connection: OpaquePointer, id: guint)?

  public init() {}

  /// Serves the interface at `path` on `connection` (and no longer where it was served
  /// before); nil, or why it cannot.
  public func serve(on connection: BusConnection, path: String) -> String? {
    if let (connection, id) = registration { g_dbus_connection_unregister_object(connection, id) }
    registration = nil
    var error: UnsafeMutablePointer<GError>?
    guard let node = g_dbus_node_info_new_for_xml(Self.interfaceXML, &error) else {
      defer { g_error_free(error) }
      return string(error?.pointee.message)
    }
    defer { g_dbus_node_info_unref(node) }
    let box = ClosureBox.retained(self)  // the provider lives while it is registered
    let id = g_dbus_connection_register_object(
      connection.raw, path, node.pointee.interfaces[0], &Self.vtable, box, releaseClosureBox, &error)
    guard id != 0 else {
      releaseClosureBox(box)
      defer { g_error_free(error) }
      return string(error?.pointee.message)
    }
    registration = (connection.raw, id)
    return nil
  }

  private static var vtable = GDBusInterfaceVTable(
    method_call: { _, _, _, _, method, arguments, call, data in
      guard let method, let arguments, let call, let data else { return }
      let name = String(cString: method)
      let provider = ClosureBox<SearchProvider>.peek(data).live!
      nonisolated(unsafe) let (parameters, invocation) = (arguments, call)
      MainActor.assumeIsolated { provider.call(name, parameters, invocation) }
    }, get_property: nil, set_property: nil, padding: (nil, nil, nil, nil, nil, nil, nil, nil))

  private func call(_ method: String, _ parameters: OpaquePointer, _ invocation: OpaquePointer) {
    func strings(_ index: Int) -> [String] {
      let child = g_variant_get_child_value(parameters, gsize(index))
      defer { g_variant_unref(child) }
      var count: gsize = 0
      guard let values = g_variant_get_strv(child, &count) else { return [] }
      defer { g_free(values) }
      return (0..<Int(count)).map { String(cString: values[$0]!) }
    }
    switch method {
    case "GetInitialResultSet", "GetSubsearchResultSet":
      let initial = method == "GetInitialResultSet"
      search(strings(initial ? 0 : 1), initial ? nil : strings(0)) { ids in
        g_dbus_method_invocation_return_value(invocation, Self.tuple([Self.stringArray(ids)]))
      }
    case "GetResultMetas":
      describe(strings(0)) { metas in
        g_dbus_method_invocation_return_value(invocation, Self.tuple([Self.metaArray(metas)]))
      }
    case "ActivateResult":
      let child = g_variant_get_child_value(parameters, 0)
      let id = string(g_variant_get_string(child, nil))
      g_variant_unref(child)
      activate(id, strings(1))
      g_dbus_method_invocation_return_value(invocation, nil)
    case "LaunchSearch":
      launchSearch(strings(0))
      g_dbus_method_invocation_return_value(invocation, nil)
    default:
      g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownMethod", method)
    }
  }

  private static func stringArray(_ values: [String]) -> OpaquePointer {
    var cStrings: [UnsafePointer<gchar>?] = values.map { UnsafePointer(strdup($0)) }
    defer { for string in cStrings { free(UnsafeMutableRawPointer(mutating: string)) } }
    return g_variant_new_strv(&cStrings, gssize(values.count))
  }

  private static func metaArray(_ metas: [SearchResultMeta]) -> OpaquePointer {
    let type = g_variant_type_new("aa{sv}")
    defer { g_variant_type_free(type) }
    let builder = g_variant_builder_new(type)
    defer { g_variant_builder_unref(builder) }
    for meta in metas {
      let fields = [("id", meta.id), ("name", meta.name), ("description", meta.description), ("gicon", meta.iconName)]
      var children: [OpaquePointer?] = fields.map { field in
        g_variant_new_dict_entry(g_variant_new_string(field.0), g_variant_new_variant(g_variant_new_string(field.1)))
      }
      let entryType = g_variant_type_new("{sv}")
      defer { g_variant_type_free(entryType) }
      g_variant_builder_add_value(builder, g_variant_new_array(entryType, &children, gsize(children.count)))
    }
    return g_variant_builder_end(builder)
  }

  private static func tuple(_ values: [OpaquePointer]) -> OpaquePointer {
    var children: [OpaquePointer?] = values
    return g_variant_new_tuple(&children, gsize(children.count))
  }
}
