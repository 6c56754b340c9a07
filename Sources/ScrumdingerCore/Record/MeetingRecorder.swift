import FoundationEssentials
// Recording is opt-in per scrum and per computer (`RecordingConsent`, never the shared file)
// and follows the meeting: it starts with a meeting of a scrum this computer records, pauses
// with it (so the recording's timeline follows the meeting's running time; where each turn
// changed is read on both clocks and kept beside it, `RecordingCuts`), and ends with it:
// deleted when the meeting is discarded; when it is saved, finished properly (the sound still
// on its way reaches the file) and only then handed on, so nothing reads a recording that is
// still being written. The audio itself is an injected
// `AudioCapture` (GStreamer in the app, a fake in tests), so these rules run without a
// microphone. A capture that fails never stops the meeting: the recording so far is kept and
// the problem is said once. Live captions (`CaptionBoard`) hear the same microphone: where the
// meeting is recorded, from the live transcript's own helper; where it is not, from samples
// alone, in a file deleted as soon as the helper has it open, so nothing is left of them.
import Platform

/// Something that records audio to a file.
@MainActor public protocol AudioCapture: AnyObject {
  /// Starts recording to `path` (nil: no recording, for live captions alone), and its 16 kHz
  /// samples to `samples` as well when it is given (raw 32-bit floats, what the speech
  /// recogniser reads while the meeting runs); throws a readable reason when it cannot.
  func start(to path: String?, samples: String?) throws(CaptureFailure)
  /// Stops taking sound in until `resume()`; the file's timeline does not move meanwhile.
  func pause()
  func resume()
  /// How far the file's own timeline has run now (nil when it cannot tell).
  var position: Duration? { get }
  /// Ends the file properly (what was recorded stays playable); `done` runs once the file is
  /// complete. The capture is kept until then.
  func finish(then done: @escaping @MainActor () -> Void)
  /// Called with a readable reason when recording stops on its own (no microphone, a full
  /// disk); what was written so far stays.
  var onFailure: (@MainActor (String) -> Void)? { get set }
  /// Stops writing the samples (no one reads them any more); the recording goes on.
  func stopSamples()
}

/// Why audio could not be recorded, in words a user knows.
public struct CaptureFailure: Error, Equatable, Sendable {
  public var reason: String
  public init(reason: String) { self.reason = reason }
}

