// A transcript is what people said, recorded on this computer: it stays here, beside the
// recording, never in `scrums.json`, the file a team syncs (which keeps each meeting's
// figures and notes, typed on purpose). Each one is a file of its own in the data folder's
// `transcripts/` (HISTORY-ID.json, 0600, written whole), read once at start and attached to
// its meeting in memory. Earlier versions wrote transcripts into `scrums.json`: one found
// there is moved here (nothing lost) and leaves the shared file at the next save.
import CGLib
import FoundationEssentials

/// The transcripts of this computer's recorded meetings.
@MainActor public final class TranscriptStore {
  /// The folder (`transcripts` in the data folder).
  public let folder: String

  public init(folder: String) {
    self.folder = folder
  }

  private func path(of historyID: UUID) -> String { folder + "/" + historyID.uuidString + ".json" }

  /// Keeps `segments` as the transcript of past meeting `historyID`.
  public func save(_ segments: [TranscriptSegment], of historyID: UUID) throws(StoreError) {
    guard Path.makeFolder(folder) else { throw .writeFailed(path: folder, message: tr("its folder does not exist")) }
    let data = (try? JSONEncoder().encode(segments)) ?? Data("[]".utf8)  // segments always encode
    try AtomicFile.write(data, to: path(of: historyID))
  }

  /// Deletes the transcript of past meeting `historyID`, if any.
  public func delete(of historyID: UUID) {
    g_unlink(path(of: historyID))
  }

  /// The meetings that have a transcript here (one read of the folder).
  private func stored() -> Set<UUID> {
    guard let dir = g_dir_open(folder, 0, nil) else { return [] }
    defer { g_dir_close(dir) }
    var ids = Set<UUID>()
    while let entry = g_dir_read_name(dir) {
      let name = String(cString: entry)
      if name.hasSuffix(".json"), let id = UUID(uuidString: String(name.dropLast(5))) { ids.insert(id) }
    }
    return ids
  }

  /// `scrums` with each meeting's transcript as this computer keeps it. A transcript that
  /// came in the scrums file (an earlier version's) and is not kept here yet is kept here
  /// first; what cannot be kept stays attached, and the error says why.
  public func attach(to scrums: [DailyScrum]) -> (scrums: [DailyScrum], problem: StoreError?) {
    var here = stored()
    var problem: StoreError?
    var result = scrums
    for s in result.indices {
      for h in result[s].history.indices {
        let entry = result[s].history[h]
        if here.contains(entry.id) {
          if let data = FileManager.default.contents(atPath: path(of: entry.id)),
            let segments = try? JSONDecoder().decode([TranscriptSegment].self, from: data)
          {
            result[s].history[h].transcript = segments
          }
        } else if !entry.transcript.isEmpty {
          do throws(StoreError) {
            try save(entry.transcript, of: entry.id)
            here.insert(entry.id)
          } catch {
            problem = error
          }
        }
      }
    }
    return (result, problem)
  }

  /// Deletes the transcripts of meetings not among `kept`.
  public func removeLeftovers(keeping kept: Set<UUID>) {
    for id in stored().subtracting(kept) { delete(of: id) }
  }
}
