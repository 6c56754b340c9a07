// The scrums file's slow path: Foundation's Codable, for a file the fast reader gives up on
// (another shape, a fraction, an odd date), which it either reads or says precisely what is
// wrong with, at which key. It walks the same tables (KeyTables) as the fast reader and
// writer, so a type's keys, checks and former forms are said once; ScrumFileCodecCrossCheckTests
// hold the two readers together. Encoding (a copy's comparison in `BothVersions`, the bench's
// baseline, the transcript store's segments) writes each key the table writes, unknown keys
// never.
import FoundationEssentials

extension FileObject {
  /// Reads the object through its table: each key as its row says (a value out of range
  /// mended or refused), then the keys this version does not know.
  public init(from decoder: any Decoder) throws {
    var reader = FieldDecoder<Self>(decoder: decoder, container: try decoder.container(keyedBy: AnyKey.self))
    Self.describe(&reader)
    if let failure = reader.failure { throw failure }
    if let flaw = reader.value.flaw { throw ValueRefused(place: ScrumFile.place(decoder.codingPath), why: flaw) }
    self = reader.value
  }

  /// Writes each key of the object that the file holds (transcripts included).
  public func encode(to encoder: any Encoder) throws {
    var writer = FieldEncoder<Self>(object: self, container: encoder.container(keyedBy: AnyKey.self))
    Self.describe(&writer)
    if let failure = writer.failure { throw failure }
  }
}

/// Decodes one key a row at a time; the first failure stops the walk.
private struct FieldDecoder<Object: FileObject>: FieldTable {
  let decoder: any Decoder
  let container: KeyedDecodingContainer<AnyKey>
  var value = Object.blank
  private(set) var failure: (any Error)?
  /// The keys the table names, to tell the unknown ones.
  private var known: Set<String> = []

  init(decoder: any Decoder, container: KeyedDecodingContainer<AnyKey>) {
    self.decoder = decoder
    self.container = container
  }

  mutating func field<Value: FileValue>(
    _ key: StaticString, _ path: WritableKeyPath<Object, Value>, required: Bool, check: ValueCheck<Value>,
    leftOut: (Value, Bool) -> Bool
  ) {
    read(key) { container, codingKey in
      let read =
        required
        ? try container.decode(Value.self, forKey: codingKey)
        : try container.decodeIfPresent(Value.self, forKey: codingKey)
      guard let read else { return nil }
      return try check.kept(read, at: ScrumFile.place(container.codingPath + [codingKey]))
    }.map { value[keyPath: path] = $0 }
  }

  mutating func field<Value: FileValue, Former: Decodable>(
    _ key: StaticString, _ path: WritableKeyPath<Object, Value>, formerly: Former.Type,
    _ converted: (Former) -> Value
  ) {
    read(key) { container, codingKey in
      if let read = try? container.decode(Value.self, forKey: codingKey) { return read }
      return converted(try container.decode(Former.self, forKey: codingKey))
    }.map { value[keyPath: path] = $0 }
  }

  mutating func dropped(_ key: StaticString) { known.insert(key.description) }

  mutating func unknownKeys(_ path: WritableKeyPath<Object, UnknownFields>) {
    guard failure == nil else { return }
    do {
      value[keyPath: path] = try UnknownFields.reading(decoder, known: known)
    } catch {
      failure = error
    }
  }

  /// The value of `key` as `decode` reads it (nil: absent), noting the key and any failure.
  private mutating func read<Value>(
    _ key: StaticString, _ decode: (KeyedDecodingContainer<AnyKey>, AnyKey) throws -> Value?
  ) -> Value? {
    let name = key.description
    known.insert(name)
    guard failure == nil else { return nil }
    do {
      return try decode(container, AnyKey(stringValue: name))
    } catch {
      failure = error
      return nil
    }
  }
}

/// Encodes each key the file holds; the first failure stops the walk.
private struct FieldEncoder<Object>: FieldTable {
  let object: Object
  var container: KeyedEncodingContainer<AnyKey>
  private(set) var failure: (any Error)?

  init(object: Object, container: KeyedEncodingContainer<AnyKey>) {
    self.object = object
    self.container = container
  }

  mutating func field<Value: FileValue>(
    _ key: StaticString, _ path: WritableKeyPath<Object, Value>, required: Bool, check: ValueCheck<Value>,
    leftOut: (Value, Bool) -> Bool
  ) {
    let value = object[keyPath: path]
    guard failure == nil, !leftOut(value, true) else { return }
    do {
      try container.encode(value, forKey: AnyKey(stringValue: key.description))
    } catch {
      failure = error
    }
  }

  mutating func dropped(_ key: StaticString) {}

  mutating func unknownKeys(_ path: WritableKeyPath<Object, UnknownFields>) {}
}
