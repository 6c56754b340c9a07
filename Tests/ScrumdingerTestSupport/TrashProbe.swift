// What the app removes on its own goes to the desktop's Trash (GIO's, in the user's data
// folder as GLib reads it: tests run with a temporary XDG_DATA_HOME). These let a test make
// files where trashing them lands in that Trash, and find them there afterwards.
import CGLib
import Foundation
import Platform
import ScrumdingerCore

/// A new folder inside the data folder GLib reads (so on the Trash's own file system).
public func trashableFolder() -> String {
  let folder = String(cString: g_get_user_data_dir()) + "/trash-test-\(UUID().uuidString)"
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  return folder
}

/// The original paths of the files in the Trash that were called `name` where they were (or
/// whose name there starts with it, with `prefix`).
public func trashedPaths(named name: String, prefix: Bool = false) -> [String] {
  let info = String(cString: g_get_user_data_dir()) + "/Trash/info"
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: info)) ?? []
  return entries.filter { $0.hasSuffix(".trashinfo") }.compactMap { entry -> String? in
    guard let text = try? String(contentsOfFile: info + "/" + entry, encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Path=") }),
      let original = String(line.dropFirst(5)).removingPercentEncoding
    else { return nil }
    let was = Files.name(of: original)
    return (prefix ? was.hasPrefix(name) : was == name) ? original : nil
  }.sorted()
}

/// Whether a file called `name` is in the Trash.
public func trashed(_ name: String) -> Bool { !trashedPaths(named: name).isEmpty }
