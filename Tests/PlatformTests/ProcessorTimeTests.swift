import Glibc
import Testing

@testable import Platform

/// The kernel's counts of processor time, as the rule for the rest of a meeting's threads reads
/// them: a process's work shows in its own count and in the machine's, whatever its name, and
/// a process that has ended has none. Waits end on the kernel's counts, with limits only a
/// hang reaches.
@MainActor @Suite struct ProcessorTimeTests {
  @Test func aBusyProcesssWorkIsCountedAsItsOwnAndTheMachines() throws {
    let before = try #require(ProcessorTime.now(process: getpid()))
    var now = before
    var spun = 0
    while now.process - before.process < 20 {  // a fifth of a second of this process's work
      for _ in 0..<100_000 { spun &+= 1 }
      now = try #require(ProcessorTime.now(process: getpid()))
    }
    #expect(spun > 0)
    // The kernel samples the machine's count at each tick and a process's more finely: a tick
    // or two apart at most.
    #expect(now.busy - before.busy >= now.process - before.process - 2, "\(before) → \(now)")
    #expect(now.total - before.total >= now.busy - before.busy)
  }

  @Test func aProgramWhoseNameHasBracketsAndSpacesIsReadByItsOwnFields() {
    let machine = "cpu  4705 150 1120 16250 520 0 45 10 0 0\ncpu0 2350 75 560 8125 260 0 22 5 0 0\n"
    // A program named "a) 1 2 3 4 (b" (the kernel keeps 15 bytes of a name): its own counts
    // are 41 and 7 (utime and stime, proc(5)'s fields 14 and 15).
    let process = "4242 (a) 1 2 3 4 (b) S 1 4242 4242 0 -1 4194304 120 0 0 0 41 7 0 0 20 0 3 0 900 0 0\n"
    #expect(
      ProcessorTime(machine: machine, process: process)
        == ProcessorTime(busy: 4705 + 150 + 1120 + 0 + 45 + 10, total: 6030 + 16250 + 520, process: 48))
    #expect(ProcessorTime(machine: "intr 1 2 3\n", process: process) == nil, "not the machine's line")
    #expect(ProcessorTime(machine: machine, process: "4242 (x) S 1 2") == nil, "cut short")
  }

  @Test func aProgramThatHasEndedHasNoCounts() throws {
    var ending: ChildProcess.Ending?
    let sleeper = try ChildProcess(["/bin/sleep", "600"], onLine: { _ in }, onEnd: { ending = $0 })
    let pid = try #require(sleeper.identifier)
    let reading = try #require(ProcessorTime.now(process: pid))
    #expect(reading.busy > 0 && reading.total > reading.busy)
    sleeper.terminate()
    #expect(MainLoop.run(until: { ending != nil }, timeout: .seconds(600)))
    #expect(sleeper.identifier == nil, "an ended process has no id")
    #expect(ProcessorTime.now(process: pid) == nil, "nor any count")
  }
}
