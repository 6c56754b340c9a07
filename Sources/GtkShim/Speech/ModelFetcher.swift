import CSoup
import Platform

/// Downloads over HTTP(S) with libsoup 3 (opened on first use) on a worker thread: the main
/// loop hears progress and the end.
@MainActor public final class ModelFetcher {
  /// A download under way; `cancel()` stops it (its `done` then hears "cancelled").
  public final class Transfer: @unchecked Sendable {
    fileprivate let cancellable = g_cancellable_new()!
    fileprivate let progress: @Sendable (Int, Int?) -> Void

    fileprivate init(progress: @escaping @Sendable (Int, Int?) -> Void) { self.progress = progress }
    deinit { g_object_unref(UnsafeMutableRawPointer(cancellable)) }

    /// Stops the transfer at its next read.
    public func cancel() { g_cancellable_cancel(cancellable) }
  }

  public init() {}

  /// Appends what `url` holds from byte `offset` on to the file at `path`. `progress` hears
  /// the bytes the file holds and the whole size when known; `done` nil, or why it stopped.
  public func fetch(
    _ url: String, from offset: Int, appendingTo path: String, progress: @escaping @MainActor (Int, Int?) -> Void,
    done: @escaping @MainActor (String?) -> Void
  ) -> Transfer {
    let transfer = Transfer { received, total in
      WorkerThreads.onMainLoop { progress(received, total) }
    }
    WorkerThreads.run(
      {
        let user = ClosureBox.retained(transfer)
        let problem = shim_fetch(
          url, gint64(offset), path, transfer.cancellable,
          { received, total, user in
            ClosureBox<Transfer>.peek(user!).live?.progress(Int(received), total >= 0 ? Int(total) : nil)
          }, user)
        _ = ClosureBox<Transfer>.take(user)
        let reason = problem.map { String(cString: $0) }
        g_free(problem)
        return reason
      }, then: done)
    return transfer
  }
}
