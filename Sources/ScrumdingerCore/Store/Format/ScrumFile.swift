// The on-disk format, separate from the store's file handling so it can be tested on bytes.
// Ours: {"version": 1, "scrums": [...]}, ISO 8601 dates, durations in seconds. Apple's
// Scrumdinger writes a bare array with dates as seconds since 2001 and lengths in minutes;
// it is read (never written) so people can bring their scrums over.
import FoundationEssentials

/// Encodes and decodes the scrums file.
public enum ScrumFile {
  /// The format version this build writes and the newest it reads.
  public static let currentVersion = 1
  /// The largest file read (256 MiB: some 1.4 million meetings, beyond the 200 MB the bench
  /// starts with); a larger one is refused unread, whatever it claims to be.
  public static let maximumSize = 256 << 20

  private struct Envelope: Decodable {
    var scrums: [DailyScrum]
    var unknown: UnknownFields

    private enum CodingKeys: String, CodingKey { case scrums }

    init(from decoder: any Decoder) throws {
      scrums = try decoder.container(keyedBy: CodingKeys.self).decode([DailyScrum].self, forKey: .scrums)
      unknown = try UnknownFields.reading(decoder, known: ["version", "scrums"])
    }
  }

  /// What a file holds: the scrums, and the keys of the file itself this version does not know.
  public struct Contents: Equatable, Sendable {
    public var scrums: [DailyScrum]
    public var unknown: UnknownFields

    public init(scrums: [DailyScrum], unknown: UnknownFields = UnknownFields()) {
      self.scrums = scrums
      self.unknown = unknown
    }
  }

  private struct VersionOnly: Decodable {
    var version: Int
  }

  /// The bytes of a version-1 file holding `scrums`: compact JSON, keys sorted (those this
  /// version does not know, `unknown`, after its own), a scrum a line; meetings' transcripts
  /// only when `transcripts` (an export asked for them: the scrums file never holds them).
  public static func encode(_ scrums: [DailyScrum], unknown: UnknownFields = UnknownFields(), transcripts: Bool = false)
    -> Data
  {
    TableWriter.encode(scrums, version: currentVersion, unknown: unknown, transcripts: transcripts)
  }

  /// Reads our file or Apple Scrumdinger's `scrums.data`; the error says what is wrong.
  /// Whatever the bytes, it returns or throws: no file can crash it.
  public static func decode(_ data: Data) throws(UnreadableReason) -> [DailyScrum] {
    try contents(of: data).scrums
  }

