import ScrumdingerCore

/// Stands in for whisper: each transcription waits until the test finishes or fails it.
@MainActor public final class FakeSpeech: SpeechEngine {
  /// One transcription asked for.
  public final class Task: CancellableTask {
    public let path: String
    public let cuts: [Int]
    public let progress: @MainActor (Int) -> Void
    public let done: @MainActor (Result<[TranscriptSegment], CaptureFailure>) -> Void
    public private(set) var cancelled = false
    init(
      path: String, cuts: [Int], progress: @escaping @MainActor (Int) -> Void,
      done: @escaping @MainActor (Result<[TranscriptSegment], CaptureFailure>) -> Void
    ) {
      self.path = path
      self.cuts = cuts
      self.progress = progress
      self.done = done
    }
    public func cancel() { cancelled = true }
  }
  public var unavailableReason: String?
  public private(set) var tasks: [Task] = []
  /// How many times a set-aside model was let be tried again.
  public private(set) var modelRetries = 0

  /// The model file in use: the last one adopted.
  public var model: String?

  public init() {}

  public func retryModel() { modelRetries += 1 }

  public func adopt(modelFile path: String, done: @escaping @MainActor (String?) -> Void) {
    model = path
    done(nil)
  }

  public func transcribe(
    _ path: String, cuts: [Int], progress: @escaping @MainActor (Int) -> Void,
    done: @escaping @MainActor (Result<[TranscriptSegment], CaptureFailure>) -> Void
  ) -> any CancellableTask {
    let task = Task(path: path, cuts: cuts, progress: progress, done: done)
    tasks.append(task)
    return task
  }
}
