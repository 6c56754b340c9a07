import Foundation
import Testing
@testable import ScrumdingerCore

/// Stands in for the network: the test says what arrives and how the transfer ends.
@MainActor final class FakeFetcher: Fetcher {
  final class Transfer: CancellableTask {
    let offset: Int
    let path: String
    let progress: @MainActor (Int, Int?) -> Void
    let done: @MainActor (String?) -> Void
    var cancelled = false
    init(offset: Int, path: String, progress: @escaping @MainActor (Int, Int?) -> Void, done: @escaping @MainActor (String?) -> Void) {
      (self.offset, self.path, self.progress, self.done) = (offset, path, progress, done)
    }
    func cancel() { cancelled = true }

    /// Appends `bytes` to the file, as arriving data would.
    func arrive(_ bytes: String, total: Int) {
      var data = FileManager.default.contents(atPath: path) ?? Data()
      data.append(Data(bytes.utf8))
      #expect(FileManager.default.createFile(atPath: path, contents: data))
      progress(data.count, total)
    }
  }
  private(set) var transfers: [Transfer] = []

  func fetch(
    _ url: String, from offset: Int, appendingTo path: String, progress: @escaping @MainActor (Int, Int?) -> Void,
    done: @escaping @MainActor (String?) -> Void
  ) -> any CancellableTask {
    let transfer = Transfer(offset: offset, path: path, progress: progress, done: done)
    transfers.append(transfer)
    return transfer
  }
}

@MainActor @Suite struct ModelDownloadTests {
  let folder = NSTemporaryDirectory() + "models-\(UUID())"
  /// SHA-1 of "whisper model bytes".
  let source = ModelSource(
    url: "http://127.0.0.1:1/ggml-test.bin", sha1: "FAB2A28CB103A946BDD46F9EE761EDCB8A50D9E1", fileName: "ggml-test.bin")

  func download(_ fetcher: FakeFetcher, source: ModelSource? = nil) -> ModelDownload {
    ModelDownload(folder: folder, source: source ?? self.source, fetcher: fetcher) { path, done in
      done(ModelDownload.sha1(ofFile: path))
    }
  }

  @Test func theChecksumIsSHA1AsWhisperCppPublishesIt() throws {
    let file = folder + "-sum"
    try Data("whisper model bytes".utf8).write(to: URL(fileURLWithPath: file))
    defer { try? FileManager.default.removeItem(atPath: file) }
    #expect(ModelDownload.sha1(ofFile: file) == source.sha1)
    #expect(source.sha1 == "fab2a28cb103a946bdd46f9ee761edcb8a50d9e1", "kept in lowercase")
  }

  @Test func aDownloadShowsProgressAndIsPutInPlaceOnlyOnceChecked() {
    let fetcher = FakeFetcher()
    let model = download(fetcher)
    model.start()
    #expect(model.state.value == .downloading(received: 0, total: nil))
    fetcher.transfers[0].arrive("whisper ", total: 19)
    #expect(model.state.value == .downloading(received: 8, total: 19))
    #expect(!FileManager.default.fileExists(atPath: folder + "/ggml-test.bin"), "not in place before it is checked")
    fetcher.transfers[0].arrive("model bytes", total: 19)
    fetcher.transfers[0].done(nil)
    #expect(model.state.value == .installed)
    #expect(FileManager.default.contents(atPath: folder + "/ggml-test.bin") == Data("whisper model bytes".utf8))
    #expect(!FileManager.default.fileExists(atPath: folder + "/ggml-test.bin.part"))
  }

  @Test func aCutOrCancelledDownloadResumesWhereItStopped() {
    let fetcher = FakeFetcher()
    let model = download(fetcher)
    model.start()
    fetcher.transfers[0].arrive("whisper", total: 19)
    fetcher.transfers[0].done("the connection was cut")
    #expect(model.state.value == .failed("the connection was cut"))
    model.start()
    #expect(fetcher.transfers[1].offset == 7, "from where it stopped")
    fetcher.transfers[1].arrive(" model", total: 19)
    model.cancel()
    #expect(fetcher.transfers[1].cancelled)
    #expect(model.state.value == .cancelled)
    fetcher.transfers[1].done("cancelled")  // late word from the stopped transfer
    #expect(model.state.value == .cancelled)
    model.start()
    #expect(fetcher.transfers[2].offset == 13)
    fetcher.transfers[2].arrive(" bytes", total: 19)
    fetcher.transfers[2].done(nil)
    #expect(model.state.value == .installed)
  }

  @Test func aFileThatDoesNotMatchItsChecksumIsRefusedAndNothingIsInstalled() {
    let fetcher = FakeFetcher()
    var wrong = source
    wrong.sha1 = String(repeating: "0", count: 40)
    let model = download(fetcher, source: wrong)
    model.start()
    fetcher.transfers[0].arrive("whisper model bytes", total: 19)
    fetcher.transfers[0].done(nil)
    #expect(model.state.value == .failed("the downloaded file does not match its published checksum"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/ggml-test.bin"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/ggml-test.bin.part"), "never resumed either")
  }
}
