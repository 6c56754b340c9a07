// A file written by a newer Scrumdinger (same format version) may carry keys this version
// does not know. They are kept, with their values' JSON text as read, on the file, each
// scrum, attendee and history entry, and written back after the keys we know, so a team
// whose members run different versions loses nothing at our saves. The fast reader keeps
// the exact bytes; the Foundation reader (odd files) rebuilds the same value's JSON.
import FoundationEssentials

/// The keys of an object that this version does not know, with their values as JSON text.
public struct UnknownFields: Equatable, Hashable, Sendable {
  /// One key and its value's JSON text.
  public struct Field: Equatable, Hashable, Sendable {
    public var key: String
    public var json: String
  }

  /// The fields, sorted by key, each key once.
  public private(set) var fields: [Field] = []

  public init() {}

  /// Whether there are none (almost always).
  public var isEmpty: Bool { fields.isEmpty }

  /// Keeps `json` as the value of `key` (a later one of the same key wins, as in JSON).
  public mutating func set(_ key: String, json: String) {
    let index = fields.partitionIndex { $0.key >= key }
    if index < fields.count, fields[index].key == key {
      fields[index].json = json
    } else {
      fields.insert(Field(key: key, json: json), at: index)
    }
  }

  /// The keys of `decoder`'s object that are not among `known`, read by a Decoder (the
  /// Foundation reader).
  static func reading(_ decoder: any Decoder, known: Set<String>) throws -> UnknownFields {
    let container = try decoder.container(keyedBy: AnyKey.self)
    var unknown = UnknownFields()
    for key in container.allKeys where !known.contains(key.stringValue) {
      unknown.set(key.stringValue, json: try container.decode(RawJSON.self, forKey: key).text)
    }
    return unknown
  }
}

extension Collection {
  /// The first index whose element satisfies `belongs` (which must be false, then true).
  fileprivate func partitionIndex(where belongs: (Element) -> Bool) -> Index {
    var low = startIndex
    var count = self.count
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if belongs(self[middle]) {
        count = half
      } else {
        low = index(after: middle)
        count -= half + 1
      }
    }
    return low
  }
}

/// Any object key.
struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// Any JSON value, decoded back into compact JSON text.
struct RawJSON: Decodable {
  let text: String

  init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: AnyKey.self) {
      let members = try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
        TableWriter.quoted(key.stringValue) + ":" + (try object.decode(RawJSON.self, forKey: key)).text
      }
      text = "{" + members.joined(separator: ",") + "}"
    } else if var array = try? decoder.unkeyedContainer() {
      var items: [String] = []
      while !array.isAtEnd { items.append(try array.decode(RawJSON.self).text) }
      text = "[" + items.joined(separator: ",") + "]"
    } else {
      let value = try decoder.singleValueContainer()
      if value.decodeNil() {
        text = "null"
      } else if let flag = try? value.decode(Bool.self) {
        text = flag ? "true" : "false"
      } else if let whole = try? value.decode(Int64.self) {
        text = String(whole)
      } else if let number = try? value.decode(Double.self) {
        // A whole number is written as the integer it is, so that it reads back the same:
        // "6.666666666666667e+18", read again, is the integer 6666666666666667000.
        if let whole = Int64(exactly: number) { text = String(whole) } else { text = "\(number)" }
      } else {
        text = TableWriter.quoted(try value.decode(String.self))
      }
    }
  }
}
