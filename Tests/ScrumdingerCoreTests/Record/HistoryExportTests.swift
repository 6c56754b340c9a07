import Foundation
import Platform
import Testing

@testable import ScrumdingerCore

@Suite struct HistoryExportTests {
  /// Two meetings: an old one with attendees only, and one with speakers, an absentee, notes
  /// and a transcript; names that need quoting in CSV and escaping in Markdown.
  static let scrum: DailyScrum = {
    let old = History(
      id: UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!, date: Date(timeIntervalSince1970: 1_794_900_000),
      attendees: ["Ana", "Ben"], durationSeconds: 300)
    let recent = History(
      id: UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!, date: Date(timeIntervalSince1970: 1_795_000_000),
      attendees: ["Ana", "Ben, Jr.", "*Cy*"], durationSeconds: 250,
      speakers: [
        SpeakerTime(name: "Ana", seconds: 65, shareSeconds: 100),
        SpeakerTime(name: "Ben, Jr.", seconds: 130, shareSeconds: 100),
        SpeakerTime(name: "*Cy*", seconds: 55, shareSeconds: 100),
      ],
      absent: ["Di \"the\" PM"],
      notes: [
        MeetingNote(speaker: "Ana", text: "blocked on the review", atSeconds: 12),
        MeetingNote(speaker: "Ben, Jr.", text: "demo on Friday, 10:00", atSeconds: 80),
      ],
      transcript: [
        TranscriptSegment(startMilliseconds: 0, endMilliseconds: 4_000, text: " Yesterday I fixed the build."),
        TranscriptSegment(startMilliseconds: 66_000, endMilliseconds: 70_000, text: " The demo is on Friday."),
      ])
    return DailyScrum(title: "Design # Review", attendees: [], lengthInMinutes: 5, history: [old, recent])
  }()

  private var goldenFolder: String { Files.folder(of: #filePath) + "/Golden" }

  @Test func markdownMatchesTheGoldenFile() throws {
    let markdown = HistoryExport.markdown(Self.scrum, timeZone: "UTC", transcripts: true)
    let golden = try String(contentsOfFile: goldenFolder + "/history.md", encoding: .utf8)
    #expect(markdown == golden, "\(markdown)")
  }

  @Test func theSummaryOfOneMeetingSaysWhatATeamChatNeeds() {
    let summary = HistoryExport.summary(of: Self.scrum.history[1], in: Self.scrum, timeZone: "UTC", transcript: true)
    #expect(summary.hasPrefix("# Design \\# Review — Nov 18, 2026, 11:06\n"))
    #expect(summary.contains("Ran 4:10 of 5:00 planned."))
    #expect(summary.contains("| Ben, Jr. | 2:10 | 1:40 |"))
    #expect(summary.contains("Not there: Di \"the\" PM"))
    #expect(summary.contains("- Ana · blocked on the review"))
    #expect(summary.contains("**Ben, Jr. (1:05–3:15)** The demo is on Friday."))
    let plain = HistoryExport.summary(of: Self.scrum.history[1], in: Self.scrum, timeZone: "UTC")
    #expect(!plain.contains("Transcript") && !plain.contains("The demo is on Friday"), "the transcript only when asked")
    #expect(plain.contains("- Ana · blocked on the review"), "the notes always")
  }

  /// Read back by Python's csv module: a real CSV reader, not ours.
  @Test func csvIsReadBackByARealCSVReader() throws {
    let csv = HistoryExport.csv(Self.scrum)
    let script = "import csv, json, sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline='')))))"
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID()).csv").path
    try Data(csv.utf8).write(to: URL(fileURLWithPath: file))
    defer { try? FileManager.default.removeItem(atPath: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", script, file]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let rows = try JSONDecoder().decode([[String]].self, from: output)
    #expect(rows.count == 3)
    #expect(rows[0] == HistoryExport.csvColumns + ["Ana (seconds)", "Ben, Jr. (seconds)", "*Cy* (seconds)"])
    #expect(rows[1] == ["2026-11-17T07:20:00Z", "300", "300", "Ana; Ben", "", "", "", "", ""])
    #expect(
      rows[2] == [
        "2026-11-18T11:06:40Z", "250", "300", "Ana; Ben, Jr.; *Cy*", "Di \"the\" PM",
        "Ana · blocked on the review\nBen, Jr. · demo on Friday, 10:00", "65", "130", "55",
      ])
  }

  @Test func jsonIsOurOwnFormatAndReadsBack() throws {
    let data = HistoryExport.export(Self.scrum, as: .json, transcripts: true)
    #expect(try ScrumFile.decode(data) == [Self.scrum])
    var withoutTranscripts = Self.scrum
    for index in withoutTranscripts.history.indices { withoutTranscripts.history[index].transcript = [] }
    #expect(try ScrumFile.decode(HistoryExport.export(Self.scrum, as: .json)) == [withoutTranscripts], "unless asked")
  }

  @Test func anExportIsWrittenWholeOrSaysWhyNot() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try HistoryExport.write(Self.scrum, as: .csv, to: folder + "/team.csv")
    #expect(FileManager.default.contents(atPath: folder + "/team.csv") == Data(HistoryExport.csv(Self.scrum).utf8))
    #expect(throws: ExportError(path: folder + "/missing/team.md", reason: "its folder does not exist")) {
      try HistoryExport.write(Self.scrum, as: .markdown, to: folder + "/missing/team.md")
    }
  }

