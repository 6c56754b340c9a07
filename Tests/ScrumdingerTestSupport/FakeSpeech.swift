import ScrumdingerCore

/// Stands in for whisper: each transcription waits until the test finishes or fails it.
@MainActor public final class FakeSpeech: SpeechEngine {
  /// One transcription asked for.
  public final class Task: CancellableTask {
    public let path: String
    /// The language it was asked to hear.
    public let language: SpeechLanguage
    public let cuts: [Int]
    /// Where it was asked to begin, in milliseconds into the recording.
    public let from: Int
    public let progress: @MainActor (Int) -> Void
    public let done: @MainActor (Result<[TranscriptSegment], CaptureFailure>) -> Void
    public private(set) var cancelled = false
    init(
      path: String, language: SpeechLanguage, cuts: [Int], from: Int, progress: @escaping @MainActor (Int) -> Void,
      done: @escaping @MainActor (Result<[TranscriptSegment], CaptureFailure>) -> Void
    ) {
      self.path = path
      self.language = language
      self.cuts = cuts
      self.from = from
      self.progress = progress
      self.done = done
    }
    public func cancel() { cancelled = true }
  }
  /// Why nothing can be heard at all (nil: a model is there).
  public var unavailableReason: String?
  /// The languages its models hear (nil: every one).
  public var languages: Set<SpeechLanguage>?

  public func unavailableReason(for language: SpeechLanguage) -> String? {
    if let unavailableReason { return unavailableReason }
    return languages.map { $0.contains(language) } == false ? Texts.modelNeeded(for: language.code) : nil
  }
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
    _ path: String, language: SpeechLanguage, cuts: [Int], from: Int, progress: @escaping @MainActor (Int) -> Void,
    done: @escaping @MainActor (Result<[TranscriptSegment], CaptureFailure>) -> Void
  ) -> any CancellableTask {
    let task = Task(path: path, language: language, cuts: cuts, from: from, progress: progress, done: done)
    tasks.append(task)
    return task
  }

  /// A meeting heard as it runs: the windows asked for, answered when the test says.
  public final class Listener: SpeechListener {
    public let samples: String
    /// The language it hears.
    public let language: SpeechLanguage
    public private(set) var windows: [TranscriptWindows.Window] = []
    public private(set) var cancelled = false
    let heard: @MainActor ([TranscriptSegment], Int?) -> Void
    public let failed: @MainActor (String) -> Void
    init(
      samples: String, language: SpeechLanguage, heard: @escaping @MainActor ([TranscriptSegment], Int?) -> Void,
      failed: @escaping @MainActor (String) -> Void, captions: (@MainActor (CaptionWords) -> Void)?
    ) {
      self.samples = samples
      self.language = language
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
    to samples: String, language: SpeechLanguage, heard: @escaping @MainActor ([TranscriptSegment], Int?) -> Void,
    failed: @escaping @MainActor (String) -> Void, captions: (@MainActor (CaptionWords) -> Void)?
  ) -> (any SpeechListener)? {
    guard listens, unavailableReason(for: language) == nil else { return nil }
    let listener = Listener(
      samples: samples, language: language, heard: heard, failed: failed, captions: captions)
    listeners.append(listener)
    return listener
  }
}
