import CGLib
import Glibc

/// A program run in a process of its own (GSubprocess), its standard output read line by
/// line on the main loop without blocking it: for work that must not take the app down with
/// it. Letting go of the wrapper cancels the reads and stops the process.
@MainActor public final class ChildProcess {
  /// How the process ended.
  public enum Ending: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it (SIGSEGV: it crashed; SIGTERM: it was stopped).
    case killed(signal: Int32)
  }

  private let process: OpaquePointer
  private let lines: UnsafeMutablePointer<GDataInputStream>
  private let cancellable = g_cancellable_new()!
  private let onLine: @MainActor (String) -> Void
  private let onEnd: @MainActor (Ending) -> Void
  private var ended = false

  /// Starts `arguments` (the program's path first); `onLine` hears each line it writes to
  /// its standard output, then `onEnd` how it ended. Its standard error is let go; its
  /// standard input is a pipe `send` writes into when `input` is set, else nothing. Throws
  /// why it cannot be started.
  public init(
    _ arguments: [String], input: Bool = false, onLine: @escaping @MainActor (String) -> Void,
    onEnd: @escaping @MainActor (Ending) -> Void
  ) throws(Unavailable) {
    self.onLine = onLine
    self.onEnd = onEnd
    // A write to a process that has just ended must fail, not end the app (SIGPIPE's default).
    if input { signal(SIGPIPE, SIG_IGN) }
    var argv: [UnsafeMutablePointer<gchar>?] = arguments.map { g_strdup($0) } + [nil]
    defer { for argument in argv { g_free(argument) } }
    var error: UnsafeMutablePointer<GError>?
    let started = argv.withUnsafeMutableBufferPointer { pointers in
      pointers.baseAddress!.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: pointers.count) {
        let flags = G_SUBPROCESS_FLAGS_STDOUT_PIPE.rawValue | G_SUBPROCESS_FLAGS_STDERR_SILENCE.rawValue
        let launcher = g_subprocess_launcher_new(
          GSubprocessFlags(flags | (input ? G_SUBPROCESS_FLAGS_STDIN_PIPE.rawValue : 0)))
        defer { g_object_unref(UnsafeMutableRawPointer(launcher)) }
        g_subprocess_launcher_set_child_setup(launcher, ChildProcess.startClean, nil, nil)
        return g_subprocess_launcher_spawnv(launcher, $0, &error)
      }
    }
    guard let started else {
      let reason = error.map { String(cString: $0.pointee.message) } ?? "the program could not be started"
      g_clear_error(&error)
      g_object_unref(UnsafeMutableRawPointer(cancellable))
      throw Unavailable(reason: reason)
    }
    process = started
    lines = g_data_input_stream_new(g_subprocess_get_stdout_pipe(started))!
    readLine()
  }

  /// Run in the new process before its program: no signal blocked and none ignored. A process
  /// inherits both from the thread that starts it, and GLib (2.74) passes them on: started from
  /// a thread that blocks SIGTERM (a test runner's), the helper outlived `terminate` until it
  /// was killed 5 s later; ignoring SIGPIPE (this app does) would keep a helper whose reader is
  /// gone writing into nothing. Between fork and exec only async-signal-safe C calls and plain
  /// integers: nothing that could reach the Swift runtime's locks.
  private static let startClean: GSpawnChildSetupFunc = { _ in
    var none = sigset_t()
    sigemptyset(&none)
    sigprocmask(SIG_SETMASK, &none, nil)
    var number: Int32 = 1
    while number < 32 {  // the standard signals
      if number != SIGKILL && number != SIGSTOP { signal(number, SIG_DFL) }
      number += 1
    }
  }

  isolated deinit {
    g_cancellable_cancel(cancellable)
    if !ended { g_subprocess_force_exit(process) }
    g_object_unref(UnsafeMutableRawPointer(lines))
    g_object_unref(UnsafeMutableRawPointer(process))
    g_object_unref(UnsafeMutableRawPointer(cancellable))
  }

  /// Writes `text` to its standard input (a few bytes: a pipe takes them at once); false when
  /// it cannot (it has ended).
  @discardableResult public func send(_ text: String) -> Bool {
    guard !ended, let pipe = g_subprocess_get_stdin_pipe(process) else { return false }
    var bytes = Array(text.utf8)
    return g_output_stream_write_all(pipe, &bytes, gsize(bytes.count), nil, nil, nil) != 0
  }

  /// Its process id while it runs; nil once it has ended.
  public var identifier: Int32? {
    guard !ended, let text = g_subprocess_get_identifier(process) else { return nil }
    return Int32(String(cString: text))
  }

  /// Closes its standard input: the end of what it is given.
  public func closeInput() {
    guard let pipe = g_subprocess_get_stdin_pipe(process) else { return }
    g_output_stream_close(pipe, nil, nil)
  }

  /// How long a process asked to stop may take before it is killed.
  public static let stopGrace = Duration.seconds(5)
  private var killing: Timeout?

  /// Asks it to stop (SIGTERM), and kills it (SIGKILL) if it is still there `stopGrace`
  /// later; `onEnd` still hears how it ended.
  public func terminate() {
    guard !ended else { return }
    g_subprocess_send_signal(process, SIGTERM)
    killing = Timeout(after: Self.stopGrace) { [weak self] in
      guard let self, !self.ended else { return }
      g_subprocess_force_exit(self.process)
    }
  }

  private func readLine() {
    // Back to this wrapper weakly: a read finishing after the wrapper went reaches nothing.
    let box = ClosureBox.retained((), owner: self)
    g_data_input_stream_read_line_async(
      lines, G_PRIORITY_DEFAULT, cancellable,
      { source, result, data in
        let me = ClosureBox<Void>.take(data!).liveOwner as? ChildProcess
        var length: gsize = 0
        let line = g_data_input_stream_read_line_finish(
          UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: GDataInputStream.self), result, &length, nil)
        defer { g_free(line) }
        MainActor.assumeIsolated {
          guard let me else { return }
          if let line {
            me.onLine(String(cString: line))  // bytes that are not UTF-8 read as U+FFFD
            me.readLine()
          } else {
            me.waitForEnd()  // the end of its output: it has ended or is ending
          }
        }
      }, box)
  }

  private func waitForEnd() {
    let box = ClosureBox.retained((), owner: self)
    g_subprocess_wait_async(
      process, cancellable,
      { source, result, data in
        let me = ClosureBox<Void>.take(data!).liveOwner as? ChildProcess
        let waited = g_subprocess_wait_finish(OpaquePointer(source), result, nil) != 0
        MainActor.assumeIsolated {
          guard let me, waited else { return }
          me.ended = true
          let process = me.process
          me.onEnd(
            g_subprocess_get_if_signaled(process) != 0
              ? .killed(signal: g_subprocess_get_term_sig(process)) : .exited(g_subprocess_get_exit_status(process)))
        }
      }, box)
  }
}
