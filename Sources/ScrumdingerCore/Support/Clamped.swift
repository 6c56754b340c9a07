/// Bringing a value into a range, as the models keep theirs (a length, an item's minutes, a
/// schedule's time) and the file's slow path mends what it reads.
extension Comparable {
  /// The value, or the bound of `range` it lies beyond.
  public func clamped(to range: ClosedRange<Self>) -> Self {
    min(max(self, range.lowerBound), range.upperBound)
  }
}
