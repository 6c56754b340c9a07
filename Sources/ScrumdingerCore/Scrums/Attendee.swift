import FoundationEssentials

/// One person who speaks in a scrum, in speaking order.
public struct Attendee: Equatable, Hashable, Identifiable, Sendable {
  public var id: UUID
  public var name: String
  /// Keys a newer version wrote that this one does not know, kept for its saves.
  public var unknown = UnknownFields()

  /// Creates an attendee; the name is kept as given (the editor trims it).
  public init(id: UUID = UUID(), name: String) {
    self.id = id
    self.name = name
  }

}