  /// The scrums and the file's own unknown keys; as `decode`.
  public static func contents(of data: Data) throws(UnreadableReason) -> Contents {
    if let read = TableReader.decode(data, version: currentVersion) {
      return Contents(scrums: read.scrums, unknown: read.unknown)
    }
    // The fast reader gave up. Before a general parser sees the bytes: not JSON from the
    // first byte (a file of zeros a crash or a sync tool left), too deep, or cut short?
    let body = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]  // a byte order mark
    let start = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    guard start == UInt8(ascii: "{") || start == UInt8(ascii: "[") else { throw .notJSON }
    let shape = JSONShape(data)
    if shape.depth > JSONShape.maximumDepth { throw .nestedTooDeeply(JSONShape.maximumDepth) }
    if shape.isCutShort { throw .notJSON }
    let top: TopLevel
    do {
      top = try JSONDecoder().decode(TopLevel.self, from: data)
    } catch {
      throw .notJSON
    }
    let scrums: [DailyScrum]
    var unknown = UnknownFields()
    if top == .list {
      scrums = try decodeShape([AppleScrum].self, from: data, dates: .deferredToDate).enumerated().map {
        (index, scrum) throws(UnreadableReason) in try scrum.scrum(at: index)
      }
    } else {
      let version = try decodeShape(VersionOnly.self, from: data, dates: isoDates).version
      guard version <= currentVersion else { throw .futureVersion(version) }
      guard version >= 1 else { throw .invalidValue("format version \(version) is not one Scrumdinger wrote") }
      let envelope = try decodeShape(Envelope.self, from: data, dates: isoDates)
      scrums = envelope.scrums
      unknown = envelope.unknown
    }
    return Contents(scrums: scrums, unknown: unknown)
  }

  /// What a JSON document holds at its top: a list (Apple Scrumdinger's file) or anything
  /// else (ours is an object). Decoding it parses the whole document, so bad JSON throws.
  private enum TopLevel: Decodable {
    case list, other

    init(from decoder: any Decoder) throws {
      self = (try? decoder.unkeyedContainer()) != nil ? .list : .other
    }
  }

  /// Gives a fresh id to every scrum, attendee or past meeting whose id another already has
  /// (so each card opens its own scrum), derived from the id and its place, so that every
  /// computer that reads the file gives the same; the data itself is kept. Returns a note per
  /// change.
  public static func freshenDuplicateIDs(_ scrums: inout [DailyScrum]) -> [String] {
    var notes: [String] = []
    func freshen<T: Identifiable<UUID>>(_ items: inout [T], _ what: (Int) -> String, renamed: (inout T, UUID) -> Void) {
      var seen = Set<UUID>(minimumCapacity: items.count)
      for index in items.indices where !seen.insert(items[index].id).inserted {
        // From the id and where it stands: every computer that reads the file makes the same.
        let old = items[index].id
        let fresh = BothVersions.derivedID(of: old, contents: Data(what(index).utf8), version: "5")
        notes.append("\(what(index)) had the id \(old) of another; now \(fresh)")
        renamed(&items[index], fresh)
        seen.insert(fresh)
      }
    }
    freshen(&scrums, { "scrums[\($0)]" }, renamed: { $0.id = $1 })
    for s in scrums.indices {
      freshen(&scrums[s].attendees, { "scrums[\(s)].attendees[\($0)]" }, renamed: { $0.id = $1 })
      freshen(&scrums[s].history, { "scrums[\(s)].history[\($0)]" }, renamed: { $0.id = $1 })
    }
    return notes
  }

  /// ISO 8601 dates: as the writer writes them, read as the fast reader reads them; any other
  /// ISO 8601 form as Foundation reads it.
  private static let isoDates = JSONDecoder.DateDecodingStrategy.custom { decoder in
    let text = try decoder.singleValueContainer().decode(String.self)
    if let date = JSONScanner.date(fromISO: text) ?? (try? Date.ISO8601FormatStyle().parse(text)) { return date }
    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 date"))
  }

  private static func decodeShape<T: Decodable>(
    _ type: T.Type, from data: Data, dates: JSONDecoder.DateDecodingStrategy
  ) throws(UnreadableReason) -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = dates
    do {
      return try decoder.decode(type, from: data)
    } catch let error as DecodingError {
      throw describe(error)
    } catch let refused as ValueRefused {
      throw .invalidValue("\(refused.place) \(refused.why)")
    } catch {
      throw .notJSON
    }
  }

  private static func describe(_ error: DecodingError) -> UnreadableReason {
    switch error {
    case .typeMismatch(let type, let context):
      .unexpectedContent(at: place(context.codingPath), detail: "expected \(kind(of: type))")
    case .valueNotFound(let type, let context):
      .unexpectedContent(at: place(context.codingPath), detail: "expected \(kind(of: type)), found null")
    case .keyNotFound(let key, let context):
      .unexpectedContent(at: place(context.codingPath + [key]), detail: "missing")
    case .dataCorrupted(let context):
      .unexpectedContent(at: place(context.codingPath), detail: context.debugDescription)
    @unknown default:
      .notJSON
    }
  }

  private static func kind(of type: Any.Type) -> String {
    switch type {
    case is String.Type: "text"
    case is Int.Type, is Double.Type: "a number"
    case is Bool.Type: "true or false"
    default: "\(type)".contains("Array") ? "a list" : "an object"
    }
  }

  /// A key's place in the file as the messages name it ("scrums[0].history[2].date").
  static func place(_ path: [any CodingKey]) -> String {
    guard !path.isEmpty else { return "the top level" }
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }
}

/// A scrum as Apple's Scrumdinger sample encodes it.
private struct AppleScrum: Decodable {
  struct Entry: Decodable {
    var id: UUID
    var date: Date
    var attendees: [Attendee]
    var lengthInMinutes: Int?
  }
  var id: UUID
  var title: String
  var attendees: [Attendee]
  var lengthInMinutes: Int
  var theme: Theme
  var history: [Entry]

  /// The scrum in our model; values are range-checked before any arithmetic on them.
  func scrum(at index: Int) throws(UnreadableReason) -> DailyScrum {
    var entries: [History] = []
    for (h, entry) in history.enumerated() {
      let minutes = entry.lengthInMinutes ?? 0
      guard (0...(History.durationRange.upperBound / 60)).contains(minutes) else {
        throw .invalidValue("[\(index)].history[\(h)].lengthInMinutes is \(minutes), out of range")
      }
      let seconds = entry.date.timeIntervalSinceReferenceDate
      guard seconds.isFinite, History.dateRange.contains(entry.date) else {
        throw .invalidValue("[\(index)].history[\(h)].date is outside the years 1…9999")
      }
      entries.append(
        History(id: entry.id, date: entry.date, attendees: entry.attendees.map(\.name), durationSeconds: minutes * 60))
    }
    guard DailyScrum.lengthRange.contains(lengthInMinutes) else {
      throw .invalidValue("[\(index)].lengthInMinutes is \(lengthInMinutes), outside 1…60")
    }
    return DailyScrum(
      id: id, title: title, attendees: attendees, lengthInMinutes: lengthInMinutes, theme: theme, history: entries)
  }
}

extension [DailyScrum] {
  /// The scrums with no meeting's transcript: what the shared file may say of one is never
  /// taken as this computer's.
  public var withoutTranscripts: [DailyScrum] {
    guard contains(where: { $0.history.contains { !$0.transcript.isEmpty } }) else { return self }
    var result = self
    for s in result.indices { for h in result[s].history.indices { result[s].history[h].transcript = [] } }
    return result
  }
}
