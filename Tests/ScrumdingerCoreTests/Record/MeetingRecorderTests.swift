import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

@MainActor @Suite struct MeetingRecorderTests {
  let recorded = DailyScrum(
    title: "Design", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 1)

  /// A meeting of `scrum` started, which this computer records unless `records` is false.
  func start(_ scrum: DailyScrum, capture: FakeCapture = FakeCapture(), records: Bool = true) -> (
    MeetingSession, AppModel, ManualClock
  ) {
    let clock = ManualClock()
    let dependencies = testDependencies(clock: clock, capture: capture, recording: records ? [scrum.id] : [])
    let model = AppModel(state: AppState(scrums: [scrum]), dependencies: dependencies)
    let session = MeetingSession(scrum: scrum, state: model.state, dependencies: model.dependencies)
    return (session, model, clock)
  }

  @Test func aScrumRecordsOnlyWhenItAsks() {
    let capture = FakeCapture()
    let (session, model, _) = start(recorded, capture: capture, records: false)
    #expect(capture.calls.isEmpty)
    #expect(model.dependencies.recorder.isRecording.value == false)
    session.end(save: true)
    #expect(model.dependencies.recorder.recording(of: session.historyID) == nil)
    #expect(model.state.scrum(recorded.id)?.history.last?.recorded == false)
  }

  @Test func theRecordingFollowsTheMeetingAndIsKeptWithTheSavedEntry() throws {
    let capture = FakeCapture()
    let (session, model, clock) = start(recorded, capture: capture)
    let recorder = model.dependencies.recorder
    let file = recorder.folder + "/\(session.historyID.uuidString).ogg"
    #expect(capture.calls == [.start(file)])
    #expect(recorder.isRecording.value)
    clock.advance(by: .seconds(5))
    session.pause()
    session.resume()
    session.end(save: true)
    #expect(capture.calls == [.start(file), .pause, .resume, .finish])
    #expect(!recorder.isRecording.value)
    #expect(model.state.scrum(recorded.id)?.history.last?.id == session.historyID, "named after its entry")
    #expect(recorder.recording(of: session.historyID) == file)
    // The team's file says it was recorded (the other computers say so), and holds no audio.
    let saved = try #require(model.state.scrum(recorded.id)?.history.last)
    #expect(saved.recorded)
    let written = String(decoding: ScrumFile.encode(model.state.scrums.value), as: UTF8.self)
    #expect(written.contains("\"recorded\":true"))
    #expect(try ScrumFile.contents(of: ScrumFile.encode(model.state.scrums.value)).scrums[0].history[0].recorded)
  }

