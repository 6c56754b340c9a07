import FoundationEssentials

/// Who speaks when: the equal shares of a meeting, as whole seconds that add up exactly.
public struct SpeakerSchedule: Equatable, Sendable {
  /// One turn in the meeting.
  public struct Turn: Equatable, Sendable {
    /// The speaker's name ("Speaker 1" when the scrum has no attendees).
    public let name: String
    /// Seconds into the meeting when this turn starts.
    public let start: Int
    /// Length of the turn in seconds.
    public let seconds: Int
    /// Seconds into the meeting when this turn ends.
    public var end: Int { start + seconds }
  }

  /// The turns in speaking order; never empty.
  public let turns: [Turn]
  /// The meeting length in seconds; equals the sum of the turns.
  public let lengthSeconds: Int

  /// Splits `lengthSeconds` among `names` in order. Leftover seconds go one each to the first
  /// speakers, so the shares add up to the length exactly. No names → one "Speaker 1".
  public init(names: [String], lengthSeconds: Int) {
    let speakers = names.isEmpty ? [tr("Speaker %d", 1)] : names
    let length = max(0, lengthSeconds)
    let base = length / speakers.count
    let extra = length % speakers.count
    var start = 0
    var turns: [Turn] = []
    for (index, name) in speakers.enumerated() {
      let seconds = base + (index < extra ? 1 : 0)
      turns.append(Turn(name: name, start: start, seconds: seconds))
      start += seconds
    }
    self.turns = turns
    self.lengthSeconds = length
  }

  /// The turn under way `elapsed` into the meeting: the first whose end lies ahead; the last
  /// one once the meeting is over.
  public func turnIndex(at elapsed: Duration) -> Int {
    turns.firstIndex { Duration.seconds($0.end) > elapsed } ?? turns.count - 1
  }
}
