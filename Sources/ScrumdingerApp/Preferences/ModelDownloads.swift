import FoundationEssentials
import GtkShim
import Platform
import ScrumdingerCore

/// The speech models' downloads as the app makes them: libsoup on a worker thread, the
/// checksum off the main loop. base.en in 5-bit is offered first (57 MiB), the full-precision
/// base.en under it, then the multilingual base in 5-bit for the other languages;
/// `LaunchEnvironment.modelSource` can name another source for the first.
@MainActor struct ModelDownloads {
  /// "Download English Speech Model": base.en in 5-bit, unless the environment names another.
  let english: ModelDownload
  /// "Higher accuracy (142 MiB)": base.en at full precision.
  let accurate: ModelDownload
  /// "Download Multilingual Speech Model": base in 5-bit, for every other language.
  let multilingual: ModelDownload

  /// Both downloads, into `folder`.
  init(folder: String) {
    english = Self.make(folder: folder, source: Self.configuredSource)
    accurate = Self.make(folder: folder, source: .englishBase)
    multilingual = Self.make(folder: folder, source: .multilingualBaseQuantized)
  }

  /// The download of `source` into `folder`.
  static func make(folder: String, source: ModelSource) -> ModelDownload {
    ModelDownload(folder: folder, source: source, fetcher: SoupFetcher()) { path, done in
      WorkerThreads.run({ Checksum.sha256(ofFile: path) }, then: done)
    }
  }

  private static var configuredSource: ModelSource {
    guard let (url, sha256, size) = LaunchEnvironment.modelSource else { return .englishBaseQuantized }
    return ModelSource(url: url, sha256: sha256, size: size, fileName: ModelSource.englishBaseQuantized.fileName)
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
