import FoundationEssentials
import Glibc
import GtkShim
import Platform
import ScrumdingerCore

/// Speech to text on this computer: GStreamer decodes the recording to 16 kHz samples (a
/// temporary file beside it), then `scrumdinger-transcribe` recognises them in a process of
/// its own (a model that crashes it never takes the app down; its memory leaves with it). The
/// model is the newest in the data folder's `models` that hears the scrum's language and was
/// not set aside after a failure, else one `make` prepares in the build tree (tiny.en for
/// English, base for the rest); `LaunchEnvironment.whisperModel` names another.
@MainActor package final class WhisperEngine: SpeechEngine {
  let modelsFolder: String
  /// The helper, looked for when speech is first needed (not at start-up).
  private lazy var helper: String? = findHelper()
  private let findHelper: @MainActor () -> String?
  /// Silero's voice activity model, which captions need, looked for when they first start.
  private let findVoiceActivityModel: @MainActor () -> String?
  private let setAside: SetAsideModels
  private var probing: HelperRun?
  /// The languages' names, for saying which one no model hears (read when first needed).
  private lazy var names = LanguageNames()

  /// An engine running `helper` (looked for on first use) on models from `modelsFolder`,
  /// captioning with `voiceActivityModel`.
  package init(
    modelsFolder: String, helper: @escaping @autoclosure @MainActor () -> String? = ResourceLocator.speechHelper,
    voiceActivityModel: @escaping @autoclosure @MainActor () -> String? = ResourceLocator.voiceActivityModel
  ) {
    self.modelsFolder = modelsFolder
    findHelper = helper
    findVoiceActivityModel = voiceActivityModel
    setAside = SetAsideModels(modelsFolder: modelsFolder)
  }

  /// The model English is heard with, if any.
  package var model: String? { model(for: .english, among: models, besides: setAside.paths) }

  /// The models there are, in tiers, the most preferred first: the one the environment names
  /// alone; else the user's own (newest first), then the build tree's, which are used only for
  /// a language none of the user's own hears.
  private var models: [[SpeechModelFile]] {
    if let chosen = LaunchEnvironment.whisperModel {
      return [Files.exists(chosen) ? [Self.modelFile(chosen)] : []]
    }
    let own = Files.names(in: modelsFolder)
      .filter { $0.hasPrefix("ggml-") && $0.hasSuffix(".bin") }
      .map { modelsFolder + "/" + $0 }
      .map { (path: $0, modified: Files.modified($0)) }  // one stat a file
      .sorted { $0.modified > $1.modified }
      .map(\.path)
    return [own.map(Self.modelFile), ResourceLocator.buildTreeSpeechModels.map(Self.modelFile)]
  }

  /// The model `language` is heard with when the models in `aside` were set aside: of the
  /// first tier with one that hears it, the first not set aside, else the first (then the
  /// reason says it cannot be read).
  private func model(for language: SpeechLanguage, among models: [[SpeechModelFile]], besides aside: Set<String>)
    -> String?
  {
    for tier in models {
      let hearing = tier.filter { $0.hears(language) }.map(\.path)
      if let first = hearing.first { return hearing.first { !aside.contains($0) } ?? first }
    }
    return nil
  }

  package func unavailableReason(for language: SpeechLanguage) -> String? { choice(for: language).reason }

  /// The model `language` is heard with, or why none can be: the models folder, their headers
  /// and the set-aside file read once.
  private func choice(for language: SpeechLanguage) -> (model: String?, reason: String?) {
    guard helper != nil else { return (nil, tr("the speech library is not installed")) }
    let aside = setAside.paths
    let models = models
    guard let model = model(for: language, among: models, besides: aside) else {
      return (nil, models.joined().isEmpty ? tr("no speech model") : Texts.modelNeeded(for: names.name(of: language)))
    }
    return (model, aside.contains(model) ? Texts.modelUnreadable : nil)
  }

  /// The model at `path`, multilingual or not as its header says.
  private static func modelFile(_ path: String) -> SpeechModelFile {
    let header = Array((try? Files.regularPrefix(of: path, count: 8)) ?? Data())
    return SpeechModelFile(path: path, hearsManyLanguages: SpeechModelFile.hearsManyLanguages(header: header))
  }

  package func retryModel() { setAside.clear() }

  /// How many threads a transcription uses (the bench sets it to compare like with like).
  package var threadCount: @MainActor () -> Int = { WhisperEngine.threads }

  /// How many threads to use: two on an idle machine with two cores or more, one when the
  /// other cores are busy (ggml's threads then spin waiting for each other, measured).
  static var threads: Int {
    let cores = onlineCores
    var load = [0.0]
    guard cores >= 2, getloadavg(&load, 1) == 1 else { return 1 }
    return load[0] < Double(cores) - 1 ? 2 : 1
  }

  /// The cores online, which both thread rules judge by.
  static var onlineCores: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

  package func transcribe(
    _ path: String, language: SpeechLanguage = .english, cuts: [Int], from: Int = 0,
    progress: @escaping @MainActor (Int) -> Void,
    done: @escaping @MainActor (Result<[TranscriptSegment], CaptureFailure>) -> Void
  ) -> any CancellableTask {
    let task = WhisperTask()
    let choice = choice(for: language)
    guard let model = choice.model, let helper else {
      done(.failure(CaptureFailure(reason: choice.reason ?? tr("no speech model"))))
      return task
    }
    let samples = path + ".samples"
    let finish: @MainActor (Result<[TranscriptSegment], CaptureFailure>) -> Void = { result in
      Files.removeOffMainLoop(samples) { done(result) }
    }
    let (setAside, threadCount) = (self.setAside, self.threadCount)
    do throws(Unavailable) {
      Files.createPrivate(file: samples)  // the decoded speech is the user's alone, whatever the umask
      task.decoder = try AudioDecoder(input: path, output: samples) { [weak task] problem in
        guard let task else { return }
        task.decoder = nil
        if let problem { return finish(.failure(CaptureFailure(reason: problem))) }
        progress(0)
        let audioSeconds = Double(Files.size(of: samples)) / 64_000
        task.run = HelperRun(
          [
            helper, "--language", language.code, model, samples, String(threadCount()),
            cuts.map(String.init).joined(separator: ","), String(from),
          ],
          limit: TranscriptionHelperEnding.timeLimit(audioSeconds: audioSeconds),
          progress: progress
        ) { ending, segments in
          task.run = nil
          if ending == .modelUnreadable { setAside.setAside(model) }
          if let reason = ending.reason { return finish(.failure(CaptureFailure(reason: reason))) }
          finish(.success(segments))
        }
      }
      task.samples = samples
    } catch {
      finish(.failure(CaptureFailure(reason: error.reason)))
    }
    return task
  }

  package func listen(
    to samples: String, language: SpeechLanguage, heard: @escaping @MainActor ([TranscriptSegment], Int?) -> Void,
    failed: @escaping @MainActor (String) -> Void, captions: (@MainActor (CaptionWords) -> Void)?
  ) -> (any SpeechListener)? {
    let choice = choice(for: language)
    guard choice.reason == nil, let model = choice.model, let helper else { return nil }
    var arguments = [helper, "--language", language.code, "--live", model, samples]
    if captions != nil {
      guard let voice = findVoiceActivityModel() else { return nil }
      arguments.append(voice)
    }
    return HelperListener(arguments, heard: heard, captions: captions) { [setAside] ending in
      if ending == .modelUnreadable { setAside.setAside(model) }
      failed(ending.reason ?? tr("the transcription ended too soon"))
    }
  }

  /// Opens the model at `path` in the helper and lets it go, within 10 s: `done` hears nil if
  /// whisper.cpp can read it, else why not.
  func probe(model path: String, done: @escaping @MainActor (String?) -> Void) -> HelperRun? {
    guard let helper else {
      done(tr("the speech library is not installed"))
      return nil
    }
    return HelperRun([helper, "--probe", path], limit: .seconds(10), progress: { _ in }) { ending, _ in
      done(ending.reason)
    }
  }
}

