// A save writes its bytes under a staging name only the app makes (`Files.stagingName`: a
// leading dot and ".scrumdinger-save", with GLib's six letters after it while GLib writes),
// and renames it over the file; a save killed between the two leaves it. Only files whose
// names are of that making, and regular files (never a link or a folder), are removed: a
// user's `scrums.json.backup` or `notes.json.old123`, which GLib's own temporary names
// (`NAME.XXXXXX`) could not be told from, is never touched.
import Platform

/// The staging files killed saves left.
enum LeftoverTempFiles {
  /// Deletes those beside `file` and in each of `folders`; returns how many.
  static func remove(of file: String, andJSONIn folders: [String]) -> Int {
    ([Files.folder(of: file)] + folders).reduce(0) { $0 + remove(in: $1) }
  }

  /// Deletes the regular files in `folder` that a save's staging left.
  private static func remove(in folder: String) -> Int {
    var removed = 0
    for name in Files.names(in: folder) where isStaging(name) {
      let file = folder + "/" + name
      guard Files.kind(at: file) == .regular else { continue }
      if Files.remove(file) { removed += 1 }
    }
    return removed
  }

  /// Whether `name` is a staging name (`.NAME.scrumdinger-save`), or GLib's temporary file
  /// for one (six letters or digits after it).
  static func isStaging(_ name: String) -> Bool {
    guard name.hasPrefix(".") else { return false }
    if name.hasSuffix(Files.stagingMark) { return true }
    let suffix = name.utf8.suffix(7)
    return suffix.count == 7 && suffix.first == UInt8(ascii: ".")
      && String(decoding: name.utf8.dropLast(7), as: UTF8.self).hasSuffix(Files.stagingMark)
      && suffix.dropFirst().allSatisfy {
        (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
      }
  }
}
