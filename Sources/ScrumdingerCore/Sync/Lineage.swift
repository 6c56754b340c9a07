import FoundationEssentials
// A merge may delete only what it can prove the other side deleted, and proof needs to know
// which versions a file grew from: contents alone cannot tell "deleted there" from "added
// here". So each save names its version (a random revision) and the versions it grew from
// (newest first, the last 64), under the file's own key `lineage`, which earlier versions of
// the app keep as an unknown key and write back. A version written without one (an earlier
// version's file, or one made by hand) is named after its bytes, so two computers that read
// the same file call it the same. A base is an ancestor of a side when its revision is that
// side's or among its ancestors; `ScrumStore.mergeBase` picks among the versions it knows.
import Platform

/// Which version of the scrums file this is, and which versions it grew from.
public struct Lineage: Equatable, Sendable {
  /// This version's name.
  public var revision: UUID
  /// The versions it grew from, newest first (at most `limit`).
  public var ancestors: [UUID]

  /// The file's key that holds it.
  public static let key = "lineage"
  /// How many ancestors a file names: far more saves than two computers make while apart.
  public static let limit = 64

  public init(revision: UUID, ancestors: [UUID] = []) {
    self.revision = revision
    self.ancestors = Array(ancestors.prefix(Self.limit))
  }

  private struct Stored: Codable {
    var revision: UUID
    var ancestors: [UUID]
  }

  /// The lineage a file states among its `unknown` keys, or, if it states none (or one that
  /// cannot be read), a revision named after the file's `bytes` and no ancestors.
  public init(of unknown: UnknownFields, bytes: Data) {
    if let field = unknown.fields.first(where: { $0.key == Self.key }),
      let stored = try? JSONDecoder().decode(Stored.self, from: Data(field.json.utf8))
    {
      self.init(revision: stored.revision, ancestors: stored.ancestors)
    } else {
      self.init(revision: Self.revision(naming: bytes))
    }
  }

  /// A revision for a file that states none: the first 16 bytes of its SHA-256.
  static func revision(naming bytes: Data) -> UUID {
    let hex = Checksum.sha256(of: bytes)
    let digits = Array(hex.prefix(32))
    let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(digits[$0]) }
    return UUID(uuidString: groups.joined(separator: "-")) ?? UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
  }

  /// Whether `revision` is this version or one it grew from.
  public func descends(from revision: UUID) -> Bool {
    self.revision == revision || ancestors.contains(revision)
  }

  /// Where `revision` stands in this lineage: 0 for this version, 1 for its newest ancestor…;
  /// nil when it is not there.
  public func distance(to revision: UUID) -> Int? {
    if self.revision == revision { return 0 }
    return ancestors.firstIndex(of: revision).map { $0 + 1 }
  }

  /// The lineage of a new version grown from this one (and from `others`, merged into it).
  public func child(_ revision: UUID = UUID()) -> Lineage {
    Lineage(revision: revision, ancestors: [self.revision] + ancestors)
  }

  /// This lineage, grown from `other` too (its version was merged in): the other's versions
  /// join the ancestors, this one's first.
  public func including(_ other: Lineage) -> Lineage {
    guard other != self else { return self }
    var seen: Set<UUID> = [revision]
    var merged: [UUID] = []
    for id in ancestors + [other.revision] + other.ancestors where seen.insert(id).inserted { merged.append(id) }
    return Lineage(revision: revision, ancestors: merged)
  }

  /// The JSON text the file keeps under `key`.
  public var json: String {
    let text = try? JSONEncoder().encode(Stored(revision: revision, ancestors: ancestors))
    return text.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }
}
