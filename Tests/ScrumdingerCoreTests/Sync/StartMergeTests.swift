import Foundation
import Testing

@testable import ScrumdingerCore

/// A scrums file found at start that did not grow from the version this computer last held
/// (restored from a backup, replaced by a sync tool without a conflict copy) is merged with
/// it, never taken whole; one that grew from it is taken as it is.
@Suite struct StartMergeTests {
  let v = StandupVersions()
  let retro = DailyScrum(title: "Retro", lengthInMinutes: 10)

  /// Puts `data` at `path` with a modification time `age` seconds ago, as a restore keeps it.
  func place(_ data: Data, at path: String, age: TimeInterval) throws {
    try data.write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.modificationDate: Date() - age], ofItemAtPath: path)
  }

  /// The scrums file is gone while the app is closed (a sync tool deleted it, the user moved
  /// it): this computer's last version is shown and said, and nothing is written until the
  /// user edits or starts empty. Before, the list was empty and the next save wrote over the
  /// kept version.
  @Test func aFileGoneWhileClosedShowsThisComputersLastVersion() throws {
    let here = makeTemporaryDirectory()
    let store = ScrumStore(directory: here)
    _ = try store.load()
    try store.save([v.standup([v.m1, v.m2]), retro])
    let kept = v.bytes(store.keptBasePath)
    try FileManager.default.removeItem(atPath: store.path)

    let restarted = ScrumStore(directory: here)
    #expect(restarted.claimWriting())
    #expect(try restarted.load() == [v.standup([v.m1, v.m2]), retro])
    #expect(restarted.takeMissingAtStart() == [v.standup([v.m1, v.m2]), retro], "said")
    #expect(restarted.takeMissingAtStart() == nil, "once")
    #expect(!FileManager.default.fileExists(atPath: restarted.path), "nothing written yet")
    #expect(v.bytes(restarted.keptBasePath) == kept, "the kept version stays as it was")
    // Start Empty: an empty list is saved (the app puts the version shown in the Trash first).
    try restarted.save([])
    #expect(try ScrumStore(directory: here).load() == [])
  }

  /// "Use the File as It Is" pressed after editing: the file as it was, with the edits made
  /// since the merge was shown (before, the whole list was replaced and they were lost).
  @Test func usingTheFileAsItIsLaterKeepsWhatWasEditedSince() throws {
    let (here, _) = try lastWeeksFileRestored()
    let restarted = ScrumStore(directory: here)
    var shown = try restarted.load()
    let merge = try #require(restarted.takeStartMerge())
    shown[0].history.append(v.m3)  // a meeting held since
    shown[0].title = "Daily"
    #expect(merge.fileAsIs(keepingEditsIn: shown) == [v.standup([v.m1, v.m3], title: "Daily")])
    #expect(merge.fileAsIs(keepingEditsIn: merge.merged) == merge.fileAsIs, "with no edit, the file as it was")
  }

  /// A first start (no file, no version kept): an empty list, and nothing to say.
  @Test func aFirstStartIsAnEmptyList() throws {
    let store = ScrumStore(directory: makeTemporaryDirectory())
    #expect(try store.load() == [])
    #expect(store.takeMissingAtStart() == nil)
  }

  /// A folder whose app saved Standup (m1), then Standup (m1, m2) and Retro, and was closed;
  /// then last week's copy (Standup with m1) was put back over the file. Returns the folder
  /// and that copy's bytes.
  func lastWeeksFileRestored() throws -> (folder: String, older: Data) {
    let here = makeTemporaryDirectory()
    let store = ScrumStore(directory: here)
    _ = try store.load()
    try store.save([v.standup([v.m1])])
    let older = v.bytes(store.path)
    try store.save([v.standup([v.m1, v.m2]), retro])
    try place(older, at: store.path, age: 7 * 86_400)
    return (here, older)
  }

  @Test func aRestoredOlderFileIsMergedWithWhatThisComputerLastSaved() throws {
    let (here, older) = try lastWeeksFileRestored()

    let restarted = ScrumStore(directory: here)
    let loaded = try restarted.load()
    #expect(loaded == [v.standup([v.m1, v.m2]), retro], "what was added here since the restored version is kept")
    let merge = try #require(restarted.takeStartMerge(), "the merge is said")
    #expect(merge.fileAsIs == [v.standup([v.m1])], "the file as it was, for Use the File as It Is")
    #expect(merge.summary == "The scrums file lacked this computer's last changes: 1 scrum and 1 meeting kept")
    #expect(restarted.takeStartMerge() == nil, "said once")
    #expect(v.bytes(restarted.path) == older, "nothing is written before the merge is saved")

    try restarted.save(loaded)
    let next = ScrumStore(directory: here)
    #expect(try next.load() == [v.standup([v.m1, v.m2]), retro])
    #expect(next.takeStartMerge() == nil, "the saved merge grew from both: taken as it is")
  }

  @Test func useTheFileAsItIsSavesTheRestoredVersionForGood() throws {
    let here = makeTemporaryDirectory()
    let store = ScrumStore(directory: here)
    try store.save([v.standup([v.m1])])
    let older = v.bytes(store.path)
    try store.save([v.standup([v.m1, v.m2]), retro])
    try place(older, at: store.path, age: 3600)

    let restarted = ScrumStore(directory: here)
    _ = try restarted.load()
    let merge = try #require(restarted.takeStartMerge())
    try restarted.save(merge.fileAsIs)  // the toast's button
    let next = ScrumStore(directory: here)
    #expect(try next.load() == [v.standup([v.m1])], "the restore was meant: it stays")
    #expect(next.takeStartMerge() == nil)
  }

  @Test func aFileThatGrewFromTheKeptVersionIsTakenAsItIs() throws {
    let here = makeTemporaryDirectory()
    let there = makeTemporaryDirectory()
    let store = ScrumStore(directory: here)
    try store.save([v.standup([v.m1, v.m2]), retro])
    try v.bytes(store.path).write(to: URL(fileURLWithPath: there + "/scrums.json"))
    // The other computer deletes m1 and Retro while this app is closed; its file arrives.
    let other = ScrumStore(directory: there)
    _ = try other.load()
    try other.save([v.standup([v.m2])])
    try v.bytes(other.path).write(to: URL(fileURLWithPath: store.path))

    let restarted = ScrumStore(directory: here)
    #expect(try restarted.load() == [v.standup([v.m2])], "deletions made knowingly elsewhere are carried")
    #expect(restarted.takeStartMerge() == nil)
    let removed = try #require(restarted.takeRemovedWhileClosed(), "and seen here, with Undo")
    #expect(removed.summary == "1 scrum and 1 meeting removed")
    #expect(removed.restored(into: [v.standup([v.m2])]) == [v.standup([v.m1, v.m2]), retro])
  }

  /// A sync tool (or a network home) replaced the file with the other computer's version,
  /// though both changed it since their common one, and left no conflict copy. No base is
  /// proven: a union, whatever the times say.
  @Test func aFileReplacedByAnotherComputersConcurrentVersionIsAUnion() throws {
    let here = makeTemporaryDirectory()
    let there = makeTemporaryDirectory()
    let store = ScrumStore(directory: here)
    try store.save([v.standup([v.m1])])
    try v.bytes(store.path).write(to: URL(fileURLWithPath: there + "/scrums.json"))
    let other = ScrumStore(directory: there)
    _ = try other.load()
    try other.save([v.standup([v.m1, v.m2], title: "Daily")])
    try store.save([v.standup([v.m1, v.m3]), retro])
    try place(v.bytes(other.path), at: store.path, age: -86_400)  // its clock a day ahead

    let restarted = ScrumStore(directory: here)
    let loaded = try restarted.load()
    #expect(loaded.map(\.title) == ["Daily", "Retro"])
    #expect(Set(loaded[0].history.map(\.id)) == [v.m1.id, v.m2.id, v.m3.id])
    let merge = try #require(restarted.takeStartMerge())
    #expect(merge.summary == "The scrums file lacked this computer's last changes: 1 scrum and 1 meeting kept")
  }
}
