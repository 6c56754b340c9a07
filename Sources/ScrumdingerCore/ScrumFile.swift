// The on-disk format, separate from the store's file handling so it can be tested on bytes.
// Ours: {"version": 1, "scrums": [...]}, ISO 8601 dates, durations in seconds. Apple's
// Scrumdinger writes a bare array with dates as seconds since 2001 and lengths in minutes;
// it is read (never written) so people can bring their scrums over.
import Foundation

/// Encodes and decodes the scrums file.
public enum ScrumFile {
  /// The format version this build writes and the newest it reads.
  public static let currentVersion = 1

  private struct Envelope: Decodable {
    var version: Int
    var scrums: [DailyScrum]
  }

  private struct VersionOnly: Decodable {
    var version: Int
  }

  /// The bytes of a version-1 file holding `scrums`: compact JSON, keys sorted, a scrum a line.
  public static func encode(_ scrums: [DailyScrum]) -> Data {
    ScrumFileWriter.encode(scrums, version: currentVersion)
  }

  /// Reads our file or Apple Scrumdinger's `scrums.data`; the error says what is wrong.
  public static func decode(_ data: Data) throws(UnreadableReason) -> [DailyScrum] {
    if let scrums = ScrumFileReader.decode(data, version: currentVersion) { return scrums }
    let top: Any
    do {
      top = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw .notJSON
    }
    let scrums: [DailyScrum]
    if top is [Any] {
      scrums = try decodeShape([AppleScrum].self, from: data, dates: .deferredToDate).map(\.scrum)
    } else {
      let version = try decodeShape(VersionOnly.self, from: data, dates: .iso8601).version
      guard version <= currentVersion else { throw .futureVersion(version) }
      guard version >= 1 else { throw .invalidValue("format version \(version) is not one Scrumdinger wrote") }
      scrums = try decodeShape(Envelope.self, from: data, dates: .iso8601).scrums
    }
    try validate(scrums)
    return scrums
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

  private static func place(_ path: [any CodingKey]) -> String {
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

  private static func validate(_ scrums: [DailyScrum]) throws(UnreadableReason) {
    for (index, scrum) in scrums.enumerated() {
      guard DailyScrum.lengthRange.contains(scrum.lengthInMinutes) else {
        throw .invalidValue(
          "scrums[\(index)].lengthInMinutes is \(scrum.lengthInMinutes), outside 1…60")
      }
      for (h, entry) in scrum.history.enumerated() where entry.durationSeconds < 0 {
        throw .invalidValue("scrums[\(index)].history[\(h)].durationSeconds is negative")
      }
    }
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

  var scrum: DailyScrum {
    DailyScrum(
      id: id, title: title, attendees: attendees, lengthInMinutes: lengthInMinutes, theme: theme,
      history: history.map {
        History(id: $0.id, date: $0.date, attendees: $0.attendees.map(\.name),
                durationSeconds: ($0.lengthInMinutes ?? 0) * 60)
      })
  }
}
