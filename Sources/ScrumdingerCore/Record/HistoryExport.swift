import FoundationEssentials
import Platform

/// The formats "Export History…" writes.
public enum ExportFormat: String, CaseIterable, Sendable {
  /// A readable record: every meeting's summary, newest first.
  case markdown = "md"
  /// One row per meeting, per-speaker seconds as columns, for a spreadsheet.
  case csv
  /// The scrum in Scrumdinger's own file format (the app reads it back).
  case json

  /// The file name ending, without the dot.
  public var fileExtension: String { rawValue }

  /// The chooser's filter name: "Markdown", "CSV (spreadsheet)", "JSON (Scrumdinger)".
  public var title: String {
    switch self {
    case .markdown: tr("Markdown")
    case .csv: tr("CSV (spreadsheet)")
    case .json: tr("JSON (Scrumdinger)")
    }
  }

  /// The format a file name asks for by its ending (any case); nil for another ending.
  public init?(fileName: String) {
    guard let dot = fileName.lastIndex(of: "."),
      let format = ExportFormat(rawValue: fileName[dot...].dropFirst().lowercased())
    else { return nil }
    self = format
  }
}

/// Writes a scrum's history out for the team's other tools, and one meeting's summary for a
/// team chat ("Copy Summary"). Markdown is in the user's language; CSV and JSON are for
/// programs, so their column names, keys and dates (ISO 8601, UTC) do not change with it.
public enum HistoryExport {
  /// The bytes of `scrum`'s history in `format`, with the transcripts only when asked
  /// (they stay on this computer unless the user sends them on; CSV never holds them).
  public static func export(
    _ scrum: DailyScrum, as format: ExportFormat, timeZone: String? = nil, transcripts: Bool = false
  ) -> Data {
    switch format {
    case .markdown: Data(markdown(scrum, timeZone: timeZone, transcripts: transcripts).utf8)
    case .csv: Data(csv(scrum).utf8)
    case .json: ScrumFile.encode([scrum], transcripts: transcripts)
    }
  }

  /// The whole history as Markdown: the title, then each meeting's summary, newest first
  /// (with its transcript when `transcripts`).
  public static func markdown(_ scrum: DailyScrum, timeZone: String? = nil, transcripts: Bool = false) -> String {
    var text = "# \(markdownLine(scrum.title))\n"
    if scrum.history.isEmpty { text += "\n" + tr("No meetings yet.") + "\n" }
    for entry in scrum.history.reversed() {
      text += "\n" + summary(of: entry, in: scrum, headingLevel: 2, timeZone: timeZone, transcript: transcripts)
    }
    return text
  }

  /// One meeting as Markdown, ready to paste into a team chat: the date, real against
  /// planned length, who spoke how long, who was away, the notes, and the transcript by
  /// speaker when `transcript`. `headingLevel` 1 titles it "TITLE — DATE"; deeper levels
  /// (inside the whole history's export) give the date alone.
  public static func summary(
    of entry: History, in scrum: DailyScrum, headingLevel: Int = 1, timeZone: String? = nil, transcript: Bool = false
  ) -> String {
    let date = Texts.meetingDate(entry.date, timeZone: timeZone)
    let title = headingLevel == 1 ? tr("%@ — %@", markdownLine(scrum.title), date) : date
    let section = String(repeating: "#", count: headingLevel + 1)
    var text = String(repeating: "#", count: headingLevel) + " " + title + "\n\n"
    text +=
      tr(
        "Ran %@ of %@ planned.", Texts.minutesAndSeconds(entry.durationSeconds),
        Texts.minutesAndSeconds(plannedSeconds(of: entry, in: scrum))) + "\n"
    if !entry.speakers.isEmpty {
      text += "\n| \(tr("Speaker")) | \(tr("Spoke")) | \(tr("Share")) |\n| --- | ---: | ---: |\n"
      for speaker in entry.speakers + entry.items {
        let added = speaker.addedSeconds > 0 ? " + " + Texts.minutesAndSeconds(speaker.addedSeconds) : ""
        text +=
          "| \(markdownLine(speaker.name)) | \(Texts.minutesAndSeconds(speaker.seconds)) | "
          + "\(Texts.minutesAndSeconds(speaker.shareSeconds))\(added) |\n"
      }
    } else if !entry.attendees.isEmpty {
      text += "\n" + tr("Attendees: %@", entry.attendees.map(markdownLine).joined(separator: ", ")) + "\n"
    }
    if !entry.absent.isEmpty {
      text += "\n" + tr("Not there: %@", entry.absent.map(markdownLine).joined(separator: ", ")) + "\n"
    }
    if !entry.notes.isEmpty {
      text += "\n\(section) \(tr("Notes"))\n\n"
      for note in entry.notes { text += "- " + markdownLine(note.line) + "\n" }
    }
    let passages = transcript ? SpeakerAttribution.passages(of: entry.transcript, over: entry.timeline) : []
    if !passages.isEmpty {
      text += "\n\(section) \(tr("Transcript"))\n"
      for passage in passages { text += "\n**\(markdownLine(passage.heading))** \(markdownLine(passage.text))\n" }
    }
    return text
  }

