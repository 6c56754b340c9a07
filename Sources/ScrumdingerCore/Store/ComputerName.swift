// A version's saves are counted per computer (`Lineage.saves`), so each data folder names
// its computer once: 16 random hexadecimal digits in `sync-computer`, kept privately beside
// the kept base and never synced. A name that cannot be read is made anew: the saves then
// count as a new computer's, which proves nothing wrong, only less.
import FoundationEssentials
import Platform

/// This computer's name in the versions' saves.
enum ComputerName {
  /// The name kept in `folder`, made and kept there when there is none (and `writable`).
  static func of(folder: String, writable: Bool) -> String {
    let path = folder + "/sync-computer"
    if let text = Files.regularText(of: path, limit: 64)?.trimmingSpaces, isName(text) { return text }
    let name = String(UUID().uuidString.lowercased().filter(\.isHexDigit).prefix(16))
    if writable, (try? Files.makeFolderOrSayWhy(folder)) != nil {
      try? AtomicFile.write(Data((name + "\n").utf8), to: path, durable: false)
    }
    return name
  }

  private static func isName(_ text: String) -> Bool {
    text.utf8.count == 16 && text.allSatisfy(\.isHexDigit)
  }
}

extension String {
  /// Without the white space at either end.
  fileprivate var trimmingSpaces: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
