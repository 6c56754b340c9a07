// A reader for exactly what TableWriter writes (any key order, any white space; keys it
// does not know are kept as their JSON text where the writer writes them back, skipped
// elsewhere), working on raw bytes: Foundation's JSONDecoder took 5 s for 100 scrums ×
// 1,000 meetings. Anything it is not sure about (another shape, a fractional number, an
// unusual date) makes it give up and return nil; ScrumFile then decodes with Foundation,
// which either accepts the file or says precisely what is wrong with it.
import FoundationEssentials

/// Fast, strict decoding of version-1 scrums files.
enum TableReader {
  /// The scrums in `data` and the file's unknown keys, or nil when the fast path cannot be sure.
  static func decode(_ data: Data, version expected: Int) -> (scrums: [DailyScrum], unknown: UnknownFields)? {
    data.withUnsafeBytes { raw in
      var reader = JSONScanner(bytes: raw)
      return reader.file(expectedVersion: expected)
    }
  }
}

extension JSONScanner {
  /// The file's object: its scrums (each read through its table, see KeyTables), its
  /// version, and the keys this version does not know.
  fileprivate mutating func file(expectedVersion: Int) -> (scrums: [DailyScrum], unknown: UnknownFields)? {
    var version: Int?
    var scrums: [DailyScrum]?
    var unknown = UnknownFields()
    let ok = object { key, reader in
      switch key {
      case "version":
        version = reader.integer()
        return version != nil
      case "scrums":
        scrums = [DailyScrum].read(from: &reader)
        return scrums != nil
      default: return reader.keep(key, in: &unknown)
      }
    }
    guard ok, isAtEnd(), version == expectedVersion, let scrums else { return nil }
    return (scrums, unknown)
  }
}