/// Records the meetings of the scrums this computer records, to `folder`/HISTORY-ID.ogg.
@MainActor public final class MeetingRecorder: MeetingEffect {
  /// Where recordings are kept (the data folder's `recordings`).
  public let folder: String
  /// Which scrums this computer records.
  public let consent: RecordingConsent
  /// The transcripts of the meetings recorded here (`transcripts` beside `folder`).
  public let transcripts: TranscriptStore
  private let makeCapture: @MainActor () -> any AudioCapture
  private var capture: (any AudioCapture)?
  private var path: String?
  /// Where the turns of the meeting under way changed, on its timeline and the recording's.
  private var cuts = RecordingCuts()
  /// The saved meetings whose recordings are still being finished (their captures, then what
  /// is left of their windows being heard).
  private var finishing: [UUID: any AudioCapture] = [:]
  /// The meeting under way heard as it is recorded, if the speech engine can.
  private var live: LiveTranscript?
  /// The saved meetings whose last windows are being heard.
  private var hearing: [UUID: LiveTranscript] = [:]
  /// Starts hearing a recording as it is made (from its samples file, keeping what it heard in
  /// a file of its own, the recording's position read in milliseconds); nil when it cannot.
  /// The transcriber sets it.
  public var makeLive:
    (
      @MainActor (
        _ samples: String, _ language: SpeechLanguage, _ heardFile: String, _ position: @escaping @MainActor () -> Int?,
        _ captions: (@MainActor (CaptionWords) -> Void)?
      ) -> LiveTranscript?
    )?
  /// Starts captioning the growing samples file `samples` alone (the meeting is not
  /// recorded), in the language given, each step's words to the handler; nil when it cannot.
  /// The transcriber sets it.
  public var makeCaptions:
    (
      @MainActor (
        _ samples: String, _ language: SpeechLanguage, _ captions: @escaping @MainActor (CaptionWords) -> Void,
        _ failed: @escaping @MainActor (String) -> Void
      ) -> (any SpeechListener)?
    )?
  /// Why a scrum's meetings cannot be heard here (its language), or nil: said when its
  /// captions cannot start. The transcriber sets it.
  public var unheardReason: (@MainActor (DailyScrum) -> String?)?
  /// The language the meeting under way is heard in (nil: one no model here hears).
  private var language: SpeechLanguage?
  /// What is said when its captions cannot start.
  private var captionsUnavailable = Texts.captionsUnavailable
  /// What the live captions of the meeting under way show (nil: it has none).
  public let captions = ObservableValue<CaptionBoard?>(nil)
  /// What the microphone is on for now, as every view of the meeting says.
  public let microphoneUse = ObservableValue<MicrophoneUse>(.off)
  private var microphoneObservations: [ObservationToken] = []
  /// The meeting's captions from samples alone, when it is not recorded.
  private var captionsOnly: (listener: any SpeechListener, samples: String)?
  /// Wakes to clear the captions after a silence, and to find a recogniser fallen behind.
  private var captionWake: Timeout?
  private let clock: any MonotonicClock
  /// Whether the meeting under way is being recorded now (its page says "Recording").
  public let isRecording = ObservableValue(false)
  /// The last meeting whose recording started (it stays recorded if the sound stops early).
  public private(set) var lastRecorded: UUID?
  /// Called once with a readable message when a recording cannot start or stops early.
  public var onProblem: (@MainActor (String) -> Void)?
  /// Called when the recording of a saved meeting is complete (its file finished).
  public var onRecordingComplete: (@MainActor (UUID) -> Void)?
  /// Whether a saved meeting's recording is still being finished (quitting waits for it).
  public var isFinishing: Bool { !finishing.isEmpty }

  /// Records into `folder` the meetings of the scrums `consent` names, with a new capture
  /// from `makeCapture` for each meeting.
  public init(
    folder: String, consent: RecordingConsent, clock: any MonotonicClock = GLibMonotonicClock(),
    makeCapture: @escaping @MainActor () -> any AudioCapture
  ) {
    self.folder = folder
    self.consent = consent
    self.clock = clock
    transcripts = TranscriptStore(folder: Files.folder(of: folder) + "/transcripts")
    self.makeCapture = makeCapture
    let update: @MainActor () -> Void = { [weak self] in
      guard let self else { return }
      let use = MicrophoneUse(recording: isRecording.value, captions: captions.value?.isRunning == true)
      if use != microphoneUse.value { microphoneUse.value = use }
    }
    microphoneObservations = [isRecording.observe { _ in update() }, captions.observe { _ in update() }]
  }

  /// The recording of past meeting `historyID`, if there is one and it is complete.
  public func recording(of historyID: UUID) -> String? {
    guard finishing[historyID] == nil else { return nil }
    let file = path(of: historyID)
    return Files.isRegularFile(file) ? file : nil
  }

  /// The past meetings that have a complete recording, and those whose transcription the
  /// user stopped (one read of the folder, however long the history).
  public func recordedMeetings() -> (recorded: Set<UUID>, stopped: Set<UUID>) {
    var recorded = Set<UUID>()
    var stopped = Set<UUID>()
    for name in names() {
      if name.hasSuffix(".ogg"), let id = UUID(uuidString: String(name.dropLast(4))), finishing[id] == nil {
        recorded.insert(id)
      }
      if name.hasSuffix(".ogg.stopped"), let id = UUID(uuidString: String(name.dropLast(12))) { stopped.insert(id) }
    }
    return (recorded, stopped)
  }

  /// What was heard of past meeting `historyID` while it ran (nothing: from the start).
  public func heard(of historyID: UUID) -> HeardSoFar {
    Files.regularText(of: path(of: historyID) + ".heard", limit: Self.companionLimit).map(HeardSoFar.init(fileText:))
      ?? HeardSoFar()
  }

