import FoundationEssentials

/// A timed part of a scrum's meeting after the speakers' round ("Parking lot", 5 minutes).
public struct AgendaItem: Equatable, Hashable, Identifiable, Sendable {
  /// The minutes an item may last.
  public static let minutesRange = 1...30
  /// How many items a scrum may have.
  public static let limit = 10

  public var id: UUID
  public var title: String
  /// How long it lasts, always within `minutesRange`.
  public var minutes: Int {
    didSet { minutes = minutes.clamped(to: Self.minutesRange) }
  }

  /// Creates an item; minutes outside `minutesRange` are clamped into it.
  public init(id: UUID = UUID(), title: String, minutes: Int) {
    self.id = id
    self.title = title
    self.minutes = minutes.clamped(to: Self.minutesRange)
  }
}
