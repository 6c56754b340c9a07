import Foundation
import Platform
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
    init(
      offset: Int, path: String, progress: @escaping @MainActor (Int, Int?) -> Void,
      done: @escaping @MainActor (String?) -> Void
    ) {
      (self.offset, self.path, self.progress, self.done) = (offset, path, progress, done)
    }
    func cancel() { cancelled = true }

    /// Appends `bytes` to the file, as arriving data would.
    func arrive(_ bytes: String, total: Int?) {
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
  /// SHA-256 and size of "whisper model bytes".
  let source = ModelSource(
    url: "http://127.0.0.1:1/ggml-test.bin", sha256: "54F3082FC93CFB892A86CBBF701E2BE927E9D4669C4EC5E3A22101F3C6C2A61A",
    size: 19, fileName: "ggml-test.bin")

  func download(_ fetcher: FakeFetcher, source: ModelSource? = nil) -> ModelDownload {
    ModelDownload(folder: folder, source: source ?? self.source, fetcher: fetcher) { path, done in
      done(Checksum.sha256(ofFile: path))
    }
  }

  @Test func theChecksumIsSHA256() throws {
    let file = folder + "-sum"
    try Data("whisper model bytes".utf8).write(to: URL(fileURLWithPath: file))
    defer { try? FileManager.default.removeItem(atPath: file) }
    #expect(Checksum.sha256(ofFile: file) == source.sha256)
    #expect(source.sha256 == "54f3082fc93cfb892a86cbbf701e2be927e9d4669c4ec5e3a22101f3c6c2a61a", "kept in lowercase")
    #expect(ModelSource.englishBase.size == 147_964_211 && ModelSource.englishBase.sha256.count == 64)
    #expect(ModelSource.englishBaseQuantized.size == 59_721_011 && ModelSource.englishBaseQuantized.sha256.count == 64)
  }

  @Test func aTransferPastThePublishedSizeOrAnotherSizeOfferedIsStoppedAndThrownAway() {
    for (total, chunks) in [(19, ["whisper model bytes", "and more"]), (5_000_000_000, ["whisper"])] {
      let fetcher = FakeFetcher()
      let model = download(fetcher)
      model.start()
      for chunk in chunks { fetcher.transfers[0].arrive(chunk, total: total) }
      #expect(model.state.value == .failed("the server offers a file of another size than the published model"))
      #expect(fetcher.transfers[0].cancelled, "stopped at once")
      #expect(!FileManager.default.fileExists(atPath: folder + "/ggml-test.bin.part"), "not kept to resume")
    }
  }

  @Test func thePartialFileIsItsOwnersAlone() throws {
    let previous = umask(0o022)
    defer { umask(previous) }
    let fetcher = FakeFetcher()
    let model = download(fetcher)
    model.start()
    let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/ggml-test.bin.part")
    #expect(attributes[.posixPermissions] as? Int == 0o600)
    model.cancel()
  }

  @Test func aFileShorterThanPublishedIsNotInstalled() {
    let fetcher = FakeFetcher()
    let model = download(fetcher)
    model.start()
    fetcher.transfers[0].arrive("whisper model", total: nil)
    fetcher.transfers[0].done(nil)  // the server said it was all
    #expect(model.state.value == .failed("the downloaded file does not have the published model's size"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/ggml-test.bin"))
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
    wrong.sha256 = String(repeating: "0", count: 64)
    let model = download(fetcher, source: wrong)
    model.start()
    fetcher.transfers[0].arrive("whisper model bytes", total: 19)
    fetcher.transfers[0].done(nil)
    #expect(model.state.value == .failed("the downloaded file does not match its published checksum"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/ggml-test.bin"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/ggml-test.bin.part"), "never resumed either")
  }
}