  /// How long the meeting was planned to run: its shares and agenda items with the minutes
  /// added to them, or for entries from before shares were kept, the scrum's planned length now.
  public static func plannedSeconds(of entry: History, in scrum: DailyScrum) -> Int {
    entry.speakers.isEmpty
      ? scrum.plannedMinutes * 60 : (entry.speakers + entry.items).reduce(0) { $0 + $1.shareSeconds + $1.addedSeconds }
  }

  /// The column names before the speakers' own.
  public static let csvColumns = ["date", "duration_seconds", "planned_seconds", "attendees", "absent", "notes"]

  /// One row per meeting, oldest first (RFC 4180: CRLF, quoted where needed): the date in
  /// ISO 8601 UTC, the real and planned seconds, attendees and absentees separated by "; ",
  /// the notes one a line, then one column per person who ever spoke ("NAME (seconds)"), in
  /// the order they first spoke, empty where they did not speak.
  public static func csv(_ scrum: DailyScrum) -> String {
    var speakers: [String] = []
    var seen = Set<String>()
    for entry in scrum.history {
      for speaker in entry.speakers where seen.insert(speaker.name).inserted { speakers.append(speaker.name) }
    }
    var rows = [csvColumns + speakers.map { "\($0) (seconds)" }]
    for entry in scrum.history {
      var spoke: [String: Int] = [:]
      for speaker in entry.speakers { spoke[speaker.name, default: 0] += speaker.seconds }
      let row = [
        Texts.format(entry.date, "%Y-%m-%dT%H:%M:%SZ", timeZone: "UTC"), "\(entry.durationSeconds)",
        "\(plannedSeconds(of: entry, in: scrum))", entry.attendees.joined(separator: "; "),
        entry.absent.joined(separator: "; "), entry.notes.map(\.line).joined(separator: "\n"),
      ]
      rows.append(row + speakers.map { spoke[$0].map(String.init) ?? "" })
    }
    return rows.map { $0.map(csvField).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
  }

  /// A CSV field, quoted (quotes doubled) when it holds a comma, a quote or a line break. A
  /// field a spreadsheet would take for a formula (beginning with =, +, -, @, a tab or a
  /// carriage return: a name or note planted through the shared file) is prefixed with ' and
  /// stays text.
  static func csvField(_ text: String) -> String {
    let formula = text.unicodeScalars.first.map { "=+-@\t\r".unicodeScalars.contains($0) } ?? false
    let cell = formula ? "'" + text : text
    guard cell.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return cell }
    return "\"" + cell.replacing("\"", with: "\"\"") + "\""
  }

  /// Text on one Markdown line: line breaks become spaces, and the characters that would
  /// start markup are escaped, so a name like "*Ana*" stays a name.
  static func markdownLine(_ text: String) -> String {
    var out = ""
    for character in Texts.shown(text) {
      if character.isNewline {
        out.append(" ")
        continue
      }
      if "\\`*_[]<>#|~".contains(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }
}

/// Why an export could not be written.
public struct ExportError: Error, Equatable, CustomStringConvertible {
  /// The file it was to be written to.
  public var path: String
  /// The reason, in words a user knows ("the disk is full").
  public var reason: String

  public var description: String { tr("%@ could not be written: %@", Files.name(of: path), reason) }
}

extension HistoryExport {
  /// Writes `scrum`'s history in `format` to `path` (with the transcripts when asked),
  /// replacing the file in one step (a failed write leaves what was there). A file holding
  /// transcripts is readable by its owner alone (0600); any other takes the usual mode.
  public static func write(
    _ scrum: DailyScrum, as format: ExportFormat, to path: String, transcripts: Bool = false
  ) throws(ExportError) {
    let holdsTranscripts = transcripts && format != .csv && scrum.history.contains { !$0.transcript.isEmpty }
    try write(export(scrum, as: format, transcripts: transcripts), to: path, mode: holdsTranscripts ? 0o600 : 0o666)
  }

  /// Writes `data` to `path` whole or not at all (GLib writes a temporary file and renames it),
  /// with `mode` as open(2) takes it (the umask applies: 0666 gives the usual mode).
  public static func write(_ data: Data, to path: String, mode: Int32 = 0o666) throws(ExportError) {
    do {
      try AtomicFile.write(data, to: path, mode: mode, durable: false)
    } catch {
      guard case .writeFailed(_, let message) = error else { throw ExportError(path: path, reason: error.description) }
      throw ExportError(path: path, reason: message)
    }
  }
}