/// A recording being decoded, then recognised.
@MainActor private final class WhisperTask: CancellableTask {
  var decoder: AudioDecoder?
  var run: HelperRun?
  var samples: String?

  func cancel() {
    decoder?.cancel()
    decoder = nil
    run?.cancel()
    run = nil
    if let samples { Files.removeOffMainLoop(samples) }
  }
}

/// One run of the helper: its lines read as they come, stopped (SIGTERM) when cancelled or
/// when it has said nothing for its time limit (a helper that reports progress is working,
/// however slowly a busy machine lets a larger model go); `done` hears how it ended and the
/// segments it wrote, unless cancelled.
@MainActor final class HelperRun {
  private var process: ChildProcess?
  private var limit: Timeout?
  private let limitDuration: Duration
  private var segments: [TranscriptSegment] = []
  private var reason: String?
  private var tooLong = false
  /// Whether the model ran: a segment written, or progress past 0 % (whisper's passes need
  /// the model loaded), so a crash after it is not the model's loading.
  private var ran = false

  /// Starts `arguments`; a failure to start is said to `done` at once.
  init(
    _ arguments: [String], limit: Duration, progress: @escaping @MainActor (Int) -> Void,
    done: @escaping @MainActor (TranscriptionHelperEnding, [TranscriptSegment]) -> Void
  ) {
    limitDuration = limit
    do throws(Unavailable) {
      process = try ChildProcess(
        arguments,
        onLine: { [weak self] text in
          switch TranscriptionHelperLine(text) {
          case .progress(let percent)?:
            if percent > 0 { self?.ran = true }
            self?.armLimit()
            progress(percent)
          case .segment(let segment)?:
            self?.ran = true
            self?.armLimit()
            self?.segments.append(segment)
          case .error(let reason)?: self?.reason = reason
          case .windowDone?, .caption?, nil: break
          }
        },
        onEnd: { [weak self] ending in
          guard let self else { return }
          self.limit?.cancel()
          self.process = nil
          switch ending {
          case .killed where self.tooLong: done(.tooLong, [])
          case .killed(let signal):
            done(
              TranscriptionHelperEnding(
                status: nil, signal: signal, reason: self.reason, spoke: self.ran), [])
          case .exited(let status):
            done(TranscriptionHelperEnding(status: status, reason: self.reason), status == 0 ? self.segments : [])
          }
        })
    } catch {
      done(.failed(error.reason), [])
      return
    }
    armLimit()
  }

