import FoundationEssentials
// The transcript of a meeting being recorded, made while it runs: the recording's 16 kHz
// samples are written to a file as well, and the engine recognises it window by window
// (`TranscriptWindows`) in a helper at idle priority. The app wakes for it once a window is
// full (every 30 s of recorded time at most; never while paused) and at each change of turn.
// What each window gave is appended to a file beside the recording at once, so a crash keeps
// the windows done and the rest is recognised at the next start. A failure (no model, a bad
// one) only stops this: after the meeting the recording is transcribed as before, from where
// the windows stopped.
import Platform

/// Recognises a recording while it is made.
@MainActor public protocol SpeechListener: AnyObject {
  /// Recognises `window` of the growing samples file (answered through the engine's `heard`).
  func recognise(_ window: TranscriptWindows.Window)
  /// The turn changed `milliseconds` into the samples: live captions start a new line there.
  func turn(at milliseconds: Int)
  /// Stops; nothing more is heard.
  func cancel()
}

/// What the windows of a meeting gave so far, as kept beside its recording: their segments
/// (on the recording's timeline) and where the next window begins.
public struct HeardSoFar: Equatable, Sendable {
  /// The windows' segments, in the order heard.
  public var segments: [TranscriptSegment] = []
  /// Where recognition goes on, in milliseconds into the recording (`all`: nothing is left).
  public var next = 0
  /// `next` once the whole recording was heard.
  public static let all = Int(Int32.max)

  private struct Line: Codable {
    var segments: [TranscriptSegment]
    var next: Int
  }

  /// Nothing heard yet.
  public init() {}

  /// What a file of `line`s says; lines that do not read are left out (a crash may cut the last).
  public init(fileText: String) {
    for text in fileText.split(separator: "\n") {
      guard let line = try? JSONDecoder().decode(Line.self, from: Data(text.utf8)), line.next >= next else { continue }
      segments += line.segments
      next = line.next
    }
  }

  /// The line a window adds to the file.
  static func line(_ segments: [TranscriptSegment], next: Int) -> String {
    let data = (try? JSONEncoder().encode(Line(segments: segments, next: next))) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}

/// One meeting's transcript, recognised while it is recorded.
@MainActor public final class LiveTranscript {
  /// A little more than the recording pipeline holds before it writes (100 ms a buffer).
  static let slack = 1_000
  private var windows: TranscriptWindows
  private var listener: (any SpeechListener)?
  private let heardFile: String
  private let position: @MainActor () -> Int?
  private var wake: Timeout?
  private var paused = true
  /// What the windows gave so far.
  public private(set) var heard = HeardSoFar()
  /// Why it stopped before the end, if it did.
  public private(set) var failure: String?
  private var whenDone: (@MainActor () -> Void)?
  /// The window being recognised, and the last one's segments if it ended at a seam (the same
  /// turn going on): what the next may repeat (`SeamRepeat`).
  private var asked: TranscriptWindows.Window?
  private var beforeSeam: [TranscriptSegment]?
  /// Runs once if it stops before the end (failed, or past `samplesLimit`), with what to say
  /// in the meeting, if anything: the samples it read are no longer needed.
  public var onStopped: (@MainActor (String?) -> Void)?
  /// How much of a recording is heard as it runs: past it (a meeting left running all night)
  /// its samples would fill the disk, so the rest is transcribed after the meeting.
  public nonisolated static let samplesLimit = 2 * 3_600_000

  /// Recognises, with `engine`, in `language`, the samples written to `samples` while the recording grows
  /// (`position`: how far it has run, in milliseconds), keeping each window's result in
  /// `heardFile`. Windows last `length` milliseconds at most. With `captions`, the same
  /// helper captions the meeting too.
  public init(
    engine: any SpeechEngine, samples: String, language: SpeechLanguage, heardFile: String, length: Int = 30_000,
    position: @escaping @MainActor () -> Int?, captions: (@MainActor (CaptionWords) -> Void)? = nil
  ) {
    windows = TranscriptWindows(length: length)
    self.heardFile = heardFile
    self.position = position
    listener = engine.listen(
      to: samples, language: language,
      heard: { [weak self] segments, next in self?.heard(segments, next: next) },
      failed: { [weak self] reason in self?.fail(reason) }, captions: captions)
    if listener == nil { failure = engine.unavailableReason(for: language) ?? tr("no speech model") }
  }