  /// The transcript of past meeting `historyID` is saved: what its windows heard is let go.
  public func heardSaved(_ historyID: UUID) {
    Files.remove(path(of: historyID) + ".heard")
  }

  /// Where the turns of past meeting `historyID` changed on its recording (none known: no cuts).
  public func cuts(of historyID: UUID) -> RecordingCuts {
    Files.regularText(of: path(of: historyID) + ".turns", limit: Self.companionLimit).map(RecordingCuts.init(fileText:))
      ?? RecordingCuts()
  }

  /// Deletes the recording of past meeting `historyID`, if any (and its stopped mark, its
  /// turns, the samples decoded from it and what was heard of it).
  public func deleteRecording(of historyID: UUID) {
    // Its last windows, still being heard, are heard no more: nothing writes `.heard` again.
    hearing.removeValue(forKey: historyID)?.cancel()
    finishing[historyID] = nil
    for suffix in Self.companions { Files.remove(path(of: historyID) + suffix) }
  }

  /// The files kept beside a recording, by the ending added to its name ("" the recording).
  private static let companions = ["", ".stopped", ".turns", ".samples", ".heard"]
  /// The most of `.heard` or `.turns` read: what a day-long meeting's text and turns take,
  /// many times over (each is refused whole past it, as a file placed there by another program).
  private static let companionLimit = 64 << 20

  /// Deletes all this computer keeps of past meeting `historyID`: its recording and its
  /// transcript (the meeting itself is gone for good).
  public func forgetMeeting(_ historyID: UUID) {
    deleteRecording(of: historyID)
    transcripts.delete(of: historyID)
  }

  /// At start, before any transcription runs: deletes every file of samples decoded for a
  /// transcription that a crash left (made again from the recording when needed), and the
  /// samples of a captioned meeting a crash cut before its helper had them open.
  public func removeDecodedSamples() {
    for name in names()
    where name.hasSuffix(".ogg.samples") || (name.hasPrefix("captions-") && name.hasSuffix(".samples")) {
      Files.remove(folder + "/" + name)
    }
  }

  /// At start, once the scrums are read and the copies left meanwhile merged: moves to the
  /// Trash every recording and transcript whose meeting is not among `kept` (every history
  /// entry and the journal's meeting) — deleted while its Undo was up when the app ended, a
  /// crash, a scrum a merge took away — where the user can still find and restore it. The
  /// meeting being recorded and recordings being finished are kept. Other files are left alone.
  public func removeLeftovers(keeping meetings: Set<UUID>) {
    var kept = meetings.union(finishing.keys)
    if let path, let id = UUID(uuidString: String(Files.name(of: path).dropLast(4))) { kept.insert(id) }
    transcripts.removeLeftovers(keeping: kept)
    for name in names() where Self.companions.contains(where: { $0 != ".samples" && name.hasSuffix(".ogg" + $0) }) {
      guard let id = name.split(separator: ".", maxSplits: 1).first.flatMap({ UUID(uuidString: String($0)) }),
        !kept.contains(id)
      else { continue }
      Path.trash(folder + "/" + name)
    }
  }

  /// The names of the files in the recordings folder (one read of it).
  private func names() -> [String] {
    Files.names(in: folder)
  }

