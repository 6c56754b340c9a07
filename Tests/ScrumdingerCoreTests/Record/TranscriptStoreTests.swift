import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

@MainActor @Suite struct TranscriptStoreTests {
  let folder = NSTemporaryDirectory() + "transcripts-\(UUID())"
  let said = [TranscriptSegment(startMilliseconds: 0, endMilliseconds: 2_000, text: " Hello team.")]

  func scrum(transcript: [TranscriptSegment]) -> DailyScrum {
    DailyScrum(
      title: "Design",
      history: [
        History(
          date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["Ana"], durationSeconds: 60,
          transcript: transcript)
      ])
  }

  @Test func anEarlierVersionsTranscriptMovesHereOnceAndLeavesTheTeamsFile() throws {
    let folder = trashableFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = TranscriptStore(folder: folder)
    let legacy = scrum(transcript: said)  // as an earlier version wrote it into scrums.json
    #expect(store.moveOutOfFileOnce([legacy]) == nil)
    let attached = store.attach(to: [legacy])
    #expect(attached == [legacy], "nothing lost")
    let mode = try FileManager.default.attributesOfItem(atPath: folder + "/\(legacy.history[0].id.uuidString).json")[
      .posixPermissions]
    #expect(mode as? Int == 0o600)
    let shared = ScrumFile.encode(attached)
    #expect(!String(decoding: shared, as: UTF8.self).contains("Hello team"), "the team's file holds no transcript")
    // The next start reads the team's file, which has none: it comes back from here.
    #expect(store.attach(to: try ScrumFile.decode(shared)) == [legacy])
    // A transcript arriving in the shared file later is a teammate's: never taken as ours.
    let planted = scrum(transcript: [TranscriptSegment(startMilliseconds: 0, endMilliseconds: 900, text: " Planted.")])
    #expect(store.moveOutOfFileOnce([planted]) == nil)
    #expect(store.attach(to: [planted])[0].history[0].transcript.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: folder + "/\(planted.history[0].id.uuidString).json"))
    // Its meeting gone, the transcript goes to the Trash, not for good.
    store.removeLeftovers(keeping: [])
    #expect(store.attach(to: try ScrumFile.decode(shared))[0].history[0].transcript.isEmpty, "gone with its meeting")
    #expect(trashed(legacy.history[0].id.uuidString + ".json"))
  }

  @Test func aChangeFromElsewhereKeepsTheTranscriptShownHere() throws {
    let directory = NSTemporaryDirectory() + "store-\(UUID())"
    let scrums = ScrumStore(directory: directory)
    let ours = [scrum(transcript: said)]
    try scrums.save(ours)
    // Another computer renames the scrum; its file has no transcript.
    var theirs = try ScrumFile.contents(of: try Data(contentsOf: URL(fileURLWithPath: scrums.path)))
    theirs.scrums[0].title = "Design review"
    Thread.sleep(forTimeInterval: 0.01)
    try ScrumFile.encode(theirs.scrums, unknown: theirs.unknown).write(to: URL(fileURLWithPath: scrums.path))
    guard case .changed(let arrival) = scrums.checkDisk(), let base = scrums.accept(arrival) else {
      Issue.record("no change seen")
      return
    }
    #expect(base.proven)
    let merged = ScrumMerge.merge(
      base: base, ours: ours, theirs: arrival.contents.scrums, oursEdited: [:], theirsWritten: arrival.written)
    #expect(merged.scrums[0].title == "Design review")
    #expect(merged.scrums[0].history[0].transcript == said, "our transcript is not taken for deleted there")
  }

  @Test func aFinishedTranscriptionIsKeptOnThisComputer() throws {
    let design = scrum(transcript: [])
    let speech = FakeSpeech()
    let model = TranscriberRig(
      state: AppState(scrums: [design]), dependencies: testDependencies(speech: speech, recording: [design.id]))
    let session = MeetingSession(scrum: design, state: model.state, dependencies: model.dependencies)
    session.end(save: true)
    model.transcriber.queuePending()
    speech.tasks[0].done(.success(said))
    let entry = try #require(model.state.scrum(design.id)?.history.last)
    #expect(entry.transcript == said)
    let stripped = model.state.scrums.value.map { scrum in
      var copy = scrum
      for index in copy.history.indices { copy.history[index].transcript = [] }
      return copy
    }
    #expect(model.dependencies.recorder.transcripts.attach(to: stripped) == model.state.scrums.value)
  }
}
