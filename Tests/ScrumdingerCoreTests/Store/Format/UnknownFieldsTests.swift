import Foundation
import Testing

@testable import ScrumdingerCore

/// A file written by a newer version: four keys this one does not know, one at each level.
private func newerFile(futureValue: String = #"{"mode":"async","tags":["a","b\"c"],"n":3}"#) -> Data {
  Data(
    """
    {"version":1,"sync":{"peer":"laptop","clock":42},"scrums":[
    {"id":"C7C4A68B-D2E0-42BF-B751-CD12F962167B","title":"Design","lengthInMinutes":5,"theme":"sky",
     "future":\(futureValue),
     "attendees":[{"id":"0F2C2B0E-6D7A-4E53-9D42-7C1B5A0E9F11","name":"Ana","pronouns":"she/her"}],
     "history":[{"id":"3D6E7F5C-8B8B-4B14-9C5E-2B1C6A3E9D04","date":"2026-11-20T09:00:00Z","attendees":["Ana"],
       "durationSeconds":300,"mood":null}]}
    ]}
    """.utf8)
}

/// The JSON values at `keys` of the file's objects: file, scrum, attendee, history entry.
private func unknownValues(_ data: Data) throws -> [NSObject] {
  let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  let scrum = try #require((file["scrums"] as? [[String: Any]])?.first)
  let attendee = try #require((scrum["attendees"] as? [[String: Any]])?.first)
  let entry = try #require((scrum["history"] as? [[String: Any]])?.first)
  return [file["sync"], scrum["future"], attendee["pronouns"], entry["mood"]].map { ($0 as? NSObject) ?? NSNull() }
}

@Suite struct UnknownFieldsTests {
  @Test func theFastReaderKeepsKeysItDoesNotKnowAtEveryLevel() throws {
    let data = newerFile()
    #expect(TableReader.decode(data, version: 1) != nil, "read by the fast reader")
    let contents = try ScrumFile.contents(of: data)
    #expect(contents.unknown.fields.map(\.key) == ["sync"])
    #expect(contents.scrums[0].unknown.fields.map(\.key) == ["future"])
    #expect(contents.scrums[0].attendees[0].unknown.fields.map(\.key) == ["pronouns"])
    #expect(contents.scrums[0].history[0].unknown.fields.map(\.key) == ["mood"])
    let written = ScrumFile.encode(contents.scrums, unknown: contents.unknown)
    #expect(try unknownValues(written) == unknownValues(data))
    #expect(try ScrumFile.contents(of: written) == contents)
  }

  @Test func theFoundationReaderKeepsThemToo() throws {
    // A fraction is more than the fast reader is sure of: the Foundation reader reads it.
    let data = newerFile(futureValue: #"{"ratio":1.5,"list":[true,false,null,-7],"text":"é\n"}"#)
    #expect(TableReader.decode(data, version: 1) == nil)
    let contents = try ScrumFile.contents(of: data)
    #expect(contents.unknown.fields.map(\.key) == ["sync"])
    #expect(contents.scrums[0].attendees[0].unknown.fields.map(\.key) == ["pronouns"])
    #expect(contents.scrums[0].history[0].unknown.fields.map(\.key) == ["mood"])
    let written = ScrumFile.encode(contents.scrums, unknown: contents.unknown)
    #expect(try unknownValues(written) == unknownValues(data))
    #expect(try ScrumFile.contents(of: written) == contents)
  }

  @Test func theyOutliveASaveAndAnEdit() throws {
    let folder = NSTemporaryDirectory() + "unknown-\(UUID())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let store = ScrumStore(directory: folder)
    try newerFile().write(to: URL(fileURLWithPath: store.path))
    var scrums = try store.load()
    // Renamed in the editor, an attendee added: what the newer version wrote stays.
    var draft = ScrumDraft(editing: scrums[0])
    draft.title = "Design Review"
    draft.renameAttendee(at: 0, to: "Ana B.")
    draft.addAttendee(named: "Ben")
    scrums[0] = draft.scrum
    try store.save(scrums)
    let saved = try Data(contentsOf: URL(fileURLWithPath: store.path))
    #expect(try unknownValues(saved) == unknownValues(newerFile()))
    #expect(try ScrumStore(directory: folder).load()[0].title == "Design Review")
  }
}
