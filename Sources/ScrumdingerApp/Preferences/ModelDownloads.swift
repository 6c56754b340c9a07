import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// The speech model's download as the app makes it: libsoup on a worker thread, the
/// checksum off the main loop. SCRUMDINGER_MODEL_URL, SCRUMDINGER_MODEL_SHA256 and
/// SCRUMDINGER_MODEL_SIZE name another source (tests serve one from a loopback server).
@MainActor enum ModelDownloads {
  /// The download of `source` (whisper.cpp's English base model unless the environment
  /// names another) into `folder`.
  static func make(folder: String, source: ModelSource? = nil) -> ModelDownload {
    ModelDownload(folder: folder, source: source ?? configuredSource, fetcher: SoupFetcher()) { path, done in
      WorkerThreads.run({ ModelDownload.sha256(ofFile: path) }, then: done)
    }
  }

  private static var configuredSource: ModelSource {
    let environment = ProcessInfo.processInfo.environment
    guard let url = environment["SCRUMDINGER_MODEL_URL"], let sha256 = environment["SCRUMDINGER_MODEL_SHA256"],
      let size = environment["SCRUMDINGER_MODEL_SIZE"].flatMap(Int.init)
    else { return .englishBase }
    return ModelSource(url: url, sha256: sha256, size: size, fileName: ModelSource.englishBase.fileName)
  }
}

/// libsoup behind the core's Fetcher.
@MainActor private final class SoupFetcher: Fetcher {
  private let fetcher = ModelFetcher()

  func fetch(
    _ url: String, from offset: Int, appendingTo path: String, progress: @escaping @MainActor (Int, Int?) -> Void,
    done: @escaping @MainActor (String?) -> Void
  ) -> any CancellableTask {
    Transfer(fetcher.fetch(url, from: offset, appendingTo: path, progress: progress, done: done))
  }

  private final class Transfer: CancellableTask {
    let transfer: ModelFetcher.Transfer
    init(_ transfer: ModelFetcher.Transfer) { self.transfer = transfer }
    func cancel() { transfer.cancel() }
  }
}
