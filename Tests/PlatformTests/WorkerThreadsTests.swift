import Glibc
import Testing

@testable import Platform

/// Work off the main loop: a worker's result comes back on the main thread, and a serial
/// worker runs its jobs one at a time in the order given.
@MainActor @Suite struct WorkerThreadsTests {
  @Test func workRunsOffTheMainThreadAndItsResultComesBackOnIt() {
    let main = pthread_self()
    var result: (value: Int, workedOnMain: Bool)?
    var doneOnMain = false
    WorkerThreads.run({ (value: (1...1_000).reduce(0, +), workedOnMain: pthread_equal(pthread_self(), main) != 0) }) {
      result = $0
      doneOnMain = pthread_equal(pthread_self(), main) != 0
    }
    #expect(result == nil, "the result waits for the main loop")
    #expect(MainLoop.run(until: { result != nil }, timeout: .seconds(600)))
    #expect(result?.value == 500_500)
    #expect(result?.workedOnMain == false)
    #expect(doneOnMain)
  }

  @Test func aSerialWorkerRunsItsJobsInOrderOneAtATime() {
    let worker = SerialWorker()
    let log = Locked<(order: [Int], running: Int, most: Int)>(([], 0, 0))
    for job in 0..<200 {
      worker.run {
        log.withLock {
          $0.running += 1
          $0.most = max($0.most, $0.running)
        }
        usleep(job % 10 == 0 ? 1_000 : 0)  // some jobs slower: a second thread would overtake them
        log.withLock {
          $0.order.append(job)
          $0.running -= 1
        }
      }
    }
    let seen = worker.wait { log.withLock { $0.order.count } }
    #expect(seen == 200, "wait comes after everything given before it")
    #expect(log.withLock { $0.order } == Array(0..<200))
    #expect(log.withLock { $0.most } == 1)
  }
}
