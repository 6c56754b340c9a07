// What a value in the scrums file must be, said once for both readers: the fast reader gives
// up on a value that fails its check (the slow path decides), and the slow path either brings
// the value into range (a schedule's hour, an item's minutes: the model would anyway) or
// refuses the file in the check's words, naming the key.
import FoundationEssentials

/// A row's check of the value read.
struct ValueCheck<Value> {
  /// What the slow path does with a value that does not hold.
  enum Otherwise {
    /// Keeps what this makes of it instead (the value brought into range).
    case mend((Value) -> Value)
    /// Refuses the file, saying what is wrong with the value ("is 99, outside 1…60").
    case refuse((Value) -> String)
  }

  /// Whether the value is kept as read.
  let holds: (Value) -> Bool
  /// What the slow path does with a value that does not hold.
  let otherwise: Otherwise

  /// Any value.
  static var any: ValueCheck { ValueCheck(holds: { _ in true }, otherwise: .refuse { _ in "" }) }

  /// Values that satisfy `holds`; any other refuses the file, said as `why`.
  static func only(_ holds: @escaping (Value) -> Bool, else why: String) -> ValueCheck {
    ValueCheck(holds: holds, otherwise: .refuse { _ in why })
  }

  /// The value the slow path keeps: the one read, or its mended form; a value it refuses
  /// throws, named by `place`.
  func kept(_ value: Value, at place: @autoclosure () -> String) throws(ValueRefused) -> Value {
    guard !holds(value) else { return value }
    switch otherwise {
    case .mend(let mended): return mended(value)
    case .refuse(let why): throw ValueRefused(place: place(), why: why(value))
    }
  }
}

extension ValueCheck where Value == Int {
  /// A whole number within `range`; any other refuses the file.
  static func within(_ range: ClosedRange<Int>) -> ValueCheck {
    ValueCheck(
      holds: { range.contains($0) }, otherwise: .refuse { "is \($0), outside \(range.lowerBound)…\(range.upperBound)" })
  }

  /// A whole number within `range`; the slow path brings any other into it.
  static func clamped(to range: ClosedRange<Int>) -> ValueCheck {
    ValueCheck(holds: { range.contains($0) }, otherwise: .mend { $0.clamped(to: range) })
  }

  /// One of `choices`; any other refuses the file, named as `what` ("the meeting warning's").
  static func oneOf(_ choices: [Int], _ what: String) -> ValueCheck {
    ValueCheck(holds: { choices.contains($0) }, otherwise: .refuse { "is \($0), not one of \(what) choices" })
  }

  /// One of `choices`; the slow path reads any other as `otherwise`.
  static func oneOf(_ choices: [Int], otherwise: Int) -> ValueCheck {
    ValueCheck(holds: { choices.contains($0) }, otherwise: .mend { _ in otherwise })
  }
}

/// A value the slow path refuses: where, and why in the check's words.
struct ValueRefused: Error {
  /// The key's place in the file ("scrums[0].lengthInMinutes").
  let place: String
  /// What is wrong with it.
  let why: String
}