  public func meeting(_ session: MeetingSession, did event: MeetingEvent) {
    switch event {
    case .started:
      let captioned = consent.captions(session.scrum.id)
      // Recorded whatever it is in (the audio waits for a model); heard only in a language a
      // model here hears, never in another.
      let unheard = unheardReason?(session.scrum)
      language = unheard == nil ? session.scrum.speechLanguage : nil
      captionsUnavailable = unheard.map(Texts.captionsOff) ?? Texts.captionsUnavailable
      if consent.records(session.scrum.id) {
        start(to: path(of: session.historyID), captioned: captioned)
        if isRecording.value { lastRecorded = session.historyID }
      } else if captioned {
        startCaptions(for: session.historyID)
      }
    case .paused:
      capture?.pause()
      live?.pause()
    case .resumed:
      capture?.resume()
      live?.resume()
    case .speakerChanged:
      guard let capture, let position = capture.position else { return }
      // Both clocks read now; the change itself may have been a moment ago (a late tick).
      let now = session.timer.runningTime
      let change = session.timer.turnChanges.last ?? now
      let cut = RecordingCuts.Cut(
        meetingMilliseconds: Self.milliseconds(change),
        recordingMilliseconds: Self.milliseconds(position - (now - change)))
      guard cuts.append(cut) else { return }
      captions.value?.turnBegan(cuts.cuts.count, at: cut.recordingMilliseconds)
      captionsOnly?.listener.turn(at: cut.recordingMilliseconds)
      // Written at once, a line a change: a meeting recovered after a crash keeps them too.
      if let path {
        Files.append(cut.line, toPrivate: path + ".turns")
        live?.cut(at: cut.recordingMilliseconds)
      }
    case .ended(let saved):
      stopCaptions()
      guard let capture, let path else {
        self.capture = nil
        return stop()
      }
      let live = self.live
      stop()
      guard saved else {  // the capture, let go, stops where it is
        live?.cancel()
        for suffix in Self.companions where suffix != ".samples" { Files.remove(path + suffix) }
        return Files.removeOffMainLoop(path + ".samples")
      }
      let historyID = session.historyID
      finishing[historyID] = capture
      capture.finish { [weak self] in
        // The file complete, the windows left are heard (a few seconds), then it is handed on.
        let complete: @MainActor () -> Void = { [weak self] in
          self?.hearing[historyID] = nil
          guard let self, finishing.removeValue(forKey: historyID) != nil else { return }
          Files.removeOffMainLoop(path + ".samples")
          onRecordingComplete?(historyID)
        }
        guard let self, let live else { return complete() }
        hearing[historyID] = live
        live.finish(then: complete)
      }
    case .timeUp, .turnWarning, .meetingWarning, .overtimeStarted, .minuteAdded: break
    }
  }

  /// A meeting a crash interrupted was saved after all: its recording, as the crash left it,
  /// is complete (and is transcribed like any other).
  public func recoveredMeetingSaved(_ historyID: UUID) {
    guard recording(of: historyID) != nil else { return }
    onRecordingComplete?(historyID)
  }

  private static func milliseconds(_ duration: Duration) -> Int {
    Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
  }

  private func path(of historyID: UUID) -> String { folder + "/" + historyID.uuidString + ".ogg" }

  private func start(to file: String, captioned: Bool) {
    guard Files.makeFolder(folder) else {
      return say(tr("the folder %@ cannot be made", folder))
    }
    // Readable by this user alone, whatever the umask: the capture writes into it.
    guard Files.createPrivate(file: file) else { return say(tr("the file %@ cannot be made", file)) }
    let capture = makeCapture()
    capture.onFailure = { [weak self, weak capture] reason in
      guard let self, capture === self.capture else { return }
      self.live?.cancel()  // what it heard is kept: the rest is transcribed after the meeting
      self.stop()
      self.say(reason)
    }
    // The samples the recogniser reads as the meeting runs: this user's alone, like the recording.
    let samples = file + ".samples"
    var words: (@MainActor (CaptionWords) -> Void)?
    if captioned { words = { [weak self] words in self?.caption(words) } }
    let position: @MainActor () -> Int? = { [weak self] in self?.capture?.position.map(Self.milliseconds) }
    var live: LiveTranscript?
    if let language, Files.createPrivate(file: samples) {
      live = makeLive?(samples, language, file + ".heard", position, words)
    }
    if live == nil { Files.remove(samples) }
    // The samples are written only while the live transcript reads them: it stops, they stop.
    live?.onStopped = { [weak self, weak capture] reason in
      capture?.stopSamples()
      Files.removeOffMainLoop(samples)
      self?.stopCaptions(because: Texts.captionsStopped)
      if let reason { self?.onProblem?(reason) }
    }
    do throws(CaptureFailure) {
      try capture.start(to: file, samples: live == nil ? nil : samples)
    } catch {
      live?.cancel()
      Files.remove(samples)
      return say(error.reason)
    }
    self.capture = capture
    path = file
    isRecording.value = true
    self.live = live
    live?.resume()  // the recording runs: the first window is due in 30 s
    if captioned {
      captions.value = CaptionBoard()
      if live == nil { stopCaptions(because: captionsUnavailable) }
    }
  }

