import FoundationEssentials

/// One person who speaks in a scrum, in speaking order.
public struct Attendee: Codable, Equatable, Hashable, Identifiable, Sendable {
  private enum CodingKeys: String, CodingKey, CaseIterable { case id, name }

  public var id: UUID
  public var name: String
  /// Keys a newer version wrote that this one does not know, kept for its saves.
  public var unknown = UnknownFields()

  /// Creates an attendee; the name is kept as given (the editor trims it).
  public init(id: UUID = UUID(), name: String) {
    self.id = id
    self.name = name
  }

  /// Reads an attendee, keeping the keys this version does not know.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(UUID.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    unknown = try UnknownFields.reading(decoder, known: Set(CodingKeys.allCases.map(\.rawValue)))
  }
}
