import FoundationEssentials
// An attendee renamed, or a note reworded, on two computers before they synced: neither
// edit is dropped. Both versions stay, side by side, and every computer that merges the pair
// must end with the same two items, or the computers would save their own choice over each
// other's for ever. So nothing here depends on which side is "ours": the version that sorts
// first (by its bytes as the file writes them) keeps the item's id, the other takes an id
// derived from the pair (a SHA-256 of the id and those bytes), the same on every computer.
// The bytes are our own writer's (KeyTables), never Foundation's encoder, whose escapes may
// differ from one build to the next: two app versions must derive the same id. The derived id is a
// version-8 UUID, which the app never makes otherwise, so the copy is marked in the file
// itself without a word in any language: a page shows it as "edited on two computers".
import Platform

/// An item of a list the merge matches by id that can be kept twice.
protocol BothVersionsItem: Identifiable, Equatable, FileObject where ID == UUID {
  var id: UUID { get set }
}

extension Attendee: BothVersionsItem {}
extension MeetingNote: BothVersionsItem {}

enum BothVersions {
  /// The two versions `one` and `other` of one item, in the order every computer puts them,
  /// the second with its derived id; nil when they cannot be told apart by their contents
  /// (then one is kept, as before).
  static func kept<Item: BothVersionsItem>(_ one: Item, _ other: Item) -> (Item, Item)? {
    let mine = bytes(of: one)
    let theirs = bytes(of: other)
    guard mine != theirs else { return nil }
    let oneFirst = mine.lexicographicallyPrecedes(theirs)
    var second = oneFirst ? other : one
    second.id = derivedID(of: one.id, contents: oneFirst ? theirs : mine)
    return (oneFirst ? one : other, second)
  }

  /// `item` as the file writes it.
  private static func bytes<Item: BothVersionsItem>(of item: Item) -> Data {
    var output = JSONOutput(capacity: 256)
    item.write(to: &output)
    return output.finish()
  }

  /// A UUID of `version` (8 unless said: the second version of a pair) from the SHA-256 of
  /// `id` and `contents`.
  static func derivedID(of id: UUID, contents: Data, version: Character = "8") -> UUID {
    var bytes = Data(id.uuidString.utf8)
    bytes.append(0)
    bytes.append(contents)
    var hex = Array(Checksum.sha256(of: bytes).prefix(32))
    hex[12] = version
    hex[16] = "a"  // the RFC 4122 variant
    let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }
    return UUID(uuidString: parts.joined(separator: "-")) ?? id
  }
}

extension UUID {
  /// Whether this is the id of the second version of an attendee or note edited on two
  /// computers at once (see `BothVersions`).
  public var isSecondVersion: Bool {
    uuidString[uuidString.index(uuidString.startIndex, offsetBy: 14)] == "8"
  }
}
