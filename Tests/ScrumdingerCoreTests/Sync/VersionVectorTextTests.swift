import Foundation
import Testing

@testable import ScrumdingerCore

/// The version vector as the file keeps it: written byte for byte as the version before wrote
/// it with Foundation's encoder (so a file saved again unchanged is unchanged), and read back
/// whole, Foundation's decoder reading what the scanner leaves.
@Suite struct VersionVectorTextTests {
  /// The vector as the version before wrote it, with Foundation's encoder.
  struct EncodedByFoundation: Encodable {
    var revision: UUID
    var saves: [String: Int]
    var changed: [String: [String: Int]]?
  }

  func sample(parts: Int) -> (revision: UUID, saves: [String: Int], dots: [UUID: Dot]) {
    var dots: [UUID: Dot] = [:]
    for index in 0..<parts {
      dots[UUID()] = Dot(
        computer: ["0f3a9c1b2d4e5f60", "r:6f9619ff-8b86-d011-b42d-00c04fc964ff"][index % 2], save: index + 1)
    }
    return (UUID(), ["0f3a9c1b2d4e5f60": 812, "a1b2c3d4e5f60718": 3], dots)
  }

  @Test func theTextIsWhatFoundationsSortedEncoderWrote() throws {
    let (revision, saves, dots) = sample(parts: 500)
    var changed: [String: [String: Int]] = [:]
    for (id, dot) in dots { changed[dot.computer, default: [:]][id.uuidString] = dot.save }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let foundation = String(
      decoding: try encoder.encode(EncodedByFoundation(revision: revision, saves: saves, changed: changed)),
      as: UTF8.self
    )
    #expect(VersionVectorText.json(revision: revision, saves: saves, dots: dots) == foundation)
    let without = String(
      decoding: try encoder.encode(EncodedByFoundation(revision: revision, saves: saves, changed: nil)), as: UTF8.self)
    #expect(VersionVectorText.json(revision: revision, saves: saves, dots: nil) == without)
  }

  @Test func whatIsWrittenReadsBackAndOddTextIsStillRead() throws {
    let (revision, saves, dots) = sample(parts: 50)
    let read = try #require(
      VersionVectorText.read(VersionVectorText.json(revision: revision, saves: saves, dots: dots)))
    #expect(read.revision == revision && read.saves == saves)
    #expect(read.dots == dots)
    // An escape in a key, white space, keys in another order: the slow path reads it, dots
    // included.
    let (one, two) = (UUID(), UUID())
    let odd = #"""
      { "saves" : {"\u0061bc": 2}, "revision": "\#(revision.uuidString)",
        "changed": {"\u0061bc": {"\#(one.uuidString.lowercased())": 2}, "d": {"\#(two.uuidString)": 1}} }
      """#
    #expect(VersionVectorText.read(odd)?.saves == ["abc": 2])
    #expect(
      VersionVectorText.read(odd)?.dots == [one: Dot(computer: "abc", save: 2), two: Dot(computer: "d", save: 1)])
    #expect(VersionVectorText.read(#"{"saves":{}}"#) == nil, "no revision: no vector")
    #expect(VersionVectorText.read("[1,2]") == nil)
  }

  @Test func aDotThatCannotBeReadIsLeftOutAndTheRestKept() throws {
    let (revision, kept) = (UUID(), UUID())
    let text = #"""
      {"changed":{"a":{"\#(kept.uuidString.lowercased())":3,"not-an-id":4,"\#(UUID().uuidString)":0,\#
      "\#(UUID().uuidString)":\#(1 << 41)}},"revision":"\#(revision.uuidString)","saves":{"a":3}}
      """#
    let read = try #require(VersionVectorText.read(text))
    #expect(read.dots == [kept: Dot(computer: "a", save: 3)])
    // The slow path (an escape in the computer's name) leaves out the same.
    let escaped = text.replacingOccurrences(of: #"{"a":{"#, with: #"{"\u0061":{"#)
    #expect(try #require(VersionVectorText.read(escaped)).dots == [kept: Dot(computer: "a", save: 3)])
  }
}
