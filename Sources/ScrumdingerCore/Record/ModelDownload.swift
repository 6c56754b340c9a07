import FoundationEssentials
// The one download the app makes, and only when the user asks: a speech model, from the
// place whisper.cpp publishes its models, checked against the SHA-256 and the exact size
// published for it. Bytes go to NAME.part in the models folder, so a cancelled or cut
// download resumes from where it stopped (an HTTP Range request); a transfer that goes past
// the published size, or a server that offers another size, is stopped at once (no disk
// filled by a wrong answer); only a file of that size whose SHA-256 matches is renamed into
// place, so a wrong or damaged file is never used. The transfer and the
// checksum run off the main loop (the injected fetcher and hasher); this is the bookkeeping.
import Platform

/// Where a speech model comes from.
public struct ModelSource: Equatable, Sendable {
  /// The address to download from.
  public var url: String
  /// The SHA-256 published for the file, in lowercase hex.
  public var sha256: String
  /// The file's size in bytes, as published.
  public var size: Int
  /// The file's name in the models folder.
  public var fileName: String

  public init(url: String, sha256: String, size: Int, fileName: String) {
    self.url = url
    self.sha256 = sha256.lowercased()
    self.size = size
    self.fileName = fileName
  }

  /// whisper.cpp's English base model in 5-bit (57 MiB), the one offered first: a download
  /// 40 % the size of the full-precision file's. Its SHA-256 and size are those its
  /// publisher's file store gives for it (the Git LFS object of the file).
  public static let englishBaseQuantized = ModelSource(
    url: "https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-base.en-q5_1.bin",
    sha256: "4baf70dd0d7c4247ba2b81fafd9c01005ac77c2f9ef064e00dcf195d0e2fdd2f", size: 59_721_011,
    fileName: "ggml-base.en-q5_1.bin")

  /// whisper.cpp's English base model at full precision (142 MiB): 2.1 % word error on read
  /// speech here. Its SHA-256 and size are those its publisher's file store gives for it.
  public static let englishBase = ModelSource(
    url: "https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-base.en.bin",
    sha256: "a03779c86df3323075f5e796cb2ce5029f00ec8869eee3fdfb897afe36c6d002", size: 147_964_211,
    fileName: "ggml-base.en.bin")

  /// whisper.cpp's multilingual base model in 5-bit (57 MiB): what a scrum held in any
  /// language but English needs. Its SHA-256 and size are those its publisher's file store
  /// gives for it; `make speech` makes the same model from the same weights for the tests.
  public static let multilingualBaseQuantized = ModelSource(
    url: "https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-base-q5_1.bin",
    sha256: "422f1ae452ade6f30a004d7e5c6a43195e4433bc370bf23fac9cc591f01a8898", size: 59_707_625,
    fileName: "ggml-base-q5_1.bin")
}

/// Downloads bytes, off the main loop.
@MainActor public protocol Fetcher: AnyObject {
  /// Appends what `url` holds from byte `offset` on to the file at `path`. `progress` hears
  /// the bytes the file holds and the whole size when known; `done` nil, or why it stopped.
  func fetch(
    _ url: String, from offset: Int, appendingTo path: String, progress: @escaping @MainActor (Int, Int?) -> Void,
    done: @escaping @MainActor (String?) -> Void
  ) -> any CancellableTask
}

/// Where the download stands.
public enum DownloadState: Equatable, Sendable {
  case idle
  /// Bytes received of the whole (nil until the server says).
  case downloading(received: Int, total: Int?)
  /// Checking the file against its published checksum.
  case verifying
  /// The model is in place.
  case installed
  /// Stopped by the user; starting again resumes.
  case cancelled
  /// Why it failed (what was downloaded is kept for a resume, unless it was wrong).
  case failed(String)
}

/// The speech model's download.
@MainActor public final class ModelDownload {
  /// The models folder.
  public let folder: String
  /// What is downloaded.
  public let source: ModelSource
  private let fetcher: any Fetcher
  private let sha256: (String, @escaping @MainActor (String?) -> Void) -> Void
  private var task: (any CancellableTask)?
  /// Where it stands.
  public let state = ObservableValue<DownloadState>(.idle)

  /// A download of `source` into `folder` through `fetcher`; `sha256` hashes a file (off the
  /// main loop in the app) and calls back with its lowercase hex SHA-256, or nil.
  public init(
    folder: String, source: ModelSource, fetcher: any Fetcher,
    sha256: @escaping (String, @escaping @MainActor (String?) -> Void) -> Void
  ) {
    self.folder = folder
    self.source = source
    self.fetcher = fetcher
    self.sha256 = sha256
  }

  private var target: String { folder + "/" + source.fileName }
  private var partial: String { target + ".part" }

  /// Starts, or resumes from what an earlier try left.
  public func start() {
    guard task == nil, state.value != .verifying else { return }
    guard Files.makeFolder(folder) else {
      state.value = .failed(tr("the folder %@ cannot be made", folder))
      return
    }
    if !Files.exists(partial) { Files.createPrivate(file: partial) }
    let offset = Files.size(of: partial)
    state.value = .downloading(received: offset, total: nil)
    task = fetcher.fetch(
      source.url, from: offset, appendingTo: partial,
      progress: { [weak self] received, total in
        guard let self, self.task != nil else { return }
        guard received <= self.source.size, total.map({ $0 == self.source.size }) ?? true else {
          return self.refuse(tr("the server offers a file of another size than the published model"))
        }
        self.state.value = .downloading(received: received, total: total)
      },
      done: { [weak self] problem in
        guard let self, self.task != nil else { return }
        self.task = nil
        if let problem {
          self.state.value = .failed(problem)
          return
        }
        self.verify()
      })
  }

  /// Stops; what arrived is kept, and `start()` goes on from there.
  public func cancel() {
    task?.cancel()
    task = nil
    if case .downloading = state.value { state.value = .cancelled }
  }

  /// Stops and throws away what arrived: a wrong file is never kept, nor resumed.
  private func refuse(_ reason: String) {
    task?.cancel()
    task = nil
    Files.remove(partial)
    state.value = .failed(reason)
  }

  private func verify() {
    guard Files.size(of: partial) == source.size else {
      return refuse(tr("the downloaded file does not have the published model's size"))
    }
    state.value = .verifying
    let expected = source.sha256
    let (partial, target) = (self.partial, self.target)
    sha256(partial) { [weak self] actual in
      guard let self else { return }
      guard actual == expected else {
        return self.refuse(tr("the downloaded file does not match its published checksum"))
      }
      guard (try? Files.rename(partial, to: target)) != nil else {
        self.state.value = .failed(tr("the model could not be put in place"))
        return
      }
      self.state.value = .installed
    }
  }
}
