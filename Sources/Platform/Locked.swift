// A value shared between threads, reached under a POSIX mutex. Not Synchronization's `Mutex`:
// on Linux it locks with futexes in code ThreadSanitizer does not instrument, so `make
// sanitize` sees no order between two threads that took it in turn and reports the values it
// guards as raced (checked: two threads counting to 100,000 each under it, the count right
// and a race reported). ThreadSanitizer intercepts pthread mutexes, and an uncontended one
// costs what a futex does. The value lives in memory of its own: an empty one (a lock that
// guards other fields) would otherwise share its address with the mutex's pointer, and
// ThreadSanitizer takes the pointer read before locking for a race with the value's access.
import Glibc

/// A value reached only under a lock.
public final class Locked<Value>: @unchecked Sendable {
  private let value = UnsafeMutablePointer<Value>.allocate(capacity: 1)
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  /// Guards `value`.
  public init(_ value: Value) {
    self.value.initialize(to: value)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    value.deinitialize(count: 1)
    value.deallocate()
  }

  /// Runs `body` on the value with the lock held, and gives its result.
  public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value.pointee)
  }
}
