import CGLib
import Foundation
import Testing

@testable import ScrumdingerCore

@Suite struct DesktopExecTests {
  /// What the session does with the line: the key file's string unescaped, %% made %, then
  /// the quoted arguments split (GLib's own parsers, as GDesktopAppInfo uses them).
  func arguments(of line: String) throws -> [String] {
    let keyFile = g_key_file_new()
    defer { g_key_file_free(keyFile) }
    let entry = "[Desktop Entry]\nExec=\(line)\n"
    #expect(g_key_file_load_from_data(keyFile, entry, gsize(entry.utf8.count), G_KEY_FILE_NONE, nil) != 0)
    let value = try #require(g_key_file_get_string(keyFile, "Desktop Entry", "Exec", nil))
    defer { g_free(value) }
    let command = String(cString: value).replacing("%%", with: "%")
    var argc: gint = 0
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
    #expect(g_shell_parse_argv(command, &argc, &argv, nil) != 0, "\(command) parses")
    defer { g_strfreev(argv) }
    return (0..<Int(argc)).map { String(cString: argv![$0]!) }
  }

  @Test func aPathWithASpaceAPercentAndQuotesStartsTheSameProgram() throws {
    for path in ["/opt/my apps/scrum%dinger", "/home/ana/bin/scrumdinger", #"/tmp/a "b" $c `d` \e/scrumdinger"#] {
      #expect(try arguments(of: DesktopExec.line(path, ["--background"])) == [path, "--background"], "\(path)")
    }
    #expect(
      DesktopExec.line("/opt/my apps/scrum%dinger", ["--background"]) == #""/opt/my apps/scrum%%dinger" --background"#)
    #expect(DesktopExec.line("/usr/bin/scrumdinger", ["--background"]) == "/usr/bin/scrumdinger --background")
  }

  @Test func theEntryValidatesAsTheSessionReadsIt() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("exec-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/io.github.scrumdinger.Scrumdinger.desktop"
    let entry =
      "[Desktop Entry]\nType=Application\nName=Scrumdinger\nExec=\(DesktopExec.line("/opt/my apps/scrum%dinger", ["--background"]))\n"
    try Data(entry.utf8).write(to: URL(fileURLWithPath: path))
    let validate = Process()
    validate.executableURL = URL(fileURLWithPath: "/usr/bin/desktop-file-validate")
    validate.arguments = [path]
    let output = Pipe()
    validate.standardOutput = output
    try validate.run()
    validate.waitUntilExit()
    let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(validate.terminationStatus == 0 && !said.contains("error"), "\(said)")
  }

  @Test func aReplacedProgramIsStartedByTheCommandPathFinds() {
    let onPath = { (name: String) -> String? in name == "scrumdinger" ? "/usr/bin/scrumdinger" : nil }
    #expect(DesktopExec.command(executable: "/usr/bin/scrumdinger (deleted)", onPath: onPath) == "scrumdinger")
    #expect(DesktopExec.command(executable: "/usr/bin/scrumdinger", onPath: onPath) == "scrumdinger")
    #expect(
      DesktopExec.command(executable: "/home/ana/src/.build/debug/scrumdinger", onPath: onPath)
        == "/home/ana/src/.build/debug/scrumdinger", "a build that is not the one on PATH keeps its path")
    #expect(
      DesktopExec.command(executable: "/opt/x/scrumdinger (deleted)", onPath: { _ in nil }) == "/opt/x/scrumdinger")
  }
}
