import FoundationEssentials
// Recorded meetings are heard while they run (`LiveTranscript`), and what is left of them is
// transcribed one at a time, in the background, after they are saved:
// the rules (which meeting waits, what progress says, what a cancel or a failure leaves, what
// resumes after a restart) live here; the speech engine itself (GStreamer decoding and
// whisper.cpp in a helper process in the app, a fake in tests) is injected. A transcription
// cut by quitting simply has no transcript yet, so the next start queues it again; one the
// user stopped is marked beside its recording and waits for "Transcribe".
import Platform

/// Turns a recording into timestamped text.
@MainActor public protocol SpeechEngine: AnyObject {
  /// Whether a speech model that hears `language` is there to use (nil), or why not.
  func unavailableReason(for language: SpeechLanguage) -> String?
  /// Transcribes the recording at `path`, in `language`, from `from` milliseconds on (what came before was
  /// heard during the meeting), none of whose segments runs across one of the `cuts`
  /// (milliseconds from its start, where the turns changed): `progress` hears 0…100, `done`
  /// the segments (times on the recording) or a readable failure. Returns something that
  /// stops it (then `done` is not called).
  func transcribe(
    _ path: String, language: SpeechLanguage, cuts: [Int], from: Int, progress: @escaping @MainActor (Int) -> Void,
    done: @escaping @MainActor (Result<[TranscriptSegment], CaptureFailure>) -> Void
  ) -> any CancellableTask
  /// Starts recognising a recording in `language` while it is made, from `samples`, the growing file of its
  /// 16 kHz samples: each window handed to the listener is answered through `heard` (its
  /// segments, on the recording's timeline, and where the next window begins: nil after the
  /// last), a failure through `failed`. With `captions`, the same process captions the
  /// newest audio as well, each step's words to `captions`. Nil when it cannot start (no
  /// model; no voice activity model for captions).
  func listen(
    to samples: String, language: SpeechLanguage, heard: @escaping @MainActor ([TranscriptSegment], Int?) -> Void,
    failed: @escaping @MainActor (String) -> Void, captions: (@MainActor (CaptionWords) -> Void)?
  ) -> (any SpeechListener)?
  /// The user asked for a transcription again, or chose a model: a model set aside after it
  /// failed may be tried once more.
  func retryModel()
  /// The model file English is heard with (nil without one), as Preferences shows it.
  var model: String? { get }
  /// Makes the model file at `path` (checked first) one of this computer's models; `done`
  /// hears nil, or why it cannot be used.
  func adopt(modelFile path: String, done: @escaping @MainActor (String?) -> Void)
}

extension SpeechEngine {
  /// Why `scrum`'s meetings cannot be heard here (its language unknown, or no model hears it),
  /// or nil.
  public func unavailableReason(for scrum: DailyScrum) -> String? {
    guard let language = scrum.speechLanguage else { return Texts.unknownLanguage(scrum.language ?? "") }
    return unavailableReason(for: language)
  }
}

/// A transcription under way.
@MainActor public protocol CancellableTask: AnyObject {
  func cancel()
}

/// Where a recorded meeting's transcript stands.
public enum TranscriptionStatus: Equatable, Sendable {
  /// Waiting for the one before it.
  case waiting
  /// Under way, this far (0…100).
  case transcribing(percent: Int)
  /// Stopped by the user; "Transcribe" starts it again.
  case stopped
  /// Could not be done, and why ("no speech model").
  case failed(String)
}

/// Transcribes recorded meetings one after another and writes the transcripts into their
/// history entries.
@MainActor public final class Transcriber {
  private let state: AppState
  private let recorder: MeetingRecorder
  private let engine: any SpeechEngine
  private var queue: [(scrumID: UUID, historyID: UUID)] = []
  private var running: (historyID: UUID, task: any CancellableTask)?
  /// Each recorded meeting without a transcript, and where it stands.
  public let statuses = ObservableValue<[UUID: TranscriptionStatus]>([:])

  /// Transcribes with `engine` what `recorder` records, each recording once it is complete.
  public init(state: AppState, recorder: MeetingRecorder, engine: any SpeechEngine) {
    self.state = state
    self.recorder = recorder
    self.engine = engine
    recorder.onRecordingComplete = { [weak self] _ in self?.queuePending() }
    recorder.makeLive = { samples, language, heardFile, position, captions in
      guard engine.unavailableReason(for: language) == nil else { return nil }
      let live = LiveTranscript(
        engine: engine, samples: samples, language: language, heardFile: heardFile, position: position,
        captions: captions)
      return live.hasFailed ? nil : live
    }
    recorder.makeCaptions = { samples, language, captions, failed in
      engine.listen(to: samples, language: language, heard: { _, _ in }, failed: failed, captions: captions)
    }
    recorder.unheardReason = { engine.unavailableReason(for: $0) }
  }

