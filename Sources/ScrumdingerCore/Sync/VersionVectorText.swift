// The version vector's key as the file holds it: `{"changed":{COMPUTER:{ID:SAVE,…},…},
// "revision":ID,"saves":{COMPUTER:SAVE,…}}`, keys sorted, so that a file saved again unchanged
// has the same bytes. A file of a million meetings states a million dots: read and written
// with the file's own scanner and writer (Foundation's codec took 15 s to load such a file),
// and Foundation's decoder only for a vector they cannot read (an escape in a key), which it
// then reads as before.
import FoundationEssentials

/// The version vector's stored form, as read: the dots stated (an id or a count that cannot
/// be read is left out: that part counts as changed by a save no other computer holds).
struct VersionVectorText: Equatable {
  var revision: UUID
  var saves: [String: Int]
  var dots: [UUID: Dot]?

  /// The vector `json` states, nil when it states none that can be read.
  static func read(_ json: String) -> VersionVectorText? {
    var text = json
    return text.withUTF8 { buffer in scan(UnsafeRawBufferPointer(buffer)) }
      ?? (try? JSONDecoder().decode(Stored.self, from: Data(json.utf8))).map(VersionVectorText.init)
  }

  /// The form Foundation's decoder reads, for a vector the scanner cannot (an escape in a key).
  private struct Stored: Decodable {
    var revision: UUID
    var saves: [String: Int]
    var changed: [String: [String: Int]]?
  }

  private init(revision: UUID, saves: [String: Int], dots: [UUID: Dot]?) {
    self.revision = revision
    self.saves = saves
    self.dots = dots
  }

  private init(_ stored: Stored) {
    var dots: [UUID: Dot]?
    if let changed = stored.changed {
      var all: [UUID: Dot] = [:]
      for (computer, parts) in changed.sorted(by: { $0.key < $1.key }) {
        for (id, save) in parts where Lineage.saveRange.contains(save) {
          if let id = UUID(uuidString: id) { all[id] = Dot(computer: computer, save: save) }
        }
      }
      dots = all
    }
    self.init(revision: stored.revision, saves: stored.saves, dots: dots)
  }

  /// Reads the vector with the file's scanner: a dot's id straight from its key's bytes, and
  /// each computer's name made once (a million dots made a million strings and parsed them
  /// again).
  private static func scan(_ bytes: UnsafeRawBufferPointer) -> VersionVectorText? {
    var scanner = JSONScanner(bytes: bytes)
    var revision: UUID?
    var saves: [String: Int] = [:]
    var dots: [UUID: Dot]?
    let read = scanner.object { key, scanner in
      switch key {
      case "revision":
        revision = scanner.uuid()
        return revision != nil
      case "saves":
        return scanner.object { computer, scanner in
          guard let count = scanner.integer() else { return false }
          saves[String(decoding: computer.bytes, as: UTF8.self)] = count
          return true
        }
      case "changed":
        // A dot takes at least 40 bytes (`"ID":1,`): room made once, not grown as read.
        var all: [UUID: Dot] = [:]
        all.reserveCapacity(bytes.count / 40)
        let read = scanner.object { computer, scanner in
          let name = String(decoding: computer.bytes, as: UTF8.self)
          return scanner.object { id, scanner in
            guard let save = scanner.integer() else { return false }
            if Lineage.saveRange.contains(save), let id = id.uuid { all[id] = Dot(computer: name, save: save) }
            return true
          }
        }
        dots = all
        return read
      default: return scanner.skipValue()
      }
    }
    guard read, scanner.isAtEnd(), let revision else { return nil }
    return VersionVectorText(revision: revision, saves: saves, dots: dots)
  }

  /// The JSON of the vector of `revision` holding `saves`, with `dots` (none: no "changed").
  static func json(revision: UUID, saves: [String: Int], dots: [UUID: Dot]?) -> String {
    var output = JSONOutput(capacity: 64 + (dots?.count ?? 0) * 48)
    /// `{KEY:VALUE,…}` for `keys`, each key a string, `value` writing its value.
    func object<Key>(_ keys: [Key], key: (Key, inout JSONOutput) -> Void, value: (Key, inout JSONOutput) -> Void) {
      output.byte("{")
      for (index, name) in keys.enumerated() {
        if index > 0 { output.byte(",") }
        key(name, &output)
        output.byte(":")
        value(name, &output)
      }
      output.byte("}")
    }
    output.byte("{")
    if let dots {
      var byComputer: [String: [(id: UUID, save: Int)]] = [:]
      for (id, dot) in dots { byComputer[dot.computer, default: []].append((id, dot.save)) }
      output.key("changed", first: true)
      object(byComputer.keys.sorted(), key: { $1.string($0) }) { computer, output in
        // A UUID's upper-case text sorts as its bytes do: sorted without making the texts.
        let parts = byComputer[computer]!.sorted { Self.precedes($0.id, $1.id) }
        output.byte("{")
        for (offset, part) in parts.enumerated() {
          if offset > 0 { output.byte(",") }
          output.uuid(part.id)
          output.byte(":")
          output.integer(part.save)
        }
        output.byte("}")
      }
    }
    output.key("revision", first: dots == nil)
    output.uuid(revision)
    output.key("saves", first: false)
    object(saves.keys.sorted(), key: { $1.string($0) }) { $1.integer(saves[$0]!) }
    output.byte("}")
    return String(decoding: output.finish(), as: UTF8.self)
  }

  private static func precedes(_ one: UUID, _ other: UUID) -> Bool { order(one) < order(other) }

  /// A UUID's 16 bytes as two numbers that compare as the bytes do.
  private static func order(_ id: UUID) -> (UInt64, UInt64) {
    withUnsafeBytes(of: id.uuid) {
      (
        UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)),
        UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      )
    }
  }
}
