import FoundationEssentials
// A transcript is what people said, recorded on this computer: it stays here, beside the
// recording, never in `scrums.json`, the file a team syncs (which keeps each meeting's
// figures and notes, typed on purpose). Each one is a file of its own in the data folder's
// `transcripts/` (HISTORY-ID.json, 0600, written whole), read once at start and attached to
// its meeting in memory. Earlier versions wrote transcripts into `scrums.json`: those of this
// computer's own file are moved here once, at the first start of this version, and then
// never again: a transcript arriving later in the shared file is a teammate's words planted
// as ours, and is never taken. What the app removes on its own goes to the Trash.
import Platform

/// The transcripts of this computer's recorded meetings.
@MainActor public final class TranscriptStore {
  /// The folder (`transcripts` in the data folder).
  public let folder: String

  public init(folder: String) {
    self.folder = folder
  }

  nonisolated private func path(of historyID: UUID) -> String { folder + "/" + historyID.uuidString + ".json" }

  /// Keeps `segments` as the transcript of past meeting `historyID`.
  public func save(_ segments: [TranscriptSegment], of historyID: UUID) throws(StoreError) {
    guard Files.makeFolder(folder) else { throw .writeFailed(path: folder, message: tr("its folder does not exist")) }
    let data = (try? JSONEncoder().encode(segments)) ?? Data("[]".utf8)  // segments always encode
    try AtomicFile.write(data, to: path(of: historyID))
  }

  /// Deletes the transcript of past meeting `historyID`, if any.
  public func delete(of historyID: UUID) {
    Files.remove(path(of: historyID))
  }

  /// The meetings that have a transcript here (one read of the folder).
  nonisolated private func stored() -> Set<UUID> {
    var ids = Set<UUID>()
    for name in Files.names(in: folder) {
      if name.hasSuffix(".json"), let id = UUID(uuidString: String(name.dropLast(5))) { ids.insert(id) }
    }
    return ids
  }

  /// Where the one-time move of transcripts out of the scrums file is marked done: beside
  /// the folder, which a computer that never recorded does not have.
  private var migratedMark: String { folder + "-moved-out-of-scrums-file" }

  /// At the first start of a version that keeps transcripts here: keeps those that this
  /// computer's own `scrums` (its file as the earlier version left it) hold, then marks the
  /// move done; from then on, a transcript in the file is never read. Says why one could not
  /// be kept (then the move is tried again at the next start).
  public func moveOutOfFileOnce(_ scrums: [DailyScrum]) -> StoreError? {
    guard !Files.exists(migratedMark) else { return nil }
    let here = stored()
    for scrum in scrums {
      for entry in scrum.history where !entry.transcript.isEmpty && !here.contains(entry.id) {
        do throws(StoreError) {
          try save(entry.transcript, of: entry.id)
        } catch {
          return error
        }
      }
    }
    do throws(StoreError) {
      guard Files.makeFolder(Files.folder(of: folder)) else {
        throw .writeFailed(path: migratedMark, message: tr("its folder does not exist"))
      }
      try AtomicFile.write(Data(), to: migratedMark)
    } catch {
      return error
    }
    return nil
  }

  /// `scrums` with each meeting's transcript as this computer keeps it, and no other (read
  /// from the folder: on any thread, as a merge off the main loop needs them).
  nonisolated public func attach(to scrums: [DailyScrum]) -> [DailyScrum] {
    let here = stored()
    var result = scrums
    for s in result.indices {
      for h in result[s].history.indices {
        let id = result[s].history[h].id
        result[s].history[h].transcript = []
        guard here.contains(id), let data = try? Files.readRegular(path(of: id), limit: ScrumFile.maximumSize),
          let segments = try? JSONDecoder().decode([TranscriptSegment].self, from: data)
        else { continue }
        result[s].history[h].transcript = segments
      }
    }
    return result
  }

  /// Moves the transcripts of meetings not among `kept` to the Trash.
  public func removeLeftovers(keeping kept: Set<UUID>) {
    for id in stored().subtracting(kept) { Path.trash(path(of: id)) }
  }
}
