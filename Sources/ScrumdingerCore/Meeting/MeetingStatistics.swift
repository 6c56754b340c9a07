// What a scrum's recent meetings say: how long they ran against the plan, how many ended on
// time, and how long each attendee speaks on average. Pure arithmetic over the history, so
// the detail page only displays it and the numbers are tested without a display.
import FoundationEssentials

/// Figures over a scrum's most recent meetings.
public struct MeetingStatistics: Equatable, Sendable {
  /// How many of the latest meetings are counted.
  public static let window = 30

  /// The meetings counted, oldest first: their lengths in seconds.
  public let lengths: [Int]
  /// The planned length in seconds (the scrum's round and agenda now).
  public let plannedSeconds: Int
  /// One speaker's average.
  public struct Average: Equatable, Sendable {
    public let name: String
    /// Whole seconds per meeting they spoke in.
    public let seconds: Int
  }

  /// Each speaker's average, in order of first appearance (from the meetings that recorded
  /// who spoke how long).
  public let averageSpeaking: [Average]

  /// The figures of `scrum`'s last `window` meetings.
  public init(_ scrum: DailyScrum) {
    let recent = scrum.history.suffix(Self.window)
    lengths = recent.map(\.durationSeconds)
    plannedSeconds = scrum.plannedMinutes * 60  // the round and the agenda after it
    var order: [String] = []
    var totals: [String: (seconds: Int, meetings: Int)] = [:]
    for entry in recent {
      for speaker in entry.speakers {
        if totals[speaker.name] == nil { order.append(speaker.name) }
        let total = totals[speaker.name] ?? (0, 0)
        totals[speaker.name] = (total.seconds + speaker.seconds, total.meetings + 1)
      }
    }
    averageSpeaking = order.map { name in
      let total = totals[name]!
      return Average(name: name, seconds: Int((Double(total.seconds) / Double(total.meetings)).rounded()))
    }
  }

  /// The average meeting length in whole seconds (0 without meetings).
  public var averageSeconds: Int {
    lengths.isEmpty ? 0 : Int((Double(lengths.reduce(0, +)) / Double(lengths.count)).rounded())
  }

  /// How many meetings ended within the planned length.
  public var onTimeCount: Int { lengths.filter { $0 <= plannedSeconds }.count }
}
