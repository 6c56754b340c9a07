import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

/// The fuzzer's seeds, and every crash it found (`make fuzz`; the files in Tests/FuzzCorpus),
/// kept as regression cases: each must read or be refused, and whatever reads must come back
/// the same once written.
@Suite struct ScrumFileFuzzCorpusTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../FuzzCorpus").standardized.path

  static var files: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []).sorted()
  }

  @Test func theCorpusIsThere() {
    #expect(Self.files.count >= 10, "Tests/FuzzCorpus holds the seeds")
  }

  @Test(arguments: files) func keepsThePromise(_ name: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: Self.corpus + "/" + name))
    #expect(RoundTrip.problem(with: data) == nil)
  }

  @Test func aControlCharacterInAKeyIsNotJSON() throws {
    // Found by the fuzzer: the fast reader let a raw control character through in a key and
    // kept an unknown value holding one, which no JSON reader reads back.
    let data = try Data(contentsOf: URL(fileURLWithPath: Self.corpus + "/crash-control-bytes-in-a-key.json"))
    let error = #expect(throws: UnreadableReason.self) { try ScrumFile.decode(data) }
    #expect(error?.description.contains("not valid JSON") == true)
  }

  @Test func aDateBefore1582ReadsTheSameDayOnTheSlowPath() throws {
    // Found by the fuzzer: a file the fast reader leaves to Foundation (here for a fraction)
    // had its dates before 1582 read on the Julian calendar, so each save moved them 6 days.
    let data = try Data(contentsOf: URL(fileURLWithPath: Self.corpus + "/crash-ancient-date-slow-path.json"))
    #expect(TableReader.decode(data, version: 1) == nil, "read by the slow path")
    let date = try ScrumFile.decode(data)[0].history[0].date
    #expect(date == JSONScanner.date(fromISO: "1013-11-20T09:00:00Z"))
    #expect(Texts.format(date, "%Y-%m-%d", timeZone: "UTC") == "1013-11-20")
  }
}
