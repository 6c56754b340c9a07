import FoundationEssentials
// A merge may delete only what it can prove the other side deleted, and proof needs to know
// which versions a file grew from: contents alone cannot tell "deleted there" from "added
// here". So each save names its version (a random revision) and counts, per computer, the
// saves it holds: a version vector, as Syncthing keeps one per file. A version grew from
// another when it holds every save the other holds; that never ages, however many saves a
// file has seen, and the count grows with the computers that wrote it, not with its saves.
// (The list of the 64 newest ancestors that earlier versions of the app proved with is still
// written, for them: they keep the vector as an unknown key and write it back.) A vector
// whose revision is not the file's was written back by an earlier version on top of ours: it
// counts that save as one of a computer of its own, named after the revision. A version
// written without either (an earlier version's file, or one made by hand) is named after its
// bytes, so two computers that read the same file call it the same.
import Platform

/// Which version of the scrums file this is, and which versions it grew from.
public struct Lineage: Equatable, Sendable {
  /// This version's name.
  public var revision: UUID
  /// The versions it grew from, newest first (at most `limit`): the proof earlier versions of
  /// the app read.
  public var ancestors: [UUID]
  /// How many saves of each computer this version holds (never empty).
  public var saves: [String: Int]
  /// Which save last changed each part of this version (`Stamps`), as the file states them;
  /// nil where it states none. `stale` when an earlier version of the app wrote the file over
  /// a version that stated them: its own changes are not among them.
  public var dots: [UUID: Dot]?
  public var dotsAreStale = false

  /// The file's key that holds the ancestors, for earlier versions of the app.
  public static let key = "lineage"
  /// The file's key that holds the saves per computer.
  public static let vectorKey = "versionVector"
  /// How many ancestors a file names for earlier versions of the app.
  public static let limit = 64
  /// The counts of saves a file may state: a save a second for 30,000 years fits.
  static let saveRange = 1...(1 << 40)

  /// A version named `revision`, grown from `ancestors`, holding `saves` (none: only itself,
  /// as a computer of its own).
  public init(revision: UUID, ancestors: [UUID] = [], saves: [String: Int] = [:]) {
    self.revision = revision
    self.ancestors = Array(ancestors.prefix(Self.limit))
    self.saves = saves.isEmpty ? [Self.computer(named: revision): 1] : saves
  }

  private struct Stored: Codable {
    var revision: UUID
    var ancestors: [UUID]
  }

  /// The lineage a file states among its `unknown` keys, or, if it states none (or one that
  /// cannot be read), a revision named after the file's `bytes` and no ancestors.
  public init(of unknown: UnknownFields, bytes: Data) {
    func field<T: Decodable>(_ key: String, as type: T.Type) -> T? {
      unknown.fields.first { $0.key == key }.flatMap { try? JSONDecoder().decode(T.self, from: Data($0.json.utf8)) }
    }
    guard let stored = field(Self.key, as: Stored.self) else {
      self.init(revision: Self.revision(naming: bytes))
      return
    }
    var saves: [String: Int] = [:]
    let vector = unknown.fields.first { $0.key == Self.vectorKey }.flatMap { VersionVectorText.read($0.json) }
    if let vector {
      // Counts are data: one that is not a count of saves (none, or more than a computer
      // could make) says nothing.
      saves = vector.saves.filter { Self.saveRange.contains($0.value) }
      // Written back by an earlier version over the version the vector names: one save more.
      if vector.revision != stored.revision { saves[Self.computer(named: stored.revision)] = 1 }
    }
    self.init(revision: stored.revision, ancestors: stored.ancestors, saves: saves)
    if let vector, let stated = vector.dots {
      dots = stated
      dotsAreStale = vector.revision != stored.revision
    }
  }

  /// A revision for a file that states none: the first 16 bytes of its SHA-256.
  static func revision(naming bytes: Data) -> UUID {
    let hex = Checksum.sha256(of: bytes)
    let digits = Array(hex.prefix(32))
    let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(digits[$0]) }
    return UUID(uuidString: groups.joined(separator: "-")) ?? UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
  }

  /// The computer a save of an earlier version (or a file without a lineage) counts as.
  static func computer(named revision: UUID) -> String { "r:" + revision.uuidString.lowercased() }

  /// Whether this version is `other` or grew from it: it holds every save `other` holds (or,
  /// for what earlier versions wrote, names it among its ancestors).
  public func descends(from other: Lineage) -> Bool {
    if revision == other.revision || ancestors.contains(other.revision) { return true }
    return saves != other.saves && other.saves.allSatisfy { (saves[$0.key] ?? 0) >= $0.value }
  }

  /// How many saves this version holds, of every computer: of two versions one grew from,
  /// the later holds more.
  public var saveCount: Int { saves.values.reduce(0) { $0 &+ $1 } }

  /// How many saves of `computer` this version holds.
  public func saves(of computer: String) -> Int { saves[computer] ?? 0 }

  /// The lineage of a new version grown from this one, saved by `computer` as its `save`-th.
  public func child(by computer: String, save: Int, _ revision: UUID = UUID()) -> Lineage {
    var grown = saves
    grown[computer] = save
    return Lineage(revision: revision, ancestors: [self.revision] + ancestors, saves: grown)
  }

  /// This lineage, grown from `other` too (its version was merged in): every save of either,
  /// and the other's versions join the ancestors, this one's first.
  public func including(_ other: Lineage) -> Lineage {
    guard other != self else { return self }
    var seen: Set<UUID> = [revision]
    var merged: [UUID] = []
    for id in ancestors + [other.revision] + other.ancestors where seen.insert(id).inserted { merged.append(id) }
    return Lineage(revision: revision, ancestors: merged, saves: saves.merging(other.saves, uniquingKeysWith: max))
  }

  /// A file's keys stating this lineage.
  public var unknownFields: UnknownFields {
    var unknown = UnknownFields()
    for field in fields { unknown.set(field.key, json: field.json) }
    return unknown
  }

  /// The keys the file keeps, with their JSON text.
  public var fields: [(key: String, json: String)] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    func text(_ value: some Encodable) -> String {
      (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
    return [
      (Self.key, text(Stored(revision: revision, ancestors: ancestors))),
      (Self.vectorKey, VersionVectorText.json(revision: revision, saves: saves, dots: dots)),
    ]
  }
}
