// The ring's geometry as a pure function of the schedule and the timer's numbers, so the
// drawing code only strokes what it is given and the angles are tested without Cairo.

/// One arc of the speaker ring, in degrees clockwise from 12 o'clock.
public struct SpeakerArc: Equatable, Sendable {
  public let startDegrees: Double
  public let endDegrees: Double
  /// Whether the arc is an agenda item's rather than a speaker's.
  public var isItem = false
}

/// Computes the arcs of the speaker ring.
public enum SpeakerArcs {
  /// Gap left at each end of every arc, so neighbouring turns read as separate.
  public static let insetDegrees = 1.0

  /// The whole span of turn `turn` (inset like the others).
  public static func turnSpan(schedule: SpeakerSchedule, turn: Int) -> SpeakerArc? {
    guard schedule.lengthSeconds > 0, schedule.turns.indices.contains(turn) else { return nil }
    let degreesPerSecond = 360.0 / Double(schedule.lengthSeconds)
    let span = schedule.turns[turn]
    return SpeakerArc(
      startDegrees: Double(span.start) * degreesPerSecond + insetDegrees,
      endDegrees: Double(span.end) * degreesPerSecond - insetDegrees)
  }

  /// Turn `turn`'s overrun of `seconds`, from the end of its span on (at most a full
  /// circle); nil without an overrun.
  public static func overrun(schedule: SpeakerSchedule, turn: Int, seconds: Int) -> SpeakerArc? {
    guard seconds > 0, schedule.lengthSeconds > 0, schedule.turns.indices.contains(turn) else { return nil }
    let degreesPerSecond = 360.0 / Double(schedule.lengthSeconds)
    let start = Double(schedule.turns[turn].end) * degreesPerSecond
    return SpeakerArc(startDegrees: start, endDegrees: start + min(359, Double(seconds) * degreesPerSecond))
  }

  /// One arc per completed turn, each spanning its share of the meeting (inset at both
  /// ends), then the current turn's arc filled as far as the speaker has got.
  public static func arcs(schedule: SpeakerSchedule, snapshot: MeetingTimer.Snapshot) -> [SpeakerArc] {
    guard schedule.lengthSeconds > 0 else { return [] }
    let degreesPerSecond = 360.0 / Double(schedule.lengthSeconds)
    var arcs: [SpeakerArc] = []
    let finished = snapshot.phase == .finished
    for (index, turn) in schedule.turns.enumerated() where turn.seconds > 0 {
      let start = Double(turn.start) * degreesPerSecond + insetDegrees
      let end = Double(turn.end) * degreesPerSecond - insetDegrees
      if index < snapshot.turnIndex || finished {
        arcs.append(SpeakerArc(startDegrees: start, endDegrees: end, isItem: turn.isItem))
      } else if index == snapshot.turnIndex {
        let filled = start + (end - start) * snapshot.turnFraction
        if filled > start { arcs.append(SpeakerArc(startDegrees: start, endDegrees: filled, isItem: turn.isItem)) }
      }
    }
    return arcs
  }
}
