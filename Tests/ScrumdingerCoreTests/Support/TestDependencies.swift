import Foundation
@testable import ScrumdingerCore

/// A meeting effect that records what it was told (standing in for the chime and notifier).
@MainActor final class RecordingEffect: SoundEffect {
  var isMuted = false
  private(set) var events: [MeetingEvent] = []
  /// Every effect's events in the order all of them heard them, when shared.
  let journal: Journal?

  final class Journal {
    var entries: [String] = []
  }

  init(journal: Journal? = nil, name: String = "") {
    self.journal = journal
    self.name = name
  }

  private let name: String

  func meeting(_ session: MeetingSession, did event: MeetingEvent) {
    events.append(event)
    journal?.entries.append("\(name) \(event)")
  }

  // The core never chooses or previews a sound.
  func use(_ sound: EndOfTurnSound, volumePercent: Int) {}
  func preview(_ sound: EndOfTurnSound) {}

  /// When each ding was due (speaker changes and time up).
  var dingsDue: [Duration] {
    events.compactMap {
      switch $0 {
      case .speakerChanged(_, let due), .timeUp(let due): due
      default: nil
      }
    }
  }
}

/// Ids 00000000-…-000000000001, …-0002, … in order.
@MainActor final class SequentialIDs {
  private var next = 1
  func make() -> UUID {
    defer { next += 1 }
    return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", next))!
  }
}

/// Stands in for the microphone: remembers what it was asked, fails when told to.
@MainActor final class FakeCapture: AudioCapture {
  enum Call: Equatable { case start(String), pause, resume, finish }
  private(set) var calls: [Call] = []
  var refusal: String?
  var onFailure: (@MainActor (String) -> Void)?
  /// What the recording's timeline reads (a test sets it).
  var position: Duration?

  func start(to path: String) throws(CaptureFailure) {
    if let refusal { throw CaptureFailure(reason: refusal) }
    calls.append(.start(path))
    // Written into the file as GStreamer's filesink writes ("wb": an existing file keeps its mode).
    let handle = FileHandle(forWritingAtPath: path)
    handle?.write(Data("OggS".utf8))
    try? handle?.close()
  }
  func pause() { calls.append(.pause) }
  func resume() { calls.append(.resume) }
  /// Whether `finish` leaves the file unfinished until the test calls `complete()` (GStreamer's
  /// end-of-stream still on its way); by default it is complete at once.
  var holdsEnd = false
  private var whenComplete: (@MainActor () -> Void)?
  func finish(then done: @escaping @MainActor () -> Void) {
    calls.append(.finish)
    if holdsEnd { whenComplete = done } else { done() }
  }
  func complete() { whenComplete?() }
}

/// Stands in for whisper: each transcription waits until the test finishes or fails it.
@MainActor final class FakeSpeech: SpeechEngine {
  final class Task: CancellableTask {
    let path: String
    let cuts: [Int]
    let progress: @MainActor (Int) -> Void
    let done: @MainActor (Result<[TranscriptSegment], CaptureFailure>) -> Void
    var cancelled = false
    init(path: String, cuts: [Int], progress: @escaping @MainActor (Int) -> Void, done: @escaping @MainActor (Result<[TranscriptSegment], CaptureFailure>) -> Void) {
      self.path = path
      self.cuts = cuts
      self.progress = progress
      self.done = done
    }
    func cancel() { cancelled = true }
  }
  var unavailableReason: String?
  private(set) var tasks: [Task] = []
  /// How many times a set-aside model was let be tried again.
  private(set) var modelRetries = 0

  func retryModel() { modelRetries += 1 }

  func transcribe(
    _ path: String, cuts: [Int], progress: @escaping @MainActor (Int) -> Void,
    done: @escaping @MainActor (Result<[TranscriptSegment], CaptureFailure>) -> Void
  ) -> any CancellableTask {
    let task = Task(path: path, cuts: cuts, progress: progress, done: done)
    tasks.append(task)
    return task
  }
}

/// Dependencies for tests: a manual clock and scheduler, a fixed date, sequential ids, a
/// seeded generator and recording effects; the meetings of the scrums `recording` are
/// recorded, to a new temporary folder through `capture`.
@MainActor func testDependencies(
  clock: ManualClock = ManualClock(), scheduler: ManualScheduler = ManualScheduler(),
  sound: RecordingEffect = RecordingEffect(), notifier: RecordingEffect = RecordingEffect(),
  keepAwake: RecordingEffect = RecordingEffect(), capture: FakeCapture = FakeCapture(), speech: FakeSpeech = FakeSpeech(),
  recording: [UUID] = []
) -> Dependencies {
  let ids = SequentialIDs()
  let consent = RecordingConsent(path: NSTemporaryDirectory() + "consent-\(UUID()).json")
  for id in recording { try? consent.set(id, records: true) }
  return Dependencies(
    clock: clock, scheduler: scheduler, now: { Date(timeIntervalSince1970: 1_795_000_000) },
    uuid: { MainActor.assumeIsolated { ids.make() } }, random: RandomSource(SeededGenerator(seed: 1)),
    sound: sound, notifier: notifier, keepAwake: keepAwake,
    recorder: MeetingRecorder(
      folder: NSTemporaryDirectory() + "recordings-\(UUID())",
      consent: consent) { capture },
    speech: speech)
}
