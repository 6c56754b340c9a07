// What every figure of the bench is made of: a duration in milliseconds, and the median of
// repeated timings.

extension Duration {
  /// The duration in milliseconds.
  var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}

/// The median of `values` (the upper one of the middle two for an even count).
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
