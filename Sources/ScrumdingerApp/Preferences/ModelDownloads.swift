import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// The speech model's download as the app makes it: libsoup on a worker thread, the
/// checksum off the main loop. SCRUMDINGER_MODEL_URL and SCRUMDINGER_MODEL_SHA1 name another
/// source (tests serve one from a loopback server).
@MainActor enum ModelDownloads {
  /// The download of `source` (whisper.cpp's English base model unless the environment
  /// names another) into `folder`.
  static func make(folder: String, source: ModelSource? = nil) -> ModelDownload {
    ModelDownload(folder: folder, source: source ?? configuredSource, fetcher: SoupFetcher()) { path, done in
      WorkerThreads.run({ ModelDownload.sha1(ofFile: path) }, then: done)
    }
  }

  private static var configuredSource: ModelSource {
    let environment = ProcessInfo.processInfo.environment
    guard let url = environment["SCRUMDINGER_MODEL_URL"], let sha1 = environment["SCRUMDINGER_MODEL_SHA1"] else {
      return .englishBase
    }
    return ModelSource(url: url, sha1: sha1, fileName: ModelSource.englishBase.fileName)
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