  /// Stops the helper once it has said nothing for the limit, from now.
  private func armLimit() {
    limit?.cancel()
    limit = Timeout(after: limitDuration) { [weak self] in
      self?.tooLong = true
      self?.process?.terminate()
    }
  }

  /// Stops it; `done` is not called.
  func cancel() {
    limit?.cancel()
    process = nil  // letting go of it stops the process
  }
}

/// The helper hearing a meeting as it runs (`--live`): each window a line on its standard
/// input, answered by its segments and where the next window begins. It ends when its input
/// does; any other ending is a failure.
@MainActor final class HelperListener: SpeechListener {
  private var process: ChildProcess?
  private var segments: [TranscriptSegment] = []
  private var reason: String?
  /// Whether it has answered a window or written a segment: its model loaded, so a crash
  /// from now on is the transcription's, never the model's.
  private var spoke = false
  /// The processor times read as it started and as the last windows were asked for, oldest
  /// first: what the threads of the rest of a meeting are judged by.
  private var readings: [ProcessorTime] = []

  /// Starts `arguments`: `heard` hears each window's segments and where the next begins,
  /// `failed` how it ended before its input did (at once when it cannot start).
  init(
    _ arguments: [String], heard: @escaping @MainActor ([TranscriptSegment], Int?) -> Void,
    captions: (@MainActor (CaptionWords) -> Void)?, failed: @escaping @MainActor (TranscriptionHelperEnding) -> Void
  ) {
    do throws(Unavailable) {
      process = try ChildProcess(
        arguments, input: true,
        onLine: { [weak self] text in
          guard let self else { return }
          switch TranscriptionHelperLine(text) {
          case .segment(let segment)?:
            spoke = true
            segments.append(segment)
          case .windowDone(let next)?:
            spoke = true
            let said = segments
            segments = []
            if next == nil { process?.closeInput() }
            heard(said, next)
          case .caption(let words)?:
            spoke = true
            captions?(words)
          case .error(let reason)?: self.reason = reason
          case .progress?, nil: break
          }
        },
        onEnd: { [weak self] ending in
          guard let self else { return }
          process = nil
          switch ending {
          case .exited(0): break  // its input ended: every window asked for was answered
          case .exited(let status): failed(TranscriptionHelperEnding(status: status, reason: reason))
          case .killed(let signal):
            failed(TranscriptionHelperEnding(status: nil, signal: signal, reason: reason, spoke: spoke))
          }
        })
    } catch {
      failed(.failed(error.reason))
    }
    readings = [reading].compactMap { $0 }
  }