  @Test func csvCellsASpreadsheetWouldRunStayText() {
    let planted = DailyScrum(
      title: "Team", attendees: [Attendee(name: "=HYPERLINK(\"http://x\")")],
      history: [
        History(
          date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["=1+2", "+Ana", "-Ben", "@Cy", "\tDee", "Eve"],
          durationSeconds: 60, notes: [MeetingNote(speaker: "", text: "=cmd|' /C calc'!A0", atSeconds: 5)])
      ])
    let csv = HistoryExport.csv(planted)
    let row = csv.components(separatedBy: "\r\n")[1]
    #expect(row.contains("'=1+2; +Ana; -Ben; @Cy; \tDee; Eve"), "only the cell's first character counts: \(row)")
    #expect(row.contains("'=cmd|"), "a note: \(row)")
    #expect(HistoryExport.csvField("=1+2") == "'=1+2")
    for planted in ["+1", "-1", "@SUM(A1)", "\tx", "\rx"] {
      #expect(HistoryExport.csvField(planted).contains("'" + planted.prefix(1)))
    }
    #expect(HistoryExport.csvField("Ana") == "Ana")
    #expect(HistoryExport.csvField("2026-11-25T08:00:00Z") == "2026-11-25T08:00:00Z")
    #expect(HistoryExport.csvField("=a,b") == "\"'=a,b\"", "prefixed, then quoted")
  }

  @Test func exportsTakeTheUsualModeUnlessTheyHoldATranscript() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let previous = umask(0o022)
    defer { umask(previous) }
    func mode(_ name: String) throws -> Int {
      try #require(FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.posixPermissions] as? Int)
    }
    var plain = Self.scrum
    for index in plain.history.indices { plain.history[index].transcript = [] }
    var transcribed = plain
    transcribed.history[0].transcript = [
      TranscriptSegment(startMilliseconds: 0, endMilliseconds: 1_000, text: "Hello.")
    ]
    try HistoryExport.write(plain, as: .markdown, to: folder + "/plain.md")
    try HistoryExport.write(transcribed, as: .markdown, to: folder + "/unsaid.md")
    try HistoryExport.write(transcribed, as: .markdown, to: folder + "/said.md", transcripts: true)
    try HistoryExport.write(transcribed, as: .json, to: folder + "/said.json", transcripts: true)
    try HistoryExport.write(transcribed, as: .csv, to: folder + "/said.csv", transcripts: true)
    #expect(try mode("unsaid.md") == 0o644, "not asked for: none in it")
    #expect(try mode("plain.md") == 0o644)
    #expect(try mode("said.md") == 0o600)
    #expect(try mode("said.json") == 0o600)
    #expect(try mode("said.csv") == 0o644, "CSV holds no transcript")
  }

  @Test func theFormatFollowsTheFileNamesEnding() {
    #expect(ExportFormat(fileName: "Design.MD") == .markdown)
    #expect(ExportFormat(fileName: "a.b.csv") == .csv)
    #expect(ExportFormat(fileName: "x.json") == .json)
    #expect(ExportFormat(fileName: "notes.txt") == nil)
    #expect(ExportFormat(fileName: "README") == nil)
  }
}
