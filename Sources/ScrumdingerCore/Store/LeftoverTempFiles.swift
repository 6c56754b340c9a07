// GLib's atomic replace writes `NAME.XXXXXX` beside NAME and renames it over; a save killed
// between the two leaves it. Only names of that exact shape, of files the app replaces, and
// regular files (never a link or a folder) are removed.
import Platform

/// The temp files killed saves left.
enum LeftoverTempFiles {
  /// Deletes those of `file` (beside it) and of every JSON file in `folders`; returns how many.
  static func remove(of file: String, andJSONIn folders: [String]) -> Int {
    var removed = remove(in: Files.folder(of: file)) { $0 == Files.name(of: file) }
    for folder in folders {
      removed += remove(in: folder) { $0.hasSuffix(".json") }
    }
    return removed
  }

  /// Deletes the regular files in `folder` named `NAME.XXXXXX` for a NAME that `replaced` says
  /// the app writes there.
  private static func remove(in folder: String, of replaced: (String) -> Bool) -> Int {
    var removed = 0
    for name in Files.names(in: folder) {
      guard let dot = name.lastIndex(of: "."), replaced(String(name[..<dot])),
        isTempName(name, prefix: String(name[...dot]))
      else { continue }
      let file = folder + "/" + name
      guard Files.kind(at: file) == .regular else { continue }
      if Files.remove(file) { removed += 1 }
    }
    return removed
  }

  private static func isTempName(_ name: String, prefix: String) -> Bool {
    guard name.hasPrefix(prefix) else { return false }
    let rest = name.utf8.dropFirst(prefix.utf8.count)
    return rest.count == 6
      && rest.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
  }
}
