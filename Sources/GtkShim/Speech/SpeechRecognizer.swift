import CSpeech
import Glibc
import Synchronization

/// whisper.cpp, through libscrumdinger-whisper (opened on first use), on a worker thread
/// at a lower priority than the app: the main loop only hears progress and the result.
public final class SpeechRecognizer: Sendable {
  /// A stretch of recognised speech, in milliseconds from the start.
  public struct Segment: Sendable, Equatable {
    public let startMilliseconds: Int
    public let endMilliseconds: Int
    public let text: String
  }

  /// A recognition under way; `cancel()` stops it at whisper's next check.
  public final class Job: Sendable {
    fileprivate let cancelled = Atomic(false)
    fileprivate let progress: @Sendable (Int) -> Void
    fileprivate let segments = Mutex<[Segment]>([])

    fileprivate init(progress: @escaping @Sendable (Int) -> Void) { self.progress = progress }

    /// Asks it to stop; its result is then not delivered.
    public func cancel() { cancelled.store(true, ordering: .relaxed) }
    /// Whether it was asked to stop.
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
  }

  nonisolated(unsafe) private let transcribe: ShimSpeechTranscribe

  /// The recognizer in the library at `library`; throws why it cannot be opened.
  public init(library: String) throws(SoundPlayer.Unavailable) {
    var why: UnsafeMutablePointer<gchar>?
    guard let function = shim_speech_open(library, &why) else {
      let reason = why.map { String(cString: $0) } ?? "the speech library could not be opened"
      g_free(why)
      throw SoundPlayer.Unavailable(reason: reason)
    }
    transcribe = function
  }

  /// How many threads to use: two on an idle machine with two cores or more, one when the
  /// other cores are busy (ggml's threads then spin waiting for each other, measured).
  public static var threads: Int32 {
    let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    var load = [0.0]
    guard cores >= 2, getloadavg(&load, 1) == 1 else { return 1 }
    return load[0] < Double(cores) - 1 ? 2 : 1
  }

  /// Recognises the raw 16 kHz mono float samples in `samples` (a file) with the model at
  /// `model`. `progress` (0…100) and `done` run on the main queue; `done` is not called once
  /// the job is cancelled.
  public func recognize(
    samples: String, model: String, progress: @escaping @MainActor (Int) -> Void,
    done: @escaping @MainActor (Result<[Segment], SoundPlayer.Unavailable>) -> Void
  ) -> Job {
    let job = Job { percent in WorkerThreads.onMainLoop { progress(percent) } }
    let transcribe = self.transcribe
    let threads = Self.threads
    // A thread of its own: its priority is lowered for good.
    WorkerThreads.runOnOwnThread("transcription", {
      shim_lower_thread_priority()
      return Self.run(transcribe, samples: samples, model: model, threads: threads, job: job)
    }, then: { result in
      if !job.isCancelled { done(result) }
    })
    return job
  }

  private static func run(
    _ transcribe: ShimSpeechTranscribe, samples: String, model: String, threads: Int32, job: Job
  ) -> Result<[Segment], SoundPlayer.Unavailable> {
    var contents: UnsafeMutablePointer<gchar>?
    var length: gsize = 0
    var error: UnsafeMutablePointer<GError>?
    guard g_file_get_contents(samples, &contents, &length, &error) != 0, let contents else {
      let reason = error.map { String(cString: $0.pointee.message) } ?? "the decoded audio could not be read"
      g_clear_error(&error)
      return .failure(SoundPlayer.Unavailable(reason: reason))
    }
    defer { g_free(contents) }
    var reason = [CChar](repeating: 0, count: 512)
    let user = Unmanaged.passUnretained(job).toOpaque()
    let status = UnsafeRawPointer(contents).withMemoryRebound(to: Float.self, capacity: Int(length) / 4) { pcm in
      transcribe(
        model, pcm, Int32(Int(length) / 4), threads,
        { percent, user in Unmanaged<Job>.fromOpaque(user!).takeUnretainedValue().progress(Int(percent)) },
        { user in Unmanaged<Job>.fromOpaque(user!).takeUnretainedValue().isCancelled },
        { start, end, text, user in
          let segment = Segment(startMilliseconds: Int(start), endMilliseconds: Int(end), text: text.map { String(cString: $0) } ?? "")
          Unmanaged<Job>.fromOpaque(user!).takeUnretainedValue().segments.withLock { $0.append(segment) }
        },
        user, &reason, reason.count)
    }
    switch status {
    case 0: return .success(job.segments.withLock { $0 })
    case 1: return .failure(SoundPlayer.Unavailable(reason: "stopped"))
    default: return .failure(SoundPlayer.Unavailable(reason: reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }))
    }
  }
}
