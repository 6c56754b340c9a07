// Bytes of JSON written by hand, as the scrums file needs them: Foundation's JSONEncoder was
// an order of magnitude too slow for a large store (docs/performance.md, store). Compact,
// keys in the order the caller gives; dates in UTC as "yyyy-MM-ddTHH:mm:ssZ"
// on the proleptic Gregorian calendar, UUIDs upper case.
import FoundationEssentials

/// A JSON document being written.
struct JSONOutput {
  /// A growable byte buffer with unchecked appends (Array.append's per-byte checks cost
  /// more than the formatting itself).
  private struct Buffer {
    var start: UnsafeMutablePointer<UInt8>
    var count = 0
    var capacity: Int

    init(capacity: Int) {
      self.capacity = capacity
      start = .allocate(capacity: capacity)
    }

    @inline(__always) mutating func reserve(_ extra: Int) {
      guard count + extra > capacity else { return }
      let larger = max(capacity * 2, count + extra)
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
      grown.update(from: start, count: count)
      start.deallocate()
      start = grown
      capacity = larger
    }

    @inline(__always) mutating func append(_ byte: UInt8) {
      reserve(1)
      start[count] = byte
      count += 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
      reserve(bytes.count)
      (start + count).update(from: bytes.baseAddress!, count: bytes.count)
      count += bytes.count
    }
  }

  private var bytes: Buffer
  /// Whether meetings' transcripts are written (an export that asks for them); the scrums
  /// file never holds them (see TranscriptStore).
  let transcripts: Bool

  /// An empty document of about `capacity` bytes.
  init(capacity: Int, transcripts: Bool = false) {
    bytes = Buffer(capacity: capacity)
    self.transcripts = transcripts
  }

  /// The bytes written, and the buffer given back.
  mutating func finish() -> Data {
    defer { bytes.start.deallocate() }
    return Data(bytes: bytes.start, count: bytes.count)
  }

  /// One byte, such as `{`.
  mutating func byte(_ ascii: Unicode.Scalar) {
    bytes.append(UInt8(ascii: ascii))
  }

  /// `"key":`, after a comma unless it is the object's first.
  @inline(__always)
  mutating func key(_ key: StaticString, first: Bool) {
    let length = key.utf8CodeUnitCount
    bytes.reserve(length + 4)
    var out = bytes.start + bytes.count
    if !first {
      out.pointee = UInt8(ascii: ",")
      out += 1
    }
    out.pointee = UInt8(ascii: "\"")
    (out + 1).update(from: key.utf8Start, count: length)
    (out + 1 + length).pointee = UInt8(ascii: "\"")
    (out + 2 + length).pointee = UInt8(ascii: ":")
    bytes.count += length + (first ? 3 : 4)
  }

  /// The keys this version does not know, after ours: `,"key":value` each.
  mutating func unknown(_ fields: UnknownFields) {
    for field in fields.fields {
      bytes.append(UInt8(ascii: ","))
      string(field.key)
      bytes.append(UInt8(ascii: ":"))
      var json = field.json
      json.withUTF8 { bytes.append($0) }
    }
  }

  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append($0) }
  }

  mutating func integer(_ value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 24 digits
    withUnsafeMutableBytes(of: &digits) { buffer in
      var end = buffer.count
      repeat {
        end -= 1
        buffer[end] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      bytes.append(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[end...]))
    }
  }

  private static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)

  /// `"XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX"`, as UUID.uuidString writes it.
  mutating func uuid(_ id: UUID) {
    bytes.reserve(38)
    var out = bytes.start + bytes.count
    out.pointee = UInt8(ascii: "\"")
    out += 1
    withUnsafeBytes(of: id.uuid) { raw in
      Self.hex.withUnsafeBufferPointer { hex in
        for index in 0..<16 {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            out.pointee = UInt8(ascii: "-")
            out += 1
          }
          let byte = raw[index]
          out[0] = hex[Int(byte >> 4)]
          out[1] = hex[Int(byte & 0x0F)]
          out += 2
        }
      }
    }
    out.pointee = UInt8(ascii: "\"")
    bytes.count += 38
  }

  /// `"yyyy-MM-ddTHH:mm:ssZ"` in UTC (whole seconds: History keeps no fraction). Total: a
  /// date outside the years 1…9999 (which no file can hold) is written as the nearest one.
  mutating func date(_ date: Date) {
    let bounded =
      date.timeIntervalSince1970.isNaN ? Date(timeIntervalSince1970: 0) : date.clamped(to: History.dateRange)
    let seconds = Int(bounded.timeIntervalSince1970.rounded(.down))
    let (days, secondOfDay) = seconds.floorDivided(by: 86_400)
    let (year, month, day) = civilDate(daysSince1970: days)
    bytes.append(UInt8(ascii: "\""))
    padded(year, 4)
    bytes.append(UInt8(ascii: "-"))
    padded(month, 2)
    bytes.append(UInt8(ascii: "-"))
    padded(day, 2)
    bytes.append(UInt8(ascii: "T"))
    padded(secondOfDay / 3600, 2)
    bytes.append(UInt8(ascii: ":"))
    padded(secondOfDay / 60 % 60, 2)
    bytes.append(UInt8(ascii: ":"))
    padded(secondOfDay % 60, 2)
    raw("Z\"")
  }

  private mutating func padded(_ value: Int, _ width: Int) {
    var divisor = 1
    for _ in 1..<width { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
      rest %= divisor
      divisor /= 10
    }
  }

  /// A JSON string, escaping quotes, backslashes and control characters.
  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): raw("\\\"")
      case UInt8(ascii: "\\"): raw("\\\\")
      case UInt8(ascii: "\n"): raw("\\n")
      case UInt8(ascii: "\r"): raw("\\r")
      case UInt8(ascii: "\t"): raw("\\t")
      case 0..<0x20:
        raw("\\u00")
        bytes.append(Self.hex[Int(byte >> 4)])
        bytes.append(Self.hex[Int(byte & 0x0F)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

extension Int {
  /// Quotient and remainder rounding towards minus infinity (dates before 1970).
  func floorDivided(by divisor: Int) -> (Int, Int) {
    let (q, r) = quotientAndRemainder(dividingBy: divisor)
    return r < 0 ? (q - 1, r + divisor) : (q, r)
  }
}

/// Proleptic Gregorian (year, month, day) of a day count since 1970-01-01 (H. Hinnant's
/// civil_from_days).
func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
  let z = days + 719_468
  let era = (z >= 0 ? z : z - 146_096) / 146_097
  let dayOfEra = z - era * 146_097
  let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
  let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
  let mp = (5 * dayOfYear + 2) / 153
  let day = dayOfYear - (153 * mp + 2) / 5 + 1
  let month = mp < 10 ? mp + 3 : mp - 9
  return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
func daysSince1970(year: Int, month: Int, day: Int) -> Int {
  let y = month <= 2 ? year - 1 : year
  let era = (y >= 0 ? y : y - 399) / 400
  let yearOfEra = y - era * 400
  let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
  let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}