  /// Queues every recorded meeting that has no transcript yet and was not stopped by the
  /// user (at start-up, and when a saved meeting's recording is complete).
  public func queuePending() {
    let (recorded, stopped) = recorder.recordedMeetings()
    guard !recorded.isEmpty else { return }
    for scrum in state.scrums.value {
      for entry in scrum.history
      where recorded.contains(entry.id) && entry.transcript.isEmpty && statuses.value[entry.id] == nil {
        if stopped.contains(entry.id) {
          statuses.value[entry.id] = .stopped
        } else {
          enqueue(scrumID: scrum.id, historyID: entry.id)
        }
      }
    }
    next()
  }

  /// Tries again every transcription that failed (a speech model has just arrived).
  public func retryFailed() {
    engine.retryModel()
    for (historyID, status) in statuses.value {
      guard case .failed = status else { continue }
      statuses.value[historyID] = nil
    }
    queuePending()
  }

  /// Transcribes past meeting `historyID` again (after a stop or a failure).
  public func transcribe(historyID: UUID, of scrumID: UUID) {
    guard let recording = recorder.recording(of: historyID), running?.historyID != historyID,
      !queue.contains(where: { $0.historyID == historyID })
    else { return }
    engine.retryModel()
    Files.remove(recording + ".stopped")
    enqueue(scrumID: scrumID, historyID: historyID)
    next()
  }

  /// Stops transcribing `historyID` (under way or waiting); it stays stopped across restarts.
  public func stop(historyID: UUID) {
    if running?.historyID == historyID {
      running?.task.cancel()
      running = nil
    }
    queue.removeAll { $0.historyID == historyID }
    if let recording = recorder.recording(of: historyID) {
      Files.write("", to: recording + ".stopped")
    }
    statuses.value[historyID] = .stopped
    next()
  }

  private func enqueue(scrumID: UUID, historyID: UUID) {
    queue.append((scrumID, historyID))
    statuses.value[historyID] = .waiting
  }

  private func next() {
    guard running == nil, !queue.isEmpty else { return }
    let (scrumID, historyID) = queue.removeFirst()
    guard let recording = recorder.recording(of: historyID) else {
      statuses.value[historyID] = nil
      return next()
    }
    let scrum = state.scrum(scrumID) ?? DailyScrum(title: "")
    if let reason = engine.unavailableReason(for: scrum) {
      statuses.value[historyID] = .failed(reason)
      return next()
    }
    let language = scrum.speechLanguage ?? .english  // known: the reason above says when it is not
    let cuts = recorder.cuts(of: historyID)
    let heard = recorder.heard(of: historyID)
    guard heard.next < HeardSoFar.all else {  // heard whole while the meeting ran
      warn("meeting \(historyID): its transcript was heard while it ran (the live windows)")
      save(heard.segments, cuts: cuts, of: historyID, in: scrumID)
      return next()
    }
    // Which path ran, for whoever wonders why a transcript took long: the live windows, all,
    // part (and from where the rest), or none.
    warn(
      "meeting \(historyID): transcribed after it ended from \(heard.next / 1000) s in"
        + (heard.next == 0 ? " (nothing was heard while it ran)" : " (the live windows heard up to there)"))
    statuses.value[historyID] = .transcribing(percent: 0)
    let task = engine.transcribe(
      recording, language: language, cuts: cuts.recordingMilliseconds, from: heard.next,
      progress: { [weak self] percent in
        guard let self, self.running?.historyID == historyID else { return }
        self.statuses.value[historyID] = .transcribing(percent: min(100, max(0, percent)))
      },
      done: { [weak self] result in
        guard let self, self.running?.historyID == historyID else { return }
        self.running = nil
        switch result {
        case .success(let recognised):
          self.save(heard.segments + recognised, cuts: cuts, of: historyID, in: scrumID)
        case .failure(let failure):
          self.statuses.value[historyID] = .failed(failure.reason)
        }
        self.next()
      })
    running = (historyID, task)
  }

  /// Keeps `recognised` (on the recording's timeline) as the transcript of `historyID`.
  private func save(_ recognised: [TranscriptSegment], cuts: RecordingCuts, of historyID: UUID, in scrumID: UUID) {
    let segments = cuts.onMeetingTimeline(recognised)
    do throws(StoreError) {
      try recorder.transcripts.save(segments, of: historyID)  // on this computer only
      recorder.heardSaved(historyID)
      statuses.value[historyID] = nil
      state.updateHistory(historyID, of: scrumID) { $0.transcript = segments }
    } catch {
      statuses.value[historyID] = .failed(error.description)
    }
  }
}