  /// Whether it stopped before the end.
  public var hasFailed: Bool { failure != nil }

  /// The turn changed `milliseconds` into the recording: the window closes there.
  public func cut(at milliseconds: Int) {
    listener?.turn(at: milliseconds)
    windows.cut(at: milliseconds)
    pump()
  }

  /// The recording paused: nothing to wake for until it resumes.
  public func pause() {
    paused = true
    stopWaking()
  }

  /// The recording runs (from its start, or again after a pause).
  public func resume() {
    paused = false
    schedule()
  }

  /// The recording is complete: the rest is recognised, then `done` runs (at once if it had
  /// failed; `failure` then says why and `heard` holds what was done).
  public func finish(then done: @escaping @MainActor () -> Void) {
    stopWaking()
    guard listener != nil, failure == nil else { return done() }
    whenDone = done
    windows.recordingComplete()
    // However long the meeting, one window is left, or a few: a helper that never answers
    // must not hold the transcript (nor quitting) for ever.
    wake = Timeout(after: Self.finishLimit) { [weak self] in
      self?.listener?.cancel()
      self?.fail(tr("it took too long"))
    }
    pump()
  }

  /// How long the windows left at the end may take.
  static let finishLimit = Duration.seconds(120)

  /// Stops it (the meeting was discarded, or the app is quitting).
  public func cancel() {
    stopWaking()
    listener?.cancel()
    listener = nil
    whenDone = nil
  }

  /// Hands the recogniser the window that is due, if any, and wakes when the next is full.
  func pump() {
    guard let listener, failure == nil else { return }
    let recorded = position() ?? 0
    if whenDone == nil, recorded >= Self.samplesLimit, windows.pending == nil {
      listener.cancel()
      let hours = Self.samplesLimit / 3_600_000
      return fail(
        trn(
          "The meeting has run %d hour: the rest of it is transcribed after it ends",
          "The meeting has run %d hours: the rest of it is transcribed after it ends", hours),
        say: true)
    }
    if let window = windows.due(recorded: recorded - Self.slack) {
      asked = window
      listener.recognise(window)
    } else {
      schedule()
    }
  }

  /// Cancels the wake-up set, if any (letting go of a timeout does not cancel it).
  private func stopWaking() {
    wake?.cancel()
    wake = nil
  }

  private func schedule() {
    guard whenDone == nil else { return }  // at the end, the limit stays set
    stopWaking()
    guard !paused, listener != nil, windows.pending == nil, let now = position() else { return }
    let wait = max(Self.slack, windows.nextFull + Self.slack - now)
    wake = Timeout(after: .milliseconds(wait)) { [weak self] in
      self?.pump()
    }
  }

  private func heard(_ said: [TranscriptSegment], next: Int?) {
    let segments = beforeSeam.map { SeamRepeat.dropped(said, after: $0) } ?? said
    beforeSeam = asked?.seam == true ? (segments.isEmpty ? beforeSeam : segments) : nil
    windows.recognised(resumeAt: next)
    heard.segments += segments
    heard.next = windows.isFinished ? HeardSoFar.all : windows.next
    Files.append(HeardSoFar.line(segments, next: heard.next), toPrivate: heardFile)
    if windows.isFinished {
      stopWaking()
      listener = nil
      let done = whenDone
      whenDone = nil
      done?()
      return
    }
    pump()
  }

  private func fail(_ reason: String, say: Bool = false) {
    warn("the meeting is no longer heard as it runs: \(reason); the rest is transcribed after it ends")
    failure = reason
    listener = nil
    stopWaking()
    onStopped?(say ? reason : nil)
    onStopped = nil
    let done = whenDone
    whenDone = nil
    done?()
  }
}
