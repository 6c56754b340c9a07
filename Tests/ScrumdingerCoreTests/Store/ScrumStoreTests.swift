import Foundation
import Testing

@testable import ScrumdingerCore

/// A fresh, empty data folder for one test.
func makeTemporaryDirectory() -> String {
  let path = NSTemporaryDirectory() + "scrumdinger-tests-" + UUID().uuidString
  try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// Two scrums, one with history; the same value every time it is read.
let sampleScrums: [DailyScrum] = {
  let alice = Attendee(name: "Alice")
  let bob = Attendee(name: "Bob")
  return [
    DailyScrum(
      title: "Design", attendees: [alice, bob], lengthInMinutes: 10, theme: .yellow,
      history: [
        History(date: Date(timeIntervalSince1970: 1_700_000_000.75), attendees: [alice.name], durationSeconds: 597)
      ]),
    DailyScrum(title: "App Dev", attendees: [], lengthInMinutes: 1, theme: .indigo),
  ]
}()

private func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

@Suite(.serialized) struct ScrumStoreTests {
  @Test func saveThenLoadGivesBackTheSameScrums() throws {
    let store = ScrumStore(directory: makeTemporaryDirectory() + "/not/yet/there")
    try store.save(sampleScrums)
    #expect(try store.load() == sampleScrums)
    let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let json = try JSONSerialization.jsonObject(with: bytes(store.path)!) as? [String: Any]
    #expect(json?["version"] as? Int == 1)
    #expect((json?["scrums"] as? [Any])?.count == 2)
  }

  @Test func aMissingFileIsAnEmptyList() throws {
    let store = ScrumStore(directory: makeTemporaryDirectory())
    #expect(try store.load() == [])
    #expect(!store.isBlocked)
  }

  @Test(arguments: [
    ("truncated", Data(#"{"version": 1, "scrums": [{"id": "6F1"#.utf8)),
    ("not JSON", Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0x10])),
    (
      "wrong types",
      Data(
        #"{"version": 1, "scrums": [{"id": "6F1A3C0E-1111-4B7C-9B51-0E7B7C6B2E01", "title": 5, "attendees": [], "lengthInMinutes": 5, "theme": "sky", "history": []}]}"#
          .utf8)
    ),
    ("future version", Data(#"{"version": 2, "scrums": [], "rooms": []}"#.utf8)),
    (
      "out of range",
      Data(
        #"{"version": 1, "scrums": [{"id": "6F1A3C0E-1111-4B7C-9B51-0E7B7C6B2E01", "title": "x", "attendees": [], "lengthInMinutes": 0, "theme": "sky", "history": []}]}"#
          .utf8)
    ),
    ("empty", Data()),
  ])
  func anUnreadableFileIsReportedAndKeptByteForByte(kind: String, content: Data) throws {
    let store = ScrumStore(directory: makeTemporaryDirectory())
    #expect(FileManager.default.createFile(atPath: store.path, contents: content))
    #expect {
      try store.load()
    } throws: { error in
      guard case .unreadable(let path, _) = error as? StoreError else { return false }
      return path == store.path
    }
    #expect(store.isBlocked)
    #expect(throws: StoreError.saveRefused(path: store.path)) { try store.save(sampleScrums) }
    #expect(bytes(store.path) == content, "\(kind) file changed")

    let aside = try #require(try store.moveUnreadableAside(now: Date(timeIntervalSince1970: 1_763_700_000)))
    #expect(aside == store.path + ".unreadable-20251121T044000Z")
    #expect(bytes(aside) == content)
    #expect(!FileManager.default.fileExists(atPath: store.path))
    try store.save(sampleScrums)
    #expect(try store.load() == sampleScrums)
  }

  @Test func unreadableReasonsSayWhatIsWrong() throws {
    func reason(_ text: String) -> UnreadableReason? {
      do {
        _ = try ScrumFile.decode(Data(text.utf8))
        return nil
      } catch { return error }
    }
    #expect(reason(#"{"version": 1, "scrums": ["#) == .notJSON)
    #expect(reason(#"{"version": 3, "scrums": []}"#) == .futureVersion(3))
    #expect(reason(#"{"scrums": []}"#) == .unexpectedContent(at: "version", detail: "missing"))
    #expect(
      reason(
        #"{"version": 1, "scrums": [{"attendees": [], "history": [], "id": "6F1A3C0E-1111-4B7C-9B51-0E7B7C6B2E01", "lengthInMinutes": 5, "theme": "sky", "title": 5}]}"#
      )
        == .unexpectedContent(at: "scrums[0].title", detail: "expected text"))
    let message = StoreError.unreadable(path: "/d/scrums.json", reason: .futureVersion(3)).description
    #expect(message == "Could not read “/d/scrums.json”: it was written by a newer Scrumdinger (format version 3).")
  }

  @Test func moveAsideNeverReplacesAnEarlierCopy() throws {
    let store = ScrumStore(directory: makeTemporaryDirectory())
    let now = Date(timeIntervalSince1970: 1_763_700_000)
    #expect(FileManager.default.createFile(atPath: store.path, contents: Data("first".utf8)))
    _ = try? store.load()
    let first = try #require(try store.moveUnreadableAside(now: now))
    #expect(FileManager.default.createFile(atPath: store.path, contents: Data("second".utf8)))
    _ = try? store.load()
    let second = try #require(try store.moveUnreadableAside(now: now))
    #expect(first != second)
    #expect(bytes(first) == Data("first".utf8))
    #expect(bytes(second) == Data("second".utf8))
  }

  /// In a process of its own (what it finds wrong is reported here): a file-size limit binds
  /// the whole process, so any test running beside it that wrote more than the limit would
  /// fail (a CI run went red so).
  @Test func aWriteThatFailsMidwayLeavesTheOldFile() async {
    await #expect(processExitsWith: .success) {
      let directory = makeTemporaryDirectory()
      let store = ScrumStore(directory: directory)
      try store.save(Array(sampleScrums.prefix(1)))
      let old = bytes(store.path)!
      // A file-size limit makes the kernel refuse the write part-way through (EFBIG), as a
      // full disk would; it binds root too.
      var big = sampleScrums
      big[1].attendees = (1...500).map { Attendee(name: "Attendee \($0)") }
      var limit = rlimit()
      getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
      limit.rlim_cur = rlim_t(old.count + 100)
      signal(SIGXFSZ, SIG_IGN)
      setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
      let result = Result { try store.save(big) }
      guard case .failure(let error) = result, case .writeFailed(let path, _) = error as? StoreError else {
        Issue.record("the save should have failed, got \(result)")
        return
      }
      #expect(path == store.path)
      #expect(bytes(store.path) == old)
      #expect(try store.load() == Array(sampleScrums.prefix(1)))
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory)
      #expect(leftovers.sorted() == ["merge-base.json", "scrums.json", "sync-computer"], "no temp file left")
      #expect(bytes(store.keptBasePath) == old, "the kept base is the file as last written")
    }
  }

  @Test func theHandWrittenCodecRoundTripsTrickyTextAndDates() throws {
    let tricky = DailyScrum(
      title: "Quote \" slash \\ tab \t newline \n bell \u{07} 站会 🎉", attendees: [Attendee(name: "Zoë \"Z\"")],
      lengthInMinutes: 60, theme: .oxblood,
      history: [
        History(date: Date(timeIntervalSince1970: -86_401), attendees: ["Zoë"], durationSeconds: 0),
        History(date: Date(timeIntervalSince1970: 4_102_444_799), attendees: [], durationSeconds: 3600),
      ])
    let data = ScrumFile.encode([tricky])
    #expect(try ScrumFile.decode(data) == [tricky])
    // Foundation agrees with the hand-written writer, and with the fast reader.
    let parsed = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let scrum = (parsed?["scrums"] as? [[String: Any]])?.first
    #expect(scrum?["title"] as? String == tricky.title)
    #expect(((scrum?["history"] as? [[String: Any]])?.first?["date"] as? String) == "1969-12-30T23:59:59Z")
  }

  @Test func aFileTheFastReaderDoesNotKnowIsStillReadExactly() throws {
    // Pretty-printed, unknown keys, lowercase UUIDs, fractional-free ISO dates with an offset.
    let text = #"""
      {
        "comment": {"nested": [1, true, null, "x"]},
        "version": 1,
        "scrums": [{"id": "0a6e7f5c-8b8b-4b14-9c5e-2b1c6a3e9d01", "title": "Design", "extra": 2,
          "lengthInMinutes": 5, "theme": "sky", "attendees": [],
          "history": [{"id": "3D6E7F5C-8B8B-4B14-9C5E-2B1C6A3E9D04", "date": "2026-11-20T10:00:00+01:00",
            "durationSeconds": 61, "attendees": ["Cathy"]}]}]
      }
      """#
    let scrums = try ScrumFile.decode(Data(text.utf8))
    #expect(scrums[0].title == "Design")
    #expect(scrums[0].history[0].date == Date(timeIntervalSince1970: 1_795_165_200))
  }

  @Test func historyWithAttendeeObjectsStillLoads() throws {
    let text = #"""
      {"version": 1, "scrums": [{"id": "0A6E7F5C-8B8B-4B14-9C5E-2B1C6A3E9D01", "title": "Design",
        "lengthInMinutes": 5, "theme": "sky", "attendees": [],
        "history": [{"id": "3D6E7F5C-8B8B-4B14-9C5E-2B1C6A3E9D04", "date": "2026-11-20T09:00:00Z",
          "durationSeconds": 61,
          "attendees": [{"id": "1B6E7F5C-8B8B-4B14-9C5E-2B1C6A3E9D02", "name": "Cathy"}]}]}]}
      """#
    let scrums = try ScrumFile.decode(Data(text.utf8))
    #expect(scrums[0].history[0].attendees == ["Cathy"])
    #expect(scrums[0].history[0].durationSeconds == 61)
  }

  @Test func appleScrumdingerFileIsImported() throws {
    let directory = makeTemporaryDirectory()
    let legacy = #"""
      [{"id":"0A6E7F5C-8B8B-4B14-9C5E-2B1C6A3E9D01","title":"Design","lengthInMinutes":10,
        "theme":"yellow",
        "attendees":[{"id":"1B6E7F5C-8B8B-4B14-9C5E-2B1C6A3E9D02","name":"Cathy"},
                     {"id":"2C6E7F5C-8B8B-4B14-9C5E-2B1C6A3E9D03","name":"Daisy"}],
        "history":[{"id":"3D6E7F5C-8B8B-4B14-9C5E-2B1C6A3E9D04","date":685000000,
                    "attendees":[{"id":"1B6E7F5C-8B8B-4B14-9C5E-2B1C6A3E9D02","name":"Cathy"}],
                    "lengthInMinutes":10},
                   {"id":"4E6E7F5C-8B8B-4B14-9C5E-2B1C6A3E9D05","date":686000000.5,"attendees":[]}]}]
      """#
    let legacyPath = directory + "/scrums.data"
    #expect(FileManager.default.createFile(atPath: legacyPath, contents: Data(legacy.utf8)))
    let store = ScrumStore(directory: directory)
    let scrums = try store.load()
    #expect(scrums.count == 1)
    let scrum = try #require(scrums.first)
    #expect(scrum.title == "Design")
    #expect(scrum.theme == .yellow)
    #expect(scrum.lengthInMinutes == 10)
    #expect(scrum.attendees.map(\.name) == ["Cathy", "Daisy"])
    #expect(
      scrum.history.map(\.date) == [
        Date(timeIntervalSinceReferenceDate: 685_000_000), Date(timeIntervalSinceReferenceDate: 686_000_000),
      ])
    #expect(scrum.history.map(\.durationSeconds) == [600, 0])
    #expect(scrum.history.map(\.attendees) == [["Cathy"], []])
    // Saving writes our own file and leaves Apple's untouched; ours is read from then on.
    try store.save(scrums + [DailyScrum(title: "New")])
    #expect(bytes(legacyPath) == Data(legacy.utf8))
    #expect(try store.load().map(\.title) == ["Design", "New"])
  }
}
