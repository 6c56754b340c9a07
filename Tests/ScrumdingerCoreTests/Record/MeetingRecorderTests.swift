import Foundation
import Testing
@testable import ScrumdingerCore

@MainActor @Suite struct MeetingRecorderTests {
  let recorded = DailyScrum(
    title: "Design", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 1, recordsMeetings: true)

  func start(_ scrum: DailyScrum, capture: FakeCapture = FakeCapture()) -> (MeetingSession, AppModel, ManualClock) {
    let clock = ManualClock()
    let model = AppModel(state: AppState(scrums: [scrum]), dependencies: testDependencies(clock: clock, capture: capture))
    let session = MeetingSession(scrum: scrum, state: model.state, dependencies: model.dependencies)
    return (session, model, clock)
  }

  @Test func aScrumRecordsOnlyWhenItAsks() {
    let capture = FakeCapture()
    var plain = recorded
    plain.recordsMeetings = false
    let (session, model, _) = start(plain, capture: capture)
    #expect(capture.calls.isEmpty)
    #expect(model.dependencies.recorder.isRecording.value == false)
    session.end(save: true)
    #expect(model.dependencies.recorder.recording(of: session.historyID) == nil)
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
  }

  @Test func aDiscardedMeetingLeavesNoRecording() {
    let (session, model, _) = start(recorded)
    session.end(save: false)
    #expect(model.dependencies.recorder.recording(of: session.historyID) == nil)
  }

  @Test func noMicrophoneSaysSoOnceAndTheMeetingRunsOn() {
    let capture = FakeCapture()
    capture.refusal = "no microphone could be opened"
    let clock = ManualClock()
    let dependencies = testDependencies(clock: clock, capture: capture)
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
    let deletion = try #require(model.deleteHistory(scrumID: recorded.id, historyID: id))
    #expect(recorder.recording(of: id) != nil, "kept while Undo can bring it back")
    model.undo(deletion)
    model.forgetUndo(deletion)
    #expect(recorder.recording(of: id) != nil, "undone: still there")
    let again = try #require(model.deleteHistory(scrumID: recorded.id, historyID: id))
    model.forgetUndo(again)
    #expect(recorder.recording(of: id) == nil, "gone for good with its meeting")
  }

  @Test func deletingAScrumDeletesItsMeetingsRecordings() throws {
    let (session, model, _) = start(recorded)
    session.end(save: true)
    let deletion = try #require(model.deleteScrum(recorded.id))
    model.forgetUndo(deletion)
    #expect(model.dependencies.recorder.recording(of: session.historyID) == nil)
  }

  @Test func theRecordingChoiceIsSavedAndOlderFilesDoNotRecord() throws {
    #expect(try ScrumFile.decode(ScrumFile.encode([recorded])) == [recorded])
    var draft = ScrumDraft(editing: recorded)
    #expect(draft.recordsMeetings)
    draft.recordsMeetings = false
    #expect(draft.scrum.recordsMeetings == false)
    #expect(ScrumDraft(newAfter: []).recordsMeetings == false, "off unless asked")
    let older = try ScrumFile.decode(ScrumFile.encode([DailyScrum(title: "Old")]))
    #expect(older[0].recordsMeetings == false)
  }
}