  /// Captions alone for meeting `historyID`: the microphone's samples to a file of this
  /// user's, which goes as soon as the helper has it open (its first words), whatever happens
  /// next; no recording, no text kept.
  private func startCaptions(for historyID: UUID) {
    let samples = folder + "/captions-" + historyID.uuidString + ".samples"
    guard let language, Files.makeFolder(folder), Files.createPrivate(file: samples) else {
      onProblem?(captionsUnavailable)
      return
    }
    let capture = makeCapture()
    capture.onFailure = { [weak self, weak capture] reason in
      guard let self, capture === self.capture else { return }
      stopCaptions()
      self.capture = nil
      onProblem?(tr("Live captions stopped: %@. The meeting goes on.", reason))
    }
    guard
      let listener = makeCaptions?(
        samples, language, { [weak self] in self?.caption($0) },
        { [weak self] _ in
          self?.stopCaptions(because: Texts.captionsStopped)
        })
    else {
      Files.remove(samples)
      onProblem?(captionsUnavailable)
      return
    }
    do throws(CaptureFailure) {
      try capture.start(to: nil, samples: samples)
    } catch {
      listener.cancel()
      Files.remove(samples)
      onProblem?(tr("Live captions stopped: %@. The meeting goes on.", error.reason))
      return
    }
    self.capture = capture
    captionsOnly = (listener, samples)
    captions.value = CaptionBoard()
  }

  /// A step of the captions' words: shown, and the wake-ups for a silence and for a recogniser
  /// that falls behind set again.
  private func caption(_ words: CaptionWords) {
    guard var board = captions.value, board.isRunning else { return }
    if let samples = captionsOnly?.samples, Files.exists(samples) { Files.remove(samples) }  // the helper has it open
    let now = clock.now
    board.heard(words.text, final: words.isFinal, to: words.to, at: now)
    captions.value = board
    wakeForCaptions()
  }

  private func wakeForCaptions() {
    captionWake?.cancel()
    guard let board = captions.value, board.isRunning else {
      captionWake = nil
      return
    }
    // No line from the recogniser for this long means it has fallen behind.
    var wait = Duration.milliseconds(CaptionBoard.mostBehind + 1_000)
    if let clearsAt = board.clearsAt { wait = min(wait, max(.zero, clearsAt - clock.now)) }
    captionWake = Timeout(after: wait) { [weak self] in self?.checkCaptions() }
  }

  private func checkCaptions() {
    guard var board = captions.value else { return }
    board.clearIfSilent(now: clock.now)
    captions.value = board
    // Checked on a copy: `stopCaptions` stops the board itself and says why, once.
    var checked = board
    if let said = capture?.position.flatMap({ checked.check(position: Self.milliseconds($0)) }) {
      stopCaptions(because: said)
    } else {
      wakeForCaptions()
    }
  }

  /// Stops the captions: with `reason`, said once, the board kept (stopped) for the meeting's
  /// views; without, at the meeting's end, the board goes.
  private func stopCaptions(because reason: String? = nil) {
    captionWake?.cancel()
    captionWake = nil
    if let (listener, samples) = captionsOnly {  // the microphone was on for the captions alone
      listener.cancel()
      Files.remove(samples)
      captionsOnly = nil
      capture = nil
    }
    guard let reason else {
      captions.value = nil
      return
    }
    guard var board = captions.value, let said = board.stop(because: reason) else { return }
    captions.value = board
    onProblem?(said)
  }

  private func stop() {
    live = nil
    capture = nil
    path = nil
    cuts = RecordingCuts()
    isRecording.value = false
  }

  private func say(_ reason: String) {
    onProblem?(tr("Recording stopped: %@. The meeting goes on.", reason))
  }
}
