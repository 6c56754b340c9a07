import FoundationEssentials
// Whether this computer records a scrum's meetings is this computer's choice, made in its
// editor: it is kept in the data folder beside the scrums (`recording-consent.json`), never
// in `scrums.json`, the file a team syncs, so nothing that arrives in that file (a
// teammate's edit, a merge, a hostile file) can turn a microphone on. Versions before this one
// kept the switch in the shared file; the first start of this one carries it over only for
// the scrums whose meetings were recorded here (their recordings are in this data folder).
// Live captions use the microphone too, and are chosen here the same way.
import Platform

/// The scrums whose meetings this computer records or captions, read from and saved to one
/// private file.
@MainActor public final class RecordingConsent {
  /// The file (mode 0600, written whole).
  public let path: String
  private var scrumIDs: Set<UUID> = []
  private var captionedIDs: Set<UUID> = []
  /// Whether no choice was ever saved here (the file is absent): the first start of this
  /// version, when `carryOver` applies.
  public private(set) var isNew = true

  private struct File: Codable {
    var version = 1
    var recordedScrums: [UUID]
    var captionedScrums: [UUID]?
  }

  /// The consent saved at `path`. A file that cannot be read is moved aside (kept, named
  /// `….unreadable`) and nothing is recorded until asked again.
  public init(path: String) {
    self.path = path
    guard Files.exists(path) else { return }
    isNew = false
    if let data = try? Files.readRegular(path, limit: 1 << 20),
      let file = try? JSONDecoder().decode(File.self, from: data)
    {
      scrumIDs = Set(file.recordedScrums)
      captionedIDs = Set(file.captionedScrums ?? [])
    } else {
      Files.move(path, to: path + ".unreadable")
    }
  }

  /// Whether this computer records the meetings of scrum `id`.
  public func records(_ id: UUID) -> Bool { scrumIDs.contains(id) }

  /// Records the meetings of scrum `id` on this computer, or stops; saved at once (the
  /// choice holds for this run even when it cannot be saved, and the error says why).
  public func set(_ id: UUID, records: Bool) throws(StoreError) {
    guard records != self.records(id) else { return }
    if records { scrumIDs.insert(id) } else { scrumIDs.remove(id) }
    try save()
  }

  /// Whether this computer shows live captions during the meetings of scrum `id`.
  public func captions(_ id: UUID) -> Bool { captionedIDs.contains(id) }

  /// Shows live captions during the meetings of scrum `id` on this computer, or stops;
  /// saved at once, as `set(_:records:)`.
  public func set(_ id: UUID, captions: Bool) throws(StoreError) {
    guard captions != self.captions(id) else { return }
    if captions { captionedIDs.insert(id) } else { captionedIDs.remove(id) }
    try save()
  }

  /// The first start of this version: the scrums of `scrums` with a meeting among
  /// `recordedHere` (the past meetings whose recording is in this data folder) keep
  /// recording here; every other scrum starts off, whatever its file says.
  public func carryOver(from scrums: [DailyScrum], recordedHere: Set<UUID>) throws(StoreError) {
    guard isNew else { return }
    scrumIDs = Set(scrums.filter { $0.history.contains { recordedHere.contains($0.id) } }.map(\.id))
    try save()
  }

  private func save() throws(StoreError) {
    let file = File(
      recordedScrums: scrumIDs.sorted { $0.uuidString < $1.uuidString },
      captionedScrums: captionedIDs.isEmpty ? nil : captionedIDs.sorted { $0.uuidString < $1.uuidString })
    let data = (try? JSONEncoder().encode(file)) ?? Data()  // UUIDs always encode
    try AtomicFile.write(data, to: path)
    isNew = false
  }
}
