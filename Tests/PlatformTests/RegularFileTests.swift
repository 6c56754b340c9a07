import Foundation
import Platform
import Testing

/// What another program can place where the app reads is judged by the descriptor it was
/// opened as: a link is not followed, a pipe is never waited on, a file past the cap is
/// refused.
@Suite struct RegularFileTests {
  @Test func onlyARegularFileUnderTheCapIsRead() throws {
    let folder = NSTemporaryDirectory() + "scrumdinger-platform-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/scrums.json"
    let link = folder + "/link.json"
    let pipe = folder + "/pipe.json"
    try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
    #expect(mkfifo(pipe, 0o600) == 0)
    #expect(try Files.readRegular(file, limit: 2) == Data("{}".utf8))
    #expect(throws: RegularFileProblem.tooLarge(2)) { try Files.readRegular(file, limit: 1) }
    #expect(throws: RegularFileProblem.isLink) { try Files.readRegular(link, limit: 100) }
    // A pipe with no writer: opening it to read would wait for one for ever.
    #expect(throws: RegularFileProblem.notRegular) { try Files.readRegular(pipe, limit: 100) }
    #expect(throws: RegularFileProblem.isFolder) { try Files.readRegular(folder, limit: 100) }
    #expect(throws: RegularFileProblem.notRegular) { try Files.readRegular("/proc/self/status", limit: 100) }
    #expect(throws: RegularFileProblem.notFound) { try Files.readRegular(folder + "/none", limit: 100) }
    #expect(Files.regularText(of: link, limit: 100) == nil)
  }

  /// How a file says what it is (a model's first bytes), and a copy of it made whole or not at
  /// all, by the same rules: a pipe named like a model is refused at once, never waited on.
  @Test func aPrefixAndACopyAreReadByTheSameRules() throws {
    let folder = NSTemporaryDirectory() + "scrumdinger-platform-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (file, link, pipe) = (folder + "/ggml-a.bin", folder + "/ggml-link.bin", folder + "/ggml-pipe.bin")
    let bytes = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    try bytes.write(to: URL(fileURLWithPath: file))
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
    #expect(mkfifo(pipe, 0o600) == 0)
    #expect(try Files.regularPrefix(of: file, count: 4) == bytes.prefix(4))
    #expect(try Files.regularPrefix(of: file, count: 5_000_000) == bytes, "a shorter file gives what it has")
    #expect(throws: RegularFileProblem.isLink) { try Files.regularPrefix(of: link, count: 4) }
    #expect(throws: RegularFileProblem.notRegular) { try Files.regularPrefix(of: pipe, count: 4) }

    let target = folder + "/models/ggml-copy.bin"
    try Files.copyRegular(file, to: target)
    #expect(FileManager.default.contents(atPath: target) == bytes)
    let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
    #expect(mode == 0o600, "the copy is its owner's alone")
    #expect(throws: RegularFileProblem.notRegular) { try Files.copyRegular(pipe, to: folder + "/models/ggml-p.bin") }
    #expect(throws: RegularFileProblem.isLink) { try Files.copyRegular(link, to: folder + "/models/ggml-l.bin") }
    #expect(Files.names(in: folder + "/models") == ["ggml-copy.bin"], "nothing half-made is left")
  }
}
