import Foundation
import GtkShim
import GtkTestSupport
import Platform
import ScrumdingerCore
import ScrumdingerTestSupport
import XCTest

@testable import ScrumdingerApp

/// A loopback server for `file` (Tests/e2e/model_server.py); its port, and the Range headers it was asked for.
private final class ModelServer {
  let process = Process()
  let folder = NSTemporaryDirectory() + "model-server-\(UUID())"
  private(set) var port = 0

  init?(serving file: String, cutAfter: Int?) {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments =
      ["Tests/e2e/model_server.py", file, folder + "/port", folder + "/log"] + (cutAfter.map { ["\($0)"] } ?? [])
    guard (try? process.run()) != nil else { return nil }
    let deadline = Date().addingTimeInterval(10)
    while port == 0, Date() < deadline {
      port = (try? String(contentsOfFile: folder + "/port", encoding: .utf8)).flatMap { Int($0) } ?? 0
      usleep(20_000)
    }
  }

  var ranges: [String] {
    ((try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
  }

  deinit {
    process.terminate()
    process.waitUntilExit()
    try? FileManager.default.removeItem(atPath: folder)
  }
}

final class PreferencesTests: XCTestCase {
  /// A model file of `size` random bytes, and its SHA-256.
  private func modelFile(size: Int) -> (String, String) {
    let path = NSTemporaryDirectory() + "model-\(UUID()).bin"
    var bytes = [UInt8](repeating: 0, count: size)
    var generator = SeededGenerator(seed: 3)
    for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    return (path, Checksum.sha256(ofFile: path)!)
  }

  @MainActor private static func wait(for download: ModelDownload, _ done: (DownloadState) -> Bool) {
    _ = spin(until: { done(download.state.value) })
  }

  /// The download from a loopback server: cut after a third, then resumed from there (a
  /// Range request) with progress, checked, installed, and said in Preferences.
  func testTheModelDownloadShowsProgressResumesACutTransferAndIsChecked() throws {
    let (file, sha256) = modelFile(size: 3_000_000)
    defer { try? FileManager.default.removeItem(atPath: file) }
    guard let server = ModelServer(serving: file, cutAfter: 1_000_000), server.port > 0 else {
      return XCTFail("no server")
    }
    setenv("SCRUMDINGER_MODEL_URL", "http://127.0.0.1:\(server.port)/ggml-base.en-q5_1.bin", 1)
    setenv("SCRUMDINGER_MODEL_SHA256", sha256, 1)
    setenv("SCRUMDINGER_MODEL_SIZE", "3000000", 1)
    defer {
      unsetenv("SCRUMDINGER_MODEL_URL")
      unsetenv("SCRUMDINGER_MODEL_SHA256")
      unsetenv("SCRUMDINGER_MODEL_SIZE")
    }
    MainActor.assumeIsolated {
      withRunningApp(dependencies: recordingDependencies()) { app in
        let window = app.mainWindow!
        app.mainWindow!.window.activateAction(Command.window(.preferences).detailedName)  // as Ctrl+, or the menu
        _ = spin(until: { window.tools.preferences != nil })
        guard let preferences = window.tools.preferences else { return XCTFail("Preferences did not open") }
        XCTAssertEqual(preferences.englishModel.downloadButton.accessibleName, "Download English Speech Model")
        XCTAssertEqual(preferences.accurateModel.row.title, "Higher accuracy (142 MiB)")
        XCTAssertEqual(app.services.modelDownloads.english.source.fileName, "ggml-base.en-q5_1.bin")
        XCTAssertEqual(app.services.modelDownloads.accurate.source, .englishBase)
        XCTAssertEqual(
          preferences.multilingualModel.downloadButton.accessibleName, "Download Multilingual Speech Model",
          "what the editor's message names")
        XCTAssertEqual(app.services.modelDownloads.multilingual.source.fileName, "ggml-base-q5_1.bin")
        XCTAssertTrue(
          preferences.modelRow.subtitle.contains("ggml-tiny.en.bin"),
          "the build tree's model: \(preferences.modelRow.subtitle)")
        preferences.englishModel.downloadButton.click()
        XCTAssertTrue(preferences.englishModel.progress.isVisible)
        XCTAssertTrue(preferences.englishModel.cancelButton.isVisible)
        XCTAssertFalse(preferences.accurateModel.progress.isVisible, "only the one asked for")
        let download = app.services.modelDownloads.english
        Self.wait(for: download) { if case .failed = $0 { true } else { false } }
        guard case .failed = download.state.value else {
          return XCTFail("the cut was not noticed: \(download.state.value)")
        }
        XCTAssertEqual(preferences.englishModel.downloadButton.accessibleName, "Resume Download")
        preferences.window.writePNG(to: "Tests/output/preferences-download-cut.png")
        preferences.englishModel.downloadButton.click()
        Self.wait(for: download) { $0 == .installed }
        XCTAssertEqual(download.state.value, .installed)
        XCTAssertEqual(server.ranges.count, 2)
        XCTAssertEqual(server.ranges.first, "-", "the first request asks for the whole file")
        XCTAssertTrue(
          server.ranges.last?.hasPrefix("bytes=") == true && server.ranges.last != "bytes=0-",
          "resumed: \(server.ranges)")
        let installed = download.folder + "/ggml-base.en-q5_1.bin"
        XCTAssertEqual(FileManager.default.contents(atPath: installed), FileManager.default.contents(atPath: file))
        XCTAssertTrue(
          preferences.modelRow.subtitle.hasPrefix("ggml-base.en-q5_1.bin · 3 MB"), preferences.modelRow.subtitle)
        preferences.window.writePNG(to: "Tests/output/preferences-installed.png")
      }
    }
  }

  /// A file that does not match the published checksum is refused and nothing is installed.
  func testAWrongChecksumIsRefusedAndNothingIsInstalled() throws {
    let (file, _) = modelFile(size: 300_000)
    defer { try? FileManager.default.removeItem(atPath: file) }
    guard let server = ModelServer(serving: file, cutAfter: nil), server.port > 0 else { return XCTFail("no server") }
    MainActor.assumeIsolated {
      withRunningApp(dependencies: recordingDependencies()) { _ in  // its main loop delivers the results
        let folder = NSTemporaryDirectory() + "models-\(UUID())"
        let download = ModelDownloads.make(
          folder: folder,
          source: ModelSource(
            url: "http://127.0.0.1:\(server.port)/m.bin", sha256: String(repeating: "a", count: 64), size: 300_000,
            fileName: "ggml-m.bin"))
        download.start()
        Self.wait(for: download) { if case .failed = $0 { true } else { false } }
        XCTAssertEqual(download.state.value, .failed("the downloaded file does not match its published checksum"))
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [], [], "nothing kept")
      }
    }
  }

  /// Choose Model File… takes a whisper.cpp model the user has (opened first by the helper,
  /// copied into the models folder, then used), and refuses any other file with the reason:
  /// one that is not a model, and one that begins as a model but that the helper cannot open
  /// (it crashes whisper.cpp's loader: only the helper goes down).
  func testAChosenModelFileIsCheckedCopiedAndUsed() {
    MainActor.assumeIsolated {
      withRunningApp(dependencies: recordingDependencies()) { app in
        guard let engine = app.dependencies.speech as? WhisperEngine, let tiny = engine.model else {
          return XCTFail("no built-in model to choose (make speech prepares one)")
        }
        var answer: String??
        engine.adopt(modelFile: "/etc/hostname") { answer = .some($0) }
        XCTAssertTrue(spin(until: { answer != nil }), "no answer")
        XCTAssertEqual(answer, .some("it is not a whisper.cpp model file"))
        answer = nil
        // A pipe named like a model: refused at once, never read (its read would wait for ever).
        let pipe = NSTemporaryDirectory() + "ggml-pipe-\(UUID()).bin"
        XCTAssertEqual(mkfifo(pipe, 0o600), 0)
        defer { unlink(pipe) }
        engine.adopt(modelFile: pipe) { answer = .some($0) }
        XCTAssertTrue(spin(until: { answer != nil }), "no answer: the pipe was read")
        XCTAssertEqual(answer, .some("it is not a whisper.cpp model file"))
        answer = nil
        let bad = NSTemporaryDirectory() + "ggml-bad-\(UUID()).bin"
        XCTAssertTrue(
          FileManager.default.createFile(
            atPath: bad,
            contents: Data([0x6C, 0x6D, 0x67, 0x67]) + Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
          ))
        engine.adopt(modelFile: bad) { answer = .some($0) }
        XCTAssertTrue(spin(until: { answer != nil }), "no answer")
        XCTAssertEqual(answer, .some("the speech model could not be read"))
        XCTAssertEqual(
          (try? FileManager.default.contentsOfDirectory(atPath: engine.modelsFolder)) ?? [], [], "nothing copied")
        answer = nil
        engine.adopt(modelFile: tiny) { answer = .some($0) }
        XCTAssertTrue(spin(until: { answer != nil }), "no answer")
        XCTAssertEqual(answer, .some(nil))
        XCTAssertEqual(engine.model, engine.modelsFolder + "/ggml-tiny.en.bin", "the user's copy is used")
        XCTAssertEqual(
          FileManager.default.contents(atPath: engine.model!)?.count, FileManager.default.contents(atPath: tiny)?.count)
        // A link of the user's to a model: the model it leads to is copied, not the link.
        answer = nil
        let link = NSTemporaryDirectory() + "ggml-linked-\(UUID()).bin"
        XCTAssertEqual(symlink(tiny, link), 0)
        defer { unlink(link) }
        engine.adopt(modelFile: link) { answer = .some($0) }
        XCTAssertTrue(spin(until: { answer != nil }), "no answer")
        XCTAssertEqual(answer, .some(nil))
        let copy = engine.modelsFolder + "/" + Files.name(of: link)
        XCTAssertEqual(Files.kind(at: copy), .regular, "the copy is the model, not a link")
        XCTAssertEqual(Files.size(of: copy), Files.size(of: tiny))
      }
    }
  }
}
