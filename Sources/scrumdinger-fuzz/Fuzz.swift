// The file readers under a coverage-guided fuzzer (`make fuzz`: libFuzzer with
// AddressSanitizer, built with -DFUZZING). Each input goes through everything that reads a
// file the user or another program wrote: the scrums file (ours by the fast reader, with the
// Foundation reader behind it, and Apple Scrumdinger's scrums.data) and the meeting journal.
// What reads must also write back: a file that reads is written and read again, and must
// come back the same, or the fuzzer has found a way to lose data. Built without FUZZING (as
// every `swift build` does), it replays the files named on its command line: the seed corpus
// and any crash a run found.
import FoundationEssentials
import Glibc
import ScrumdingerCore
import ScrumdingerTestSupport

/// Reads `data` every way the app does; traps if it breaks the readers' promise.
func exercise(_ data: Data) {
  if let problem = RoundTrip.problem(with: data) { fatalError(problem) }
}

#if FUZZING
  @_silgen_name("LLVMFuzzerRunDriver")
  func runDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
  ) -> Int32
#endif

@main enum Fuzz {
  /// Fuzzing: hands every input libFuzzer makes to `exercise`. Otherwise: replays the files
  /// named on the command line.
  static func main() {
    #if FUZZING
      var argc = CommandLine.argc
      var argv = CommandLine.unsafeArgv
      exit(
        runDriver(&argc, &argv) { bytes, count in
          exercise(bytes.map { Data(bytes: $0, count: count) } ?? Data())
          return 0
        })
    #else
      var replayed = 0
      var read = 0
      for path in CommandLine.arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else {
          print("scrumdinger-fuzz: cannot read \(path)")
          exit(2)
        }
        exercise(data)
        if RoundTrip.reads(data) { read += 1 }
        replayed += 1
      }
      print("scrumdinger-fuzz: \(replayed) inputs replayed (\(read) read as scrums), none crashed")
    #endif
  }
}
