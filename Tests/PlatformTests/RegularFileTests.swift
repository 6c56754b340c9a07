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
}
