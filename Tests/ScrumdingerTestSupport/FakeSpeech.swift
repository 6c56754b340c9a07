import ScrumdingerCore

/// Stands in for whisper: each transcription waits until the test finishes or fails it.
@MainActor public final class FakeSpeech: SpeechEngine {
  /// One transcription asked for.
  public final class Task: CancellableTask {
    public let path: String
    public let cuts: [Int]
    /// Where it was asked to begin, in milliseconds into the recording.
    public let from: Int
    public let progress: @MainActor (Int) -> Void
    public let done: @MainActor (Result<[TranscriptSegment], CaptureFailure>) -> Void
    public private(set) var cancelled = false
    init(
      path: String, cuts: [Int], from: Int, progress: @escaping @MainActor (Int) -> Void,
      done: @escaping @MainActor (Result<[TranscriptSegment], CaptureFailure>) -> Void
    ) {
      self.path = path
      self.cuts = cuts
      self.from = from
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
    _ path: String, cuts: [Int], from: Int, progress: @escaping @MainActor (Int) -> Void,
    done: @escaping @MainActor (Result<[TranscriptSegment], CaptureFailure>) -> Void
  ) -> any CancellableTask {
    let task = Task(path: path, cuts: cuts, from: from, progress: progress, done: done)
    tasks.append(task)
    return task
  }

  /// A meeting heard as it runs: the windows asked for, answered when the test says.
  public final class Listener: SpeechListener {
    public let samples: String
    public private(set) var windows: [TranscriptWindows.Window] = []
    public private(set) var cancelled = false
    let heard: @MainActor ([TranscriptSegment], Int?) -> Void
    public let failed: @MainActor (String) -> Void
    init(
      samples: String, heard: @escaping @MainActor ([TranscriptSegment], Int?) -> Void,
      failed: @escaping @MainActor (String) -> Void, captions: (@MainActor (CaptionWords) -> Void)?
    ) {
      self.samples = samples
      self.heard = heard
      self.failed = failed
      self.captions = captions
    }
    public func recognise(_ window: TranscriptWindows.Window) { windows.append(window) }
    /// Where the turns changed, as told (milliseconds into the samples).
    public private(set) var turns: [Int] = []
    public func turn(at milliseconds: Int) { turns.append(milliseconds) }
    /// Where captions' words go, when the listener captions.
    public let captions: (@MainActor (CaptionWords) -> Void)?
    /// Says captions' words, as the helper does each step.
    public func caption(_ text: String, final: Bool = false, to: Int) {
      captions?(CaptionWords(text: text, isFinal: final, to: to))
    }
    public func cancel() { cancelled = true }
    /// Answers the last window asked for with `segments`; the next begins at `next` (by
    /// default where it ended; nil after the last).
    public func answer(_ segments: [TranscriptSegment] = [], next: Int?? = .none) {
      let window = windows[windows.count - 1]
      heard(segments, next ?? window.to)
    }
  }
  public private(set) var listeners: [Listener] = []
  /// Whether meetings are heard as they run (`listen` answers); off, they are transcribed
  /// after the meeting only, as when the live helper cannot start.
  public var listens = false

  public func listen(
    to samples: String, heard: @escaping @MainActor ([TranscriptSegment], Int?) -> Void,
    failed: @escaping @MainActor (String) -> Void, captions: (@MainActor (CaptionWords) -> Void)?
  ) -> (any SpeechListener)? {
    guard listens, unavailableReason == nil else { return nil }
    let listener = Listener(samples: samples, heard: heard, failed: failed, captions: captions)
    listeners.append(listener)
    return listener
  }
}
