// The scrums file's JSON, scanned on raw bytes for exactly what TableWriter writes (any
// key order, any white space): objects, arrays, whole numbers, strings, UUIDs, dates as the
// writer writes them, and any value skipped or kept as its text. Anything it is not sure of
// (a fraction, an unusual date, a key with an escape) is a nil or false: the caller then
// gives up and leaves the file to Foundation's decoder, which says precisely what is wrong.
import FoundationEssentials
import Glibc

/// A cursor over a JSON document's bytes.
struct JSONScanner {
  private let base: UnsafePointer<UInt8>
  private let count: Int
  private var index = 0
  /// How many objects and arrays are open; past `JSONShape.maximumDepth` the scanner gives
  /// up (a file nested 100,000 deep must not overflow the stack).
  private var depth = 0

  /// Scans `bytes` (which must outlive the scanner) from the start.
  init(bytes: UnsafeRawBufferPointer) {
    base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!
    count = bytes.count
  }

  /// Whether only white space is left.
  mutating func isAtEnd() -> Bool {
    skipWhitespace()
    return index == count
  }

  @inline(__always) private var current: UInt8? { index < count ? base[index] : nil }

  private mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
  }

  private mutating func expect(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard current == byte else { return false }
    index += 1
    return true
  }

  /// An object key, compared as bytes (no String is made for it).
  struct Key {
    let bytes: UnsafeRawBufferPointer

    /// The key as a UUID (either case), as `uuid()` reads one.
    var uuid: UUID? {
      bytes.count == 36 ? JSONScanner.uuid(at: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)) : nil
    }

    static func ~= (pattern: StaticString, key: Key) -> Bool {
      pattern.utf8CodeUnitCount == key.bytes.count
        && memcmp(pattern.utf8Start, key.bytes.baseAddress!, key.bytes.count) == 0
    }
  }

  /// `{ "key": value, … }`; `member` reads each value and says whether it could. Keys with
  /// escapes are left to the slow path.
  @inline(__always)
  mutating func object(_ member: (Key, inout JSONScanner) -> Bool) -> Bool {
    guard expect(UInt8(ascii: "{")), depth < JSONShape.maximumDepth else { return false }
    depth += 1
    defer { depth -= 1 }
    if expect(UInt8(ascii: "}")) { return true }
    repeat {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else { return false }
      index += 1
      let start = index
      // A control character is not JSON, even in a key: left to the slow path, which says so.
      while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { index += 1 }
      guard current == UInt8(ascii: "\""), start < index else { return false }
      let key = Key(bytes: UnsafeRawBufferPointer(start: base + start, count: index - start))
      index += 1
      guard expect(UInt8(ascii: ":")), member(key, &self) else { return false }
    } while expect(UInt8(ascii: ","))
    return expect(UInt8(ascii: "}"))
  }

  /// `[ element, … ]`.
  @inline(__always)
  mutating func array<T>(_ element: (inout JSONScanner) -> T?) -> [T]? {
    guard expect(UInt8(ascii: "[")), depth < JSONShape.maximumDepth else { return nil }
    depth += 1
    defer { depth -= 1 }
    var items: [T] = []
    if expect(UInt8(ascii: "]")) { return items }
    repeat {
      guard let item = element(&self) else { return nil }
      items.append(item)
    } while expect(UInt8(ascii: ","))
    return expect(UInt8(ascii: "]")) ? items : nil
  }

  /// A whole number; nil for fractions, exponents or anything else.
  mutating func integer() -> Int? {
    skipWhitespace()
    var negative = false
    if current == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    var value = 0
    var digits = 0
    while let byte = current, byte >= 0x30, byte <= 0x39 {
      let (times10, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times10.addingReportingOverflow(Int(byte - 0x30))
      guard !o1, !o2 else { return nil }
      value = sum
      digits += 1
      index += 1
    }
    guard digits > 0, current != UInt8(ascii: "."), current != UInt8(ascii: "e"), current != UInt8(ascii: "E")
    else { return nil }
    return negative ? -value : value
  }

  /// A string; escapes decoded; nil on invalid UTF-8 or a bad escape.
  mutating func string() -> String? {
    skipWhitespace()
    guard current == UInt8(ascii: "\"") else { return nil }
    index += 1
    let start = index
    var ascii = true
    while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 {
      ascii = ascii && byte < 0x80
      index += 1
    }
    if current == UInt8(ascii: "\"") {
      defer { index += 1 }
      let text = UnsafeBufferPointer(start: base + start, count: index - start)
      // Pure ASCII needs no validation; anything else must be valid UTF-8.
      return ascii ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
    }
    var utf8 = Array(UnsafeBufferPointer(start: base + start, count: index - start))
    while let byte = current {
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(validating: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard let escape = current else { return nil }
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          guard let scalar = unicodeEscape() else { return nil }
          utf8.append(contentsOf: String(Character(scalar)).utf8)
        default: return nil
        }
      case 0..<0x20: return nil
      default: utf8.append(byte)
      }
    }
    return nil
  }

  /// The scalar of `XXXX` after `\u` (joining a surrogate pair).
  private mutating func unicodeEscape() -> Unicode.Scalar? {
    guard let high = hex4() else { return nil }
    if (0xD800..<0xDC00).contains(high) {
      guard current == UInt8(ascii: "\\") else { return nil }
      index += 1
      guard current == UInt8(ascii: "u") else { return nil }
      index += 1
      guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
      return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }
    return Unicode.Scalar(high)
  }

  private mutating func hex4() -> UInt32? {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = Self.hexValue(byte) else { return nil }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// Hex digit values by byte; 0xFF for "not a hex digit".
  private static let hexTable: [UInt8] = (0...255).map { byte in
    switch byte {
    case 0x30...0x39: UInt8(byte - 0x30)
    case 0x41...0x46: UInt8(byte - 0x41 + 10)
    case 0x61...0x66: UInt8(byte - 0x61 + 10)
    default: 0xFF
    }
  }

  @inline(__always) private static func hexValue(_ byte: UInt8) -> UInt8? {
    let value = hexTable.withUnsafeBufferPointer { $0[Int(byte)] }
    return value == 0xFF ? nil : value
  }

  /// A `"XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX"` UUID (either case).
  mutating func uuid() -> UUID? {
    skipWhitespace()
    guard index + 38 <= count, base[index] == UInt8(ascii: "\""), base[index + 37] == UInt8(ascii: "\""),
      let id = Self.uuid(at: base + index + 1)
    else { return nil }
    index += 38
    return id
  }

  /// The UUID of the 36 bytes at `text`.
  private static func uuid(at text: UnsafePointer<UInt8>) -> UUID? {
    guard text[8] == UInt8(ascii: "-"), text[13] == UInt8(ascii: "-"), text[18] == UInt8(ascii: "-"),
      text[23] == UInt8(ascii: "-")
    else { return nil }
    var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let ok = Self.hexTable.withUnsafeBufferPointer { table in
      withUnsafeMutableBytes(of: &raw) { out -> Bool in
        var bad: UInt8 = 0
        var position = 0
        for byteIndex in 0..<16 {
          if byteIndex == 4 || byteIndex == 6 || byteIndex == 8 || byteIndex == 10 { position += 1 }
          let high = table[Int(text[position])]
          let low = table[Int(text[position + 1])]
          bad |= high | low
          out[byteIndex] = high << 4 | (low & 0x0F)
          position += 2
        }
        return bad & 0xF0 == 0  // 0xFF marks a non-hex byte
      }
    }
    return ok ? UUID(uuid: raw) : nil
  }

  /// `text`, if it is a date as the writer writes it ("yyyy-MM-ddTHH:mm:ssZ", proleptic
  /// Gregorian): the slow path reads such dates this way too, so a date reads the same
  /// whichever reader a file takes (Foundation's own would count days before 1582 on the
  /// Julian calendar).
  static func date(fromISO text: String) -> Date? {
    let quoted = Data(("\"" + text + "\"").utf8)
    return quoted.withUnsafeBytes { raw in
      var reader = JSONScanner(bytes: raw)
      guard let date = reader.date(), reader.index == reader.count else { return nil }
      return date
    }
  }

  /// A `"yyyy-MM-ddTHH:mm:ssZ"` date (what the writer writes; other ISO forms go the slow way).
  mutating func date() -> Date? {
    skipWhitespace()
    guard index + 22 <= count, base[index] == UInt8(ascii: "\""), base[index + 21] == UInt8(ascii: "\""),
      base[index + 20] == UInt8(ascii: "Z"), base[index + 11] == UInt8(ascii: "T")
    else { return nil }
    let text = base + index
    func number(_ from: Int, _ count: Int) -> Int? {
      var value = 0
      for offset in from..<(from + count) {
        let byte = text[offset]
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard text[5] == UInt8(ascii: "-"), text[8] == UInt8(ascii: "-"),
      text[14] == UInt8(ascii: ":"), text[17] == UInt8(ascii: ":"),
      let year = number(1, 4), let month = number(6, 2), let day = number(9, 2),
      let hour = number(12, 2), let minute = number(15, 2), let second = number(18, 2),
      year >= 1, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    index += 22
    let days = daysSince1970(year: year, month: month, day: day)
    return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
  }

  /// Reads the value of a key this version does not know into `unknown`, as its JSON text.
  mutating func keep(_ key: Key, in unknown: inout UnknownFields) -> Bool {
    skipWhitespace()
    let start = index
    guard skipValue() else { return false }
    let text = UnsafeBufferPointer(start: base + start, count: index - start)
    guard
      let name = String(
        validating: UnsafeBufferPointer(
          start: key.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count: key.bytes.count), as: UTF8.self)
    else { return false }
    unknown.set(name, json: String(decoding: text, as: UTF8.self))
    return true
  }

  /// Skips any JSON value (for keys this version does not know).
  mutating func skipValue() -> Bool {
    skipWhitespace()
    guard let byte = current else { return false }
    switch byte {
    case UInt8(ascii: "{"): return object { _, reader in reader.skipValue() }
    case UInt8(ascii: "["): return array { reader in reader.skipValue() ? true : nil } != nil
    case UInt8(ascii: "\""): return string() != nil
    case UInt8(ascii: "t"): return literal("true")
    case UInt8(ascii: "f"): return literal("false")
    case UInt8(ascii: "n"): return literal("null")
    default: return integer() != nil
    }
  }

  /// `true` or `false`.
  mutating func boolean() -> Bool? {
    skipWhitespace()
    if literal("true") { return true }
    if literal("false") { return false }
    return nil
  }

  private mutating func literal(_ word: StaticString) -> Bool {
    let length = word.utf8CodeUnitCount
    guard index + length <= count else { return false }
    for offset in 0..<length where base[index + offset] != word.utf8Start[offset] { return false }
    index += length
    return true
  }
}
