// The journal of the meeting under way, in a file beside scrums.json. Writes go to a serial
// worker (a durable write can take a disk's flush time, which the meeting page must not
// wait for; GLib's worker, whose idle thread waits for the next write, see SerialWorker),
// each replacing the file whole (GLib writes a temporary file and
// renames it). When a meeting ends saved, the journal goes only once the history holding
// it is on disk; if that save fails, the journal stays and the next start offers it.
import FoundationEssentials
import Platform

/// `meeting-journal.json` in the data folder.
@MainActor public final class JournalFile: JournalStorage {
  public let path: String
  /// Writes what is pending of the scrums now; true once they are on disk.
  public var flushSaves: @MainActor () -> Bool = { true }
  private let worker = SerialWorker()

  public init(folder: String) {
    path = folder + "/meeting-journal.json"
  }

  public func write(_ data: Data) {
    let path = path
    worker.run {
      do throws(StoreError) {
        Files.makeFolder(Files.folder(of: path))
        try AtomicFile.write(data, to: path)
      } catch {
        warn("the meeting journal could not be written: \(error)")
      }
    }
  }

  public func meetingEnded(saved: Bool) {
    if saved, !flushSaves() { return }  // kept: the next start offers the meeting again
    remove()
  }

  /// Removes the journal, after any write still queued.
  public func remove() {
    let path = path
    worker.run { Files.remove(path) }
  }

  /// Moves an unreadable journal to `<name>.unreadable-<UTC timestamp>`, kept for whoever
  /// wants to look; returns where, or nil if it could not be moved.
  public func moveAside(now: Date) -> String? {
    let aside = Path.unreadableAside(path, now: now)
    return (try? Files.rename(path, to: aside)) != nil ? aside : nil
  }

  /// What the file holds: nothing, a journal, or why it cannot be read.
  public nonisolated static func read(_ path: String) -> Result<MeetingJournal, UnreadableReason>? {
    guard Files.exists(path) else { return nil }
    guard let data = try? Files.readRegular(path, limit: ScrumFile.maximumSize) else { return .failure(.notJSON) }
    do throws(UnreadableReason) {
      return .success(try MeetingJournal.decode(data))
    } catch {
      return .failure(error)
    }
  }
}