  @Test func eachChangeOfTurnIsReadOnBothClocksAndKeptBesideTheRecording() throws {
    let recorded = DailyScrum(
      title: "Design", attendees: ["Ana", "Ben", "Cy"].map { Attendee(name: $0) }, lengthInMinutes: 1)
    let capture = FakeCapture()
    let scheduler = ManualScheduler()
    let clock = ManualClock()
    let dependencies = testDependencies(clock: clock, scheduler: scheduler, capture: capture, recording: [recorded.id])
    let model = AppModel(state: AppState(scrums: [recorded]), dependencies: dependencies)
    let session = MeetingSession(scrum: recorded, state: model.state, dependencies: model.dependencies)
    let recorder = model.dependencies.recorder
    clock.advance(by: .milliseconds(10_400))
    capture.position = .milliseconds(10_100)  // the microphone opened 0.3 s after the meeting began
    _ = session.nextSpeaker()
    #expect(recorder.cuts(of: session.historyID).cuts.count == 1, "kept at once: a crash does not lose it")
    // Ben's 20 s run out at 30.4 s of running time; the tick comes 0.5 s late.
    clock.advance(by: .milliseconds(20_500))
    capture.position = .milliseconds(30_200)
    session.tick()
    session.end(save: true)
    let cuts = recorder.cuts(of: session.historyID)
    #expect(
      cuts.cuts == [
        .init(meetingMilliseconds: 10_400, recordingMilliseconds: 10_100),
        .init(meetingMilliseconds: 30_400, recordingMilliseconds: 29_700),
      ])
    let turns = try #require(recorder.recording(of: session.historyID)) + ".turns"
    #expect(FileManager.default.fileExists(atPath: turns))
    recorder.forgetMeeting(session.historyID)
    #expect(!FileManager.default.fileExists(atPath: turns), "gone with the recording")
    #expect(recorder.cuts(of: session.historyID).cuts.isEmpty)
  }

  @Test func aDiscardedMeetingLeavesNoRecording() throws {
    let capture = FakeCapture()
    let (session, model, clock) = start(recorded, capture: capture)
    clock.advance(by: .seconds(5))
    capture.position = .seconds(4)
    _ = session.nextSpeaker()
    session.end(save: false)
    #expect(model.dependencies.recorder.recording(of: session.historyID) == nil)
    let folder = model.dependencies.recorder.folder
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nor where its turns changed")
  }

  @Test func noMicrophoneSaysSoOnceAndTheMeetingRunsOn() {
    let capture = FakeCapture()
    capture.refusal = "no microphone could be opened"
    let clock = ManualClock()
    let dependencies = testDependencies(clock: clock, capture: capture, recording: [recorded.id])
    var problems: [String] = []
    dependencies.recorder.onProblem = { problems.append($0) }
    let state = AppState(scrums: [recorded])
    let session = MeetingSession(scrum: recorded, state: state, dependencies: dependencies)
    #expect(problems == ["Recording stopped: no microphone could be opened. The meeting goes on."])
    #expect(!dependencies.recorder.isRecording.value)
    #expect(state.meeting.value != nil, "the meeting runs")
    session.end(save: true)
    #expect(state.scrum(recorded.id)?.history.count == 1)
  }

  @Test func aCaptureThatFailsMidwayKeepsWhatWasRecorded() {
    let capture = FakeCapture()
    let (session, model, _) = start(recorded, capture: capture)
    var problems: [String] = []
    model.dependencies.recorder.onProblem = { problems.append($0) }
    capture.onFailure?("No space left on device")
    #expect(problems == ["Recording stopped: No space left on device. The meeting goes on."])
    #expect(!model.dependencies.recorder.isRecording.value)
    session.end(save: true)
    #expect(capture.calls.last == .start(model.dependencies.recorder.folder + "/\(session.historyID.uuidString).ogg"))
    #expect(model.dependencies.recorder.recording(of: session.historyID) != nil, "what was recorded stays")
  }

  @Test func deletingAMeetingDeletesItsRecordingOnceUndoIsGone() throws {
    let (session, model, _) = start(recorded)
    session.end(save: true)
    let recorder = model.dependencies.recorder
    let id = session.historyID
    let deletion = try #require(model.undo.deleteHistory(scrumID: recorded.id, historyID: id))
    #expect(recorder.recording(of: id) != nil, "kept while Undo can bring it back")
    model.undo.undo(deletion)
    model.undo.forget(deletion)
    #expect(recorder.recording(of: id) != nil, "undone: still there")
    let again = try #require(model.undo.deleteHistory(scrumID: recorded.id, historyID: id))
    model.undo.forget(again)
    #expect(recorder.recording(of: id) == nil, "gone for good with its meeting")
  }

  @Test func deletingAScrumDeletesItsMeetingsRecordings() throws {
    let (session, model, _) = start(recorded)
    session.end(save: true)
    let deletion = try #require(model.undo.deleteScrum(recorded.id))
    model.undo.forget(deletion)
    #expect(model.dependencies.recorder.recording(of: session.historyID) == nil)
  }

  @Test func aRecordingIsItsOwnersAloneWhateverTheUmask() throws {
    let previous = umask(0o022)
    defer { umask(previous) }
    let (session, model, _) = start(recorded)
    let file = try #require(model.dependencies.recorder.recording(of: session.historyID))
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    session.end(save: false)
  }

  @Test func audioOfNoMeetingGoesToTheTrashAndDecodedSamplesAreRemovedAtStartAndNothingElse() throws {
    let recorder = testDependencies().recorder
    try FileManager.default.createDirectory(atPath: recorder.folder, withIntermediateDirectories: true)
    let kept = UUID()
    let gone = UUID()
    let names = [
      "\(kept.uuidString).ogg", "\(kept.uuidString).ogg.stopped", "\(kept.uuidString).ogg.samples",
      "\(kept.uuidString).ogg.turns", "\(gone.uuidString).ogg", "\(gone.uuidString).ogg.stopped",
      // The last, a captions samples file: left by a crash before the helper had it.
      "\(gone.uuidString).ogg.turns", "notes.txt", "captions-\(gone.uuidString).samples",
    ]
    for name in names {
      #expect(FileManager.default.createFile(atPath: recorder.folder + "/" + name, contents: Data("x".utf8)))
    }
    recorder.removeDecodedSamples()
    recorder.removeLeftovers(keeping: [kept])
    let left = try FileManager.default.contentsOfDirectory(atPath: recorder.folder).sorted()
    #expect(
      left == ["\(kept.uuidString).ogg", "\(kept.uuidString).ogg.stopped", "\(kept.uuidString).ogg.turns", "notes.txt"])
    for suffix in [".ogg", ".ogg.stopped", ".ogg.turns"] {
      #expect(
        trashedPaths(named: gone.uuidString + suffix) == [recorder.folder + "/" + gone.uuidString + suffix],
        "in the Trash, restorable")
    }
    recorder.deleteRecording(of: kept)
    #expect(FileManager.default.createFile(atPath: recorder.folder + "/\(gone.uuidString).ogg.samples", contents: nil))
    #expect(FileManager.default.createFile(atPath: recorder.folder + "/\(gone.uuidString).ogg", contents: nil))
    recorder.deleteRecording(of: gone)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: recorder.folder) == ["notes.txt"],
      "Delete Recording takes its samples too")
  }

  @Test func theChoiceIsThisComputersSavedBesideTheScrumsAndNeverInTheirFile() throws {
    let path = NSTemporaryDirectory() + "consent-\(UUID()).json"
    let consent = RecordingConsent(path: path)
    #expect(consent.isNew)
    try consent.set(recorded.id, records: true)
    #expect(RecordingConsent(path: path).records(recorded.id), "read back at the next start")
    #expect(!RecordingConsent(path: path).isNew)
    let shared = String(decoding: ScrumFile.encode([recorded]), as: UTF8.self)
    #expect(!shared.contains("record"), "the team's file says nothing of it: \(shared)")
    #expect(ScrumDraft(newAfter: []).recordsMeetings == false, "off unless asked")
    #expect(ScrumDraft(editing: recorded).recordsMeetings == false)
  }

  @Test func captionsAreThisComputersChoiceApartFromRecording() throws {
    let path = NSTemporaryDirectory() + "consent-\(UUID()).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let consent = RecordingConsent(path: path)
    #expect(!consent.captions(recorded.id), "off unless asked")
    try consent.set(recorded.id, captions: true)
    let later = RecordingConsent(path: path)
    #expect(later.captions(recorded.id), "read back at the next start")
    #expect(!later.records(recorded.id), "captions do not record")
    try later.set(recorded.id, records: true)
    try later.set(recorded.id, captions: false)
    #expect(RecordingConsent(path: path).records(recorded.id) && !RecordingConsent(path: path).captions(recorded.id))
    let shared = String(decoding: ScrumFile.encode([recorded]), as: UTF8.self)
    #expect(!shared.contains("caption"), "the team's file says nothing of it: \(shared)")
  }

  @Test func theEditorsSwitchIsSavedForThisComputer() throws {
    let model = AppModel(state: AppState(scrums: [recorded]), dependencies: testDependencies())
    model.state.navigation.value = .detail(scrumID: recorded.id)
    var draft = try #require(model.detail.draftOfShownScrum())
    #expect(!draft.recordsMeetings)
    draft.recordsMeetings = true
    try model.list.apply(draft)
    #expect(model.dependencies.recorder.consent.records(recorded.id))
    #expect(model.detail.draftOfShownScrum()?.recordsMeetings == true, "the editor shows it on again")
  }

  @Test func aSharedFileSayingRecordTurnsNoMicrophoneOn() throws {
    // What an older version, or a hostile copy, puts in the synced file.
    let scrum =
      #"{"id":"\#(recorded.id.uuidString)","title":"Design","lengthInMinutes":1,"theme":"sky","attendees":[],"history":[],"recordMeetings":true}"#
    let fast = try #require(
      TableReader.decode(Data(#"{"version":1,"scrums":[\#(scrum)]}"#.utf8), version: 1)?.scrums)
    let codable = try JSONDecoder().decode([DailyScrum].self, from: Data("[\(scrum)]".utf8))
    for scrums in [fast, codable] {
      let capture = FakeCapture()
      let (session, model, _) = start(scrums[0], capture: capture, records: false)
      #expect(capture.calls.isEmpty, "no capture started")
      #expect(!model.dependencies.recorder.isRecording.value)
      session.end(save: true)
      #expect(
        !String(decoding: ScrumFile.encode(scrums), as: UTF8.self).contains("recordMeetings"),
        "not kept to be synced on")
    }
  }

  @Test func theFirstStartKeepsRecordingOnlyTheScrumsRecordedHere() throws {
    let entry = History(attendees: ["Ana"], durationSeconds: 60)
    let here = DailyScrum(title: "Here", history: [entry])
    let elsewhere = DailyScrum(title: "Elsewhere", history: [History(attendees: ["Ben"], durationSeconds: 60)])
    let path = NSTemporaryDirectory() + "consent-\(UUID()).json"
    let consent = RecordingConsent(path: path)
    try consent.carryOver(from: [here, elsewhere], recordedHere: [entry.id])
    #expect(consent.records(here.id))
    #expect(!consent.records(elsewhere.id))
    let later = RecordingConsent(path: path)
    try later.carryOver(from: [here, elsewhere], recordedHere: [])
    #expect(later.records(here.id), "carried over once: later starts keep what was chosen")
  }

  @Test func anUnreadableChoiceIsKeptAsideAndRecordsNothing() throws {
    let path = NSTemporaryDirectory() + "consent-\(UUID()).json"
    try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))
    let consent = RecordingConsent(path: path)
    #expect(!consent.records(recorded.id))
    #expect(!consent.isNew, "not taken for a first start")
    #expect(
      FileManager.default.contents(atPath: path + ".unreadable") == Data("{not json".utf8), "kept, not overwritten")
  }
}
