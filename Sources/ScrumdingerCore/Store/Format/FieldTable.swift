// The scrums file's format is described once: each type the file holds as an object has one
// table (KeyTables), a row per key in the order it is written, with its property, what
// a value read must satisfy (ValueCheck), and when it is left out of the file. The table is a
// generic function, walked by a reader (FieldReader: finds the key just scanned), a writer
// (FieldWriter: writes each key in turn) and Foundation's slow path (FoundationCodec); the
// compiler specialises the walks for each type and folds the key paths, so the table costs a
// few per cent over hand-written code (closures stored in an array of rows cost the writer
// 20 %). Adding a field to a type is one row (a type has at most 64).
import FoundationEssentials

/// A value the scrums file holds, read and written as JSON (Codable: Foundation's slow path).
protocol FileValue: Codable {
  /// The value at the scanner, or nil when the fast reader is not sure of it.
  static func read(from scanner: inout JSONScanner) -> Self?
  /// Writes the value.
  func write(to output: inout JSONOutput)
}

/// A type the file holds as an object, described by its table of keys.
protocol FileObject: FileValue {
  /// What reading starts from: the value of each key an object may leave out.
  static var blank: Self { get }
  /// The table: walks `table` through each key, in the order the keys are written.
  static func describe<Table: FieldTable>(_ table: inout Table) where Table.Object == Self
  /// What is wrong with the keys read taken together (a span that ends before it starts),
  /// or nil.
  var flaw: String? { get }
}

/// What walks a type's table: one call per key.
protocol FieldTable {
  /// The type whose table is walked.
  associatedtype Object
  /// The key `key` holding `path`. An object without a `required` key is not read; a value
  /// read is kept as `check` says; the key is left out of the file when `leftOut` says so.
  mutating func field<Value: FileValue>(
    _ key: StaticString, _ path: WritableKeyPath<Object, Value>, required: Bool, check: ValueCheck<Value>,
    leftOut: (Value, _ transcripts: Bool) -> Bool)
  /// A required key whose value earlier files wrote as a `Former` (which only the slow path
  /// reads, as `converted` makes it).
  mutating func field<Value: FileValue, Former: Decodable>(
    _ key: StaticString, _ path: WritableKeyPath<Object, Value>, formerly: Former.Type,
    _ converted: (Former) -> Value)
  /// A key an earlier version wrote: read past, never written.
  mutating func dropped(_ key: StaticString)
  /// Where the keys this version does not know are kept, to be written back after ours
  /// (last in the table; a type without it skips them).
  mutating func unknownKeys(_ path: WritableKeyPath<Object, UnknownFields>)
}

extension FieldTable {
  /// A required key whose value is kept as `check` says.
  @inline(__always)
  mutating func field<Value: FileValue>(
    _ key: StaticString, _ path: WritableKeyPath<Object, Value>, _ check: ValueCheck<Value> = .any
  ) {
    field(key, path, required: true, check: check, leftOut: { _, _ in false })
  }

  /// A key an object may leave out (the blank value's stands), and that the file leaves out
  /// when `leftOut` says so.
  @inline(__always)
  mutating func optional<Value: FileValue>(
    _ key: StaticString, _ path: WritableKeyPath<Object, Value>, _ check: ValueCheck<Value> = .any,
    leftOutWhen leftOut: (Value) -> Bool = { _ in false }
  ) {
    field(key, path, required: false, check: check, leftOut: { value, _ in leftOut(value) })
  }

  /// The fast walks read and write a key with a former form as any other.
  @inline(__always)
  mutating func field<Value: FileValue, Former: Decodable>(
    _ key: StaticString, _ path: WritableKeyPath<Object, Value>, formerly: Former.Type,
    _ converted: (Former) -> Value
  ) {
    field(key, path)
  }
}

extension FileObject {
  var flaw: String? { nil }

  /// Reads the object at the scanner through the type's table, or nil when the fast reader is
  /// not sure of it (a required key missing, a value out of range, another shape).
  static func read(from scanner: inout JSONScanner) -> Self? {
    var value = blank
    var seen: UInt64 = 0
    let ok = scanner.object { key, scanner in
      withUnsafeMutablePointer(to: &value) { value in
        withUnsafeMutablePointer(to: &scanner) { scanner in
          var reader = FieldReader<Self>(key: key, scanner: scanner, value: value)
          describe(&reader)
          seen |= reader.seen
          return reader.found ? reader.ok : scanner.pointee.skipValue()
        }
      }
    }
    var check = RequiredKeys<Self>(seen: seen)
    describe(&check)
    guard ok, check.allSeen, value.flaw == nil else { return nil }
    return value
  }

