import FoundationEssentials
import Glibc
import GtkShim
import ScrumdingerCore

/// Speech to text on this computer: GStreamer decodes the recording to 16 kHz samples (a
/// temporary file beside it), then whisper.cpp recognises them on a worker thread. The model
/// is the user's (the data folder's `models`), else the one `make` prepares in the build tree;
/// SCRUMDINGER_WHISPER_MODEL names another.
@MainActor final class WhisperEngine: SpeechEngine {
  let modelsFolder: String
  private var recognizer: SpeechRecognizer?

  /// An engine using models from `modelsFolder`.
  init(modelsFolder: String) {
    self.modelsFolder = modelsFolder
  }

  /// The model file in use, if any.
  var model: String? {
    if let chosen = getenv("SCRUMDINGER_WHISPER_MODEL").map({ String(cString: $0) }) {
      return FileManager.default.fileExists(atPath: chosen) ? chosen : nil
    }
    let own = ((try? FileManager.default.contentsOfDirectory(atPath: modelsFolder)) ?? [])
      .filter { $0.hasPrefix("ggml-") && $0.hasSuffix(".bin") }.sorted()
    return own.first.map { modelsFolder + "/" + $0 } ?? ResourceLocator.buildTreeSpeechModel
  }

  var unavailableReason: String? {
    guard ResourceLocator.speechLibrary != nil else { return tr("the speech library is not installed") }
    return model == nil ? tr("no speech model") : nil
  }

  func transcribe(
    _ path: String, progress: @escaping @MainActor (Int) -> Void,
    done: @escaping @MainActor (Result<[TranscriptSegment], CaptureFailure>) -> Void
  ) -> any CancellableTask {
    let task = WhisperTask()
    guard let model, let library = ResourceLocator.speechLibrary else {
      done(.failure(CaptureFailure(reason: unavailableReason ?? tr("no speech model"))))
      return task
    }
    let samples = path + ".samples"
    let finish: @MainActor (Result<[TranscriptSegment], CaptureFailure>) -> Void = { result in
      unlink(samples)
      done(result)
    }
    do throws(SoundPlayer.Unavailable) {
      let recognizer: SpeechRecognizer
      if let existing = self.recognizer {
        recognizer = existing
      } else {
        recognizer = try SpeechRecognizer(library: library)
        self.recognizer = recognizer
      }
      Path.createPrivate(file: samples)  // the decoded speech is the user's alone, whatever the umask
      task.decoder = try AudioDecoder(input: path, output: samples) { [weak task] problem in
        guard let task else { return }
        task.decoder = nil
        if let problem { return finish(.failure(CaptureFailure(reason: problem))) }
        progress(0)
        task.job = recognizer.recognize(samples: samples, model: model, progress: progress) { result in
          switch result {
          case .success(let segments):
            finish(.success(segments.map {
              TranscriptSegment(startMilliseconds: $0.startMilliseconds, endMilliseconds: $0.endMilliseconds, text: $0.text)
            }))
          case .failure(let failure): finish(.failure(CaptureFailure(reason: failure.reason)))
          }
        }
      }
      task.samples = samples
    } catch {
      finish(.failure(CaptureFailure(reason: error.reason)))
    }
    return task
  }
}

/// A recording being decoded, then recognised.
@MainActor private final class WhisperTask: CancellableTask {
  var decoder: AudioDecoder?
  var job: SpeechRecognizer.Job?
  var samples: String?

  func cancel() {
    decoder?.cancel()
    decoder = nil
    job?.cancel()
    if let samples { unlink(samples) }
  }
}

extension WhisperEngine {
  /// Copies the model file at `path` into the models folder (off the main loop), after
  /// checking it is a whisper.cpp model; `done` hears nil, or why it cannot be used.
  func adopt(modelFile path: String, done: @escaping @MainActor (String?) -> Void) {
    let name = Path.name(of: path)
    let target = modelsFolder + "/" + (name.hasPrefix("ggml-") ? name : "ggml-" + name)
    let folder = modelsFolder
    WorkerThreads.run({ Self.copyModel(path, to: target, folder: folder) }, then: done)
  }

  private nonisolated static func copyModel(_ path: String, to target: String, folder: String) -> String? {
    guard let input = fopen(path, "rb") else { return String(cString: strerror(errno)) }
    defer { fclose(input) }
    var magic: UInt32 = 0
    guard fread(&magic, 4, 1, input) == 1, magic == 0x6767_6D6C else { return tr("it is not a whisper.cpp model file") }
    rewind(input)
    guard mkdir(folder, 0o700) == 0 || errno == EEXIST, let output = fopen(target + ".part", "wb") else {
      return String(cString: strerror(errno))
    }
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 20)
    defer { buffer.deallocate() }
    var failed = false
    while !failed {
      let count = fread(buffer, 1, 1 << 20, input)
      if count > 0, fwrite(buffer, 1, count, output) != count { failed = true }
      if count < 1 << 20 { break }
    }
    failed = failed || ferror(input) != 0 || fflush(output) != 0 || fsync(fileno(output)) != 0
    let reason = failed ? String(cString: strerror(errno)) : nil
    fclose(output)
    if failed || rename(target + ".part", target) != 0 {
      unlink(target + ".part")
      return reason ?? String(cString: strerror(errno))
    }
    return nil
  }
}
