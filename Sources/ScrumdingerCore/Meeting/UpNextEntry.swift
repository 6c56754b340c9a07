import FoundationEssentials

/// A turn still to come, as the presenter's console lists it under "Up next".
public struct UpNextEntry: Equatable, Sendable {
  /// The speaker's name or the agenda item's title.
  public var name: String
  /// Whether it is an agenda item.
  public var isItem: Bool
  /// In how many seconds it starts if the turns before it keep to their time.
  public var startsIn: Int
  /// Its length in seconds, added minutes included.
  public var seconds: Int

  public init(name: String, isItem: Bool, startsIn: Int, seconds: Int) {
    self.name = name
    self.isItem = isItem
    self.startsIn = startsIn
    self.seconds = seconds
  }

  /// The turns after the current one of `snapshot`, each with when it starts from now: the
  /// time left in the current turn (none once it has run over) and the lengths in between.
  public static func entries(of schedule: SpeakerSchedule, at snapshot: MeetingTimer.Snapshot) -> [UpNextEntry] {
    var startsIn = schedule.secondsLeftInTurn(at: snapshot)
    return schedule.turns.dropFirst(snapshot.turnIndex + 1).map { turn in
      defer { startsIn += turn.seconds }
      return UpNextEntry(name: turn.name, isItem: turn.isItem, startsIn: startsIn, seconds: turn.seconds)
    }
  }
}
