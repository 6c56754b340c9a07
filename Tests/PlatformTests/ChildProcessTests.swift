import Glibc
import Testing

@testable import Platform

/// A program in a process of its own, as the speech helper runs: its lines in order on the
/// main loop, then how it ended; what it is given reaches it; a stop is said as a stop; a
/// program that cannot start says why. Each waits for the process with a limit only a hang
/// reaches.
@MainActor @Suite struct ChildProcessTests {
  /// Runs `arguments` (given `input` on its standard input, then its end) to its end: the
  /// lines it wrote and how it ended.
  func run(_ arguments: [String], input: String? = nil) throws -> (lines: [String], ending: ChildProcess.Ending?) {
    var lines: [String] = []
    var ending: ChildProcess.Ending?
    let process = try ChildProcess(
      arguments, input: input != nil, onLine: { lines.append($0) }, onEnd: { ending = $0 })
    if let input {
      #expect(process.send(input))
      process.closeInput()
    }
    _ = MainLoop.run(until: { ending != nil }, timeout: .seconds(600))
    withExtendedLifetime(process) {}
    return (lines, ending)
  }

  @Test func itsLinesComeInOrderThenHowItEnded() throws {
    let (lines, ending) = try run(["/bin/sh", "-c", "printf 'one\\ntwo\\n'; echo noise >&2; printf three; exit 3"])
    #expect(lines == ["one", "two", "three"], "standard error is let go; a last line without its newline is read")
    #expect(ending == .exited(3))
  }

  @Test func whatItIsGivenReachesItInAnyScript() throws {
    let (lines, ending) = try run(["/bin/cat"], input: "turn 1500\n你好，世界\nمرحبا\n")
    #expect(lines == ["turn 1500", "你好，世界", "مرحبا"])
    #expect(ending == .exited(0))
  }

  @Test func aProcessAskedToStopSaysItWasStopped() throws {
    var ending: ChildProcess.Ending?
    let process = try ChildProcess(["/bin/sleep", "600"], onLine: { _ in }, onEnd: { ending = $0 })
    process.terminate()
    #expect(MainLoop.run(until: { ending != nil }, timeout: .seconds(600)))
    #expect(ending == .killed(signal: SIGTERM))
    #expect(!process.send("more\n"), "nothing is written to a process that has ended")
  }

  @Test func aProgramThatIsNotThereSaysWhy() {
    do {
      _ = try ChildProcess(["/nonexistent/scrumdinger-transcribe"], onLine: { _ in }, onEnd: { _ in })
      Issue.record("a missing program started")
    } catch {
      #expect(error.reason.contains("No such file"), "\(error.reason)")
    }
  }
}