  /// Writes the object through the type's table: its keys in order, then the ones this
  /// version does not know.
  func write(to output: inout JSONOutput) {
    output.byte("{")
    withUnsafePointer(to: self) { object in
      withUnsafeMutablePointer(to: &output) { output in
        var writer = FieldWriter<Self>(object: object, output: output)
        Self.describe(&writer)
      }
    }
    output.byte("}")
  }
}

/// Reads the value of one key into the object: the row whose key it is, else the unknown keys'.
private struct FieldReader<Object>: FieldTable {
  let key: JSONScanner.Key
  let scanner: UnsafeMutablePointer<JSONScanner>
  let value: UnsafeMutablePointer<Object>
  /// Whether a row took the key, and whether its value could be read.
  var found = false
  var ok = false
  /// The key's row, as a bit (rows counted in order).
  var seen: UInt64 = 0
  private var row: UInt64 = 1

  init(key: JSONScanner.Key, scanner: UnsafeMutablePointer<JSONScanner>, value: UnsafeMutablePointer<Object>) {
    self.key = key
    self.scanner = scanner
    self.value = value
  }

  @inline(__always)
  mutating func field<Value: FileValue>(
    _ key: StaticString, _ path: WritableKeyPath<Object, Value>, required: Bool, check: ValueCheck<Value>,
    leftOut: (Value, Bool) -> Bool
  ) {
    defer { row <<= 1 }
    guard !found, key ~= self.key else { return }
    found = true
    seen = row
    guard let read = Value.read(from: &scanner.pointee), check.holds(read) else { return }
    value.pointee[keyPath: path] = read
    ok = true
  }

  @inline(__always)
  mutating func dropped(_ key: StaticString) {
    defer { row <<= 1 }
    guard !found, key ~= self.key else { return }
    found = true
    ok = scanner.pointee.skipValue()
  }

  @inline(__always)
  mutating func unknownKeys(_ path: WritableKeyPath<Object, UnknownFields>) {
    guard !found else { return }
    found = true
    ok = scanner.pointee.keep(key, in: &value.pointee[keyPath: path])
  }
}

/// Checks that every required key was read.
private struct RequiredKeys<Object>: FieldTable {
  let seen: UInt64
  private(set) var allSeen = true
  private var row: UInt64 = 1

  init(seen: UInt64) { self.seen = seen }

  @inline(__always)
  mutating func field<Value: FileValue>(
    _ key: StaticString, _ path: WritableKeyPath<Object, Value>, required: Bool, check: ValueCheck<Value>,
    leftOut: (Value, Bool) -> Bool
  ) {
    if required, seen & row == 0 { allSeen = false }
    row <<= 1
  }

  @inline(__always)
  mutating func dropped(_ key: StaticString) { row <<= 1 }

  @inline(__always)
  mutating func unknownKeys(_ path: WritableKeyPath<Object, UnknownFields>) {}
}

/// Writes each key of the object that is not left out, then the ones this version does not know.
private struct FieldWriter<Object>: FieldTable {
  let object: UnsafePointer<Object>
  let output: UnsafeMutablePointer<JSONOutput>
  private var first = true

  init(object: UnsafePointer<Object>, output: UnsafeMutablePointer<JSONOutput>) {
    self.object = object
    self.output = output
  }

  @inline(__always)
  mutating func field<Value: FileValue>(
    _ key: StaticString, _ path: WritableKeyPath<Object, Value>, required: Bool, check: ValueCheck<Value>,
    leftOut: (Value, Bool) -> Bool
  ) {
    let value = object.pointee[keyPath: path]
    guard !leftOut(value, output.pointee.transcripts) else { return }
    output.pointee.key(key, first: first)
    first = false
    value.write(to: &output.pointee)
  }

  @inline(__always)
  mutating func dropped(_ key: StaticString) {}

  @inline(__always)
  mutating func unknownKeys(_ path: WritableKeyPath<Object, UnknownFields>) {
    output.pointee.unknown(object.pointee[keyPath: path])
  }
}
