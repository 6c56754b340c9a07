// One instance writes at a time: the data folder is locked (an advisory lock the kernel drops
// when the process ends, so a crash never leaves it stale), and an instance that cannot take
// the lock only reads. Taking it is also the moment to clear what our killed saves left: no
// other instance is writing then.
import Platform

/// The data folder's write lock, held for the lock object's lifetime.
final class DataFolderLock: Sendable {
  /// The lock file.
  let path: String
  private let state = Locked<(lock: FileLock?, readOnly: Bool)>((nil, false))

  init(path: String) {
    self.path = path
  }

  /// Whether another instance holds the lock, so this one never writes.
  var isReadOnly: Bool { state.withLock { $0.readOnly } }

  /// Takes the lock (its folder made if missing); false, and read-only from now on, when
  /// another instance holds it. `taken` runs once, when the lock becomes ours. A folder that
  /// cannot be locked in is not read-only: its save will say why it fails.
  func claim(then taken: () -> Void) -> Bool {
    if state.withLock({ $0.lock != nil }) { return true }
    _ = Files.makeFolder(Files.folder(of: path))
    switch FileLock.take(path) {
    case .taken(let lock):
      state.withLock { $0.lock = lock }
      taken()
      return true
    case .heldElsewhere:
      state.withLock { $0.readOnly = true }
      return false
    case .unavailable:
      return true
    }
  }
}