  /// The machine's and the helper's processor times now; nil once it has ended.
  private var reading: ProcessorTime? { process?.identifier.flatMap { ProcessorTime.now(process: $0) } }

  func recognise(_ window: TranscriptWindows.Window) {
    guard let process else { return }
    let now = reading
    let cores = WhisperEngine.onlineCores
    process.send(window.line(threads: WindowThreads.count(for: window, cores: cores, before: readings, now: now)))
    readings = (readings + [now].compactMap { $0 }).suffix(3)
  }

  func turn(at milliseconds: Int) {
    process?.send("turn \(milliseconds)\n")
  }

  func cancel() {
    process = nil  // letting go of it stops the process
  }
}

extension WhisperEngine {
  /// Copies the model file at `path` into the models folder (off the main loop), after
  /// checking it is a whisper.cpp model the helper can open; `done` hears nil, or why it
  /// cannot be used. A model chosen lets every model set aside be tried again.
  package func adopt(modelFile chosen: String, done: @escaping @MainActor (String?) -> Void) {
    // The file the user chose, through a link of theirs if it is one; read by the rules of a
    // regular file from there.
    let path = Files.resolved(chosen) ?? chosen
    let name = Files.name(of: chosen)
    let target = modelsFolder + "/" + (name.hasPrefix("ggml-") ? name : "ggml-" + name)
    WorkerThreads.run(
      { Self.looksLikeModel(path) },
      then: { [weak self] problem in
        guard let self else { return }
        if let problem { return done(problem) }
        self.probing = self.probe(model: path) { [weak self] problem in
          self?.probing = nil
          if let problem { return done(problem) }
          WorkerThreads.run(
            { () -> String? in
              do throws(RegularFileProblem) {
                try Files.copyRegular(path, to: target)
                return nil
              } catch {
                return UnreadableReason(error).description
              }
            },
            then: { [weak self] problem in
              if problem == nil { self?.setAside.clear() }
              done(problem)
            })
        }
      })
  }

  /// Nil when the file at `path` begins as a whisper.cpp model does, else why not.
  private nonisolated static func looksLikeModel(_ path: String) -> String? {
    // A pipe or a device named like a model is never read (it would block for ever).
    let magic: Data
    do throws(RegularFileProblem) {
      magic = try Files.regularPrefix(of: path, count: 4)
    } catch {
      switch error {
      case .isFolder, .notRegular: return tr("it is not a whisper.cpp model file")
      default: return UnreadableReason(error).description
      }
    }
    return magic == Data([0x6C, 0x6D, 0x67, 0x67]) ? nil : tr("it is not a whisper.cpp model file")
  }
}
