// Before any general-purpose JSON parser sees a file, one pass over the bytes says how deep
// it nests and whether it stops in the middle: a file nested 100,000 deep would overflow the
// stack of a recursive parser, and a truncated 200 MB file would take Foundation's decoder
// 20 s to reject. Both answers come from this scan in the time it takes to read the bytes.
import FoundationEssentials

/// What one pass over a JSON text's brackets and strings finds.
struct JSONShape {
  /// No scrums file nests deeper (ours nests 5 levels; unknown keys get the rest).
  static let maximumDepth = 100

  /// The deepest nesting of objects and arrays.
  private(set) var depth = 0
  /// Whether the text ends inside a string, object or array (cut short).
  private(set) var isCutShort = false

  /// Scans `data`, stopping early once it nests deeper than `maximumDepth`.
  init(_ data: Data) {
    data.withUnsafeBytes { raw in
      var open = 0
      var inString = false
      var escaped = false
      for byte in raw {
        if inString {
          if escaped {
            escaped = false
          } else if byte == UInt8(ascii: "\\") {
            escaped = true
          } else if byte == UInt8(ascii: "\"") {
            inString = false
          }
          continue
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          open += 1
          depth = max(depth, open)
          if open > Self.maximumDepth { return }
        case UInt8(ascii: "}"), UInt8(ascii: "]"): open -= 1
        default: break
        }
      }
      isCutShort = inString || open > 0
    }
  }
}
