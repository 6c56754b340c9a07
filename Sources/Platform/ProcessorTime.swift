// Whether a machine has a core to spare for the speech helper is a question about the other
// programs' work, not the helper's own: the one-minute load average counts the helper's
// captions and windows too, so at Save and End it said "busy" of an idle machine. The kernel
// counts the machine's processor time and each process's in the same clock ticks
// (/proc/stat, /proc/PID/stat); two readings tell them apart.
import CGLib

/// The processor time spent so far, in clock ticks: the machine's over all its cores, and
/// one process's.
public struct ProcessorTime: Equatable, Sendable {
  /// Ticks the cores spent working (user, nice, system, interrupts, stolen).
  public var busy: Int
  /// Ticks the cores spent in all, working or idle.
  public var total: Int
  /// Ticks the process spent (user and system, all its threads).
  public var process: Int

  /// The times given.
  public init(busy: Int, total: Int, process: Int) {
    self.busy = busy
    self.total = total
    self.process = process
  }

  /// The times now, `process` being the process with this id; nil when the kernel's counts
  /// cannot be read (no /proc, or the process has ended).
  public static func now(process: Int32) -> ProcessorTime? {
    guard let machine = Files.text(of: "/proc/stat"), let own = Files.text(of: "/proc/\(process)/stat") else {
      return nil
    }
    return ProcessorTime(machine: machine, process: own)
  }

  /// The times in the text of /proc/stat (`machine`) and of a process's /proc/PID/stat;
  /// nil when either is not as the kernel writes it.
  init?(machine: String, process: String) {
    // "cpu  user nice system idle iowait irq softirq steal guest guest_nice" (guests are in user).
    let cpu = machine.prefix { $0 != "\n" }.split(separator: " ").dropFirst().prefix(8).compactMap { Int($0) }
    // "PID (name) state …": the name may hold spaces and brackets; utime and stime (proc(5)'s
    // fields 14 and 15) are the 12th and 13th after its closing bracket.
    guard machine.hasPrefix("cpu "), cpu.count == 8, let close = process.lastIndex(of: ")") else { return nil }
    let fields = process[process.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
    let busy = cpu[0] + cpu[1] + cpu[2] + cpu[5] + cpu[6] + cpu[7]
    self.init(busy: busy, total: busy + cpu[3] + cpu[4], process: user + system)
  }
}
