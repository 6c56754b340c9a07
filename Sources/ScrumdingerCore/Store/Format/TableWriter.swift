// The scrums file is written by hand, byte by byte (JSONOutput), from the tables of
// KeyTables (see FieldTable): compact, keys sorted, one scrum per line.
import FoundationEssentials

/// Serialises scrums as version-1 JSON.
enum TableWriter {
  /// The file's bytes for `scrums`, with the file's `unknown` keys after ours, and the
  /// transcripts only when `transcripts`.
  static func encode(
    _ scrums: [DailyScrum], version: Int, unknown: UnknownFields = UnknownFields(), transcripts: Bool = false
  ) -> Data {
    let historyCount = scrums.reduce(0) { $0 + $1.history.count }
    var output = JSONOutput(capacity: 4096 + historyCount * 320, transcripts: transcripts)
    output.raw("{\"scrums\":[")
    for (index, scrum) in scrums.enumerated() {
      output.raw(index == 0 ? "\n" : ",\n")
      scrum.write(to: &output)
    }
    output.raw("\n],\"version\":")
    output.integer(version)
    output.unknown(unknown)
    output.raw("}\n")
    return output.finish()
  }

  /// `text` as a JSON string, quotes included.
  static func quoted(_ text: String) -> String {
    var output = JSONOutput(capacity: text.utf8.count + 16)
    output.string(text)
    return String(decoding: output.finish(), as: UTF8.self)
  }
}
