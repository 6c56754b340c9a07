// Work that must not hold up the main loop (reading or durably writing a file, hashing a
// download) runs on GLib's shared worker threads, and its result comes back through the
// main loop. Not on Dispatch's: once a Dispatch queue has run work on a thread, libdispatch
// keeps a monitor of its threads that wakes every second for the rest of the process's life
// (a meeting, and the app idling in the background for reminders, would pay it), and starts a
// new thread for work that comes more than 5 s after the last. GLib's idle worker waits 15 s
// for the next job (a meeting's journal comes every 10 s) and nothing wakes meanwhile.
import CGLib
import Glibc

/// A job handed to a pool, a thread or the main loop, boxed (released once run), and the
/// function that runs it there.
private enum Job {
  typealias Work = @Sendable () -> Void

  static let run: GFunc = { job, _ in start(job) }

  /// `work` in a form a pool, a thread or the main loop takes.
  static func pointer(_ work: @escaping Work) -> UnsafeMutableRawPointer {
    let job = ClosureBox.retained(work)
    Handoff.pass()
    return job
  }

  /// Runs the job `job` on the thread that got it.
  static func start(_ job: UnsafeMutableRawPointer?) {
    Handoff.pass()
    ClosureBox<Work>.take(job!).live?()
  }
}

/// GLib's queues hand work and results between threads through futexes, which
/// ThreadSanitizer (`make sanitize`) cannot see, so it would take what was written before a
/// hand-off and read after it for a race. Passing through this lock as well, once on each side,
/// shows it the order GLib already keeps (an uncontended lock: nothing waits).
private enum Handoff {
  private nonisolated(unsafe) static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
    let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(lock, nil)
    return lock
  }()

  /// Passes through the lock: on the handing side after writing what the other reads, on the
  /// taking side before reading it.
  static func pass() {
    pthread_mutex_lock(lock)
    pthread_mutex_unlock(lock)
  }
}

/// Runs closures one after another, in the order given, on a worker thread.
public final class SerialWorker: Sendable {
  private nonisolated(unsafe) let pool: UnsafeMutablePointer<GThreadPool>

  public init() {
    // At most one thread at a time takes this pool's jobs: they run in order.
    pool = g_thread_pool_new(Job.run, nil, 1, 0, nil)
  }

  /// Waits for the jobs given so far, then lets the pool go.
  deinit {
    g_thread_pool_free(pool, 0, 1)
  }

  /// Runs `work` after what was given before.
  public func run(_ work: @escaping @Sendable () -> Void) {
    g_thread_pool_push(pool, Job.pointer(work), nil)
  }

  /// Runs `work` after what was given before and waits for its result.
  public func wait<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T {
    let reply = Reply<T>()
    run {
      reply.value = work()
      Handoff.pass()
      g_async_queue_push(reply.done, UnsafeMutableRawPointer(bitPattern: 1))
    }
    _ = g_async_queue_pop(reply.done)
    Handoff.pass()
    return reply.value!
  }

  /// A result, and the queue its job says it is done through.
  private final class Reply<T>: @unchecked Sendable {
    var value: T?
    let done = g_async_queue_new()!
    deinit { g_async_queue_unref(done) }
  }
}

/// Work run on a worker thread, its result handed back on the main loop.
public enum WorkerThreads {
  /// GLib's shared pool, up to four jobs at a time.
  private nonisolated(unsafe) static let pool = g_thread_pool_new(Job.run, nil, 4, 0, nil)!

  /// Runs `work` on a worker thread, then `done` with its result on the main loop.
  public static func run<T: Sendable>(_ work: @escaping @Sendable () -> T, then done: @escaping @MainActor (T) -> Void)
  {
    let done = MainActorCall(done)
    g_thread_pool_push(pool, Job.pointer { onMainLoop(done.with(work())) }, nil)
  }

  /// Runs `work` on the main loop, as an event among the others (from any thread).
  public static func onMainLoop(_ work: @escaping @MainActor () -> Void) {
    let work = MainActorCall<Void> { _ in work() }
    g_idle_add_full(
      G_PRIORITY_DEFAULT,
      { job in
        Job.start(job)
        return 0
      }, Job.pointer { MainActor.assumeIsolated { work.call(()) } }, nil)
  }

  /// A main-loop continuation carried through a worker (it is only called on the main thread).
  private struct MainActorCall<T>: @unchecked Sendable {
    let call: @MainActor (T) -> Void
    init(_ call: @escaping @MainActor (T) -> Void) { self.call = call }

    /// The call with `value`, as work for the main loop.
    func with(_ value: T) -> @MainActor () -> Void {
      let call = call
      let value = UncheckedValue(value)
      return { call(value.value) }
    }
  }

  private struct UncheckedValue<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
  }
}
