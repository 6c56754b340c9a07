import Foundation

/// One finished meeting of a scrum.
public struct History: Codable, Equatable, Hashable, Identifiable, Sendable {
  public var id: UUID
  /// When the meeting ended, to the whole second (so it survives the JSON round trip exactly).
  public var date: Date
  /// Who was in the meeting.
  public var attendees: [Attendee]
  /// How long the meeting really ran, in whole seconds, pauses excluded.
  public var durationSeconds: Int

  /// Creates a history entry; `date` is truncated to the whole second.
  public init(id: UUID = UUID(), date: Date = Date(), attendees: [Attendee], durationSeconds: Int) {
    self.id = id
    self.date = Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down))
    self.attendees = attendees
    self.durationSeconds = max(0, durationSeconds)
  }
}
