import FoundationEssentials

/// Who speaks when: the equal shares of the speakers' round as whole seconds that add up
/// exactly, then the agenda items, each with its own time. Minutes added during the meeting
/// lengthen one turn and move every later one.
public struct SpeakerSchedule: Equatable, Sendable {
  /// One turn in the meeting: a speaker's, or an agenda item's.
  public struct Turn: Equatable, Sendable {
    /// The speaker's name ("Speaker 1" when the scrum has no attendees) or the item's title.
    public let name: String
    /// Seconds into the meeting when this turn starts.
    public internal(set) var start: Int
    /// Length of the turn in seconds, added minutes included.
    public internal(set) var seconds: Int
    /// Whether this is an agenda item after the round rather than a speaker.
    public let isItem: Bool
    /// The seconds added to it during the meeting.
    public internal(set) var addedSeconds = 0
    /// Seconds into the meeting when this turn ends.
    public var end: Int { start + seconds }
    /// The share it was planned with, before anything was added.
    public var plannedSeconds: Int { seconds - addedSeconds }
  }

  /// The turns in order: speakers, then agenda items; never empty.
  public private(set) var turns: [Turn]
  /// The meeting length in seconds; equals the sum of the turns.
  public private(set) var lengthSeconds: Int
  /// How many turns are speakers' (the items follow them).
  public let speakerCount: Int

  /// Splits `lengthSeconds` among `names` in order, then appends `items`. Leftover seconds go
  /// one each to the first speakers, so the shares add up to the length exactly. No names →
  /// one "Speaker 1".
  public init(names: [String], lengthSeconds: Int, items: [AgendaItem] = []) {
    let speakers = names.isEmpty ? [tr("Speaker %d", 1)] : names
    let length = max(0, lengthSeconds)
    let base = length / speakers.count
    let extra = length % speakers.count
    var start = 0
    var turns: [Turn] = []
    for (index, name) in speakers.enumerated() {
      let seconds = base + (index < extra ? 1 : 0)
      turns.append(Turn(name: name, start: start, seconds: seconds, isItem: false))
      start += seconds
    }
    for item in items {
      turns.append(Turn(name: item.title, start: start, seconds: item.minutes * 60, isItem: true))
      start += item.minutes * 60
    }
    self.turns = turns
    self.lengthSeconds = start
    speakerCount = speakers.count
  }

  /// The turn under way `elapsed` into the meeting: the first whose end lies ahead; the last
  /// one once the meeting is over.
  public func turnIndex(at elapsed: Duration) -> Int {
    turns.firstIndex { Duration.seconds($0.end) > elapsed } ?? turns.count - 1
  }

  /// Lengthens turn `index` by `seconds`; every later turn starts that much later.
  public mutating func extend(turn index: Int, by seconds: Int) {
    turns[index].seconds += seconds
    turns[index].addedSeconds += seconds
    for later in turns.indices.dropFirst(index + 1) { turns[later].start += seconds }
    lengthSeconds += seconds
  }

  /// "Next: NAME", the turn after turn `index`; empty on the last turn.
  public func nextText(after index: Int) -> String {
    index + 1 < turns.count ? tr("Next: %@", Texts.shown(turns[index + 1].name)) : ""
  }

  /// Whole seconds left in turn `snapshot.turnIndex` at `snapshot` (none once it has run over).
  public func secondsLeftInTurn(at snapshot: MeetingTimer.Snapshot) -> Int {
    max(0, turns[snapshot.turnIndex].end - snapshot.secondsElapsed)
  }

  /// "Speaker 2 of 3", "Item 1 of 2" or "Last Speaker": where turn `index` stands.
  public func position(of index: Int) -> String {
    if index == turns.count - 1, !turns[index].isItem { return tr("Last Speaker") }
    return turns[index].isItem
      ? tr("Item %d of %d", index - speakerCount + 1, turns.count - speakerCount)
      : tr("Speaker %d of %d", index + 1, speakerCount)
  }
}
