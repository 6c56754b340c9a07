import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

@MainActor @Suite struct TranscriberTests {
  let scrum = DailyScrum(
    title: "Design", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 1)

  /// Two recorded meetings saved, and a model over them.
  func twoRecordedMeetings(speech: FakeSpeech = FakeSpeech()) -> (TranscriberRig, [UUID]) {
    let model = TranscriberRig(
      state: AppState(scrums: [scrum]), dependencies: testDependencies(speech: speech, recording: [scrum.id]))
    var ids: [UUID] = []
    for _ in 0..<2 {
      let session = MeetingSession(scrum: scrum, state: model.state, dependencies: model.dependencies)
      session.end(save: true)
      ids.append(session.historyID)
    }
    return (model, ids)
  }

  @Test func recordedMeetingsAreTranscribedOneAfterAnotherWithProgress() throws {
    let speech = FakeSpeech()
    let (model, ids) = twoRecordedMeetings(speech: speech)
    let transcriber = model.transcriber
    transcriber.queuePending()
    #expect(speech.tasks.count == 1, "one at a time")
    #expect(transcriber.statuses.value == [ids[0]: .transcribing(percent: 0), ids[1]: .waiting])
    speech.tasks[0].progress(40)
    #expect(transcriber.statuses.value[ids[0]] == .transcribing(percent: 40))
    let words = [TranscriptSegment(startMilliseconds: 0, endMilliseconds: 2_000, text: " Hello.")]
    speech.tasks[0].done(.success(words))
    #expect(model.state.scrum(scrum.id)?.history[0].transcript == words, "saved with the meeting")
    #expect(transcriber.statuses.value[ids[0]] == nil)
    #expect(speech.tasks.count == 2, "the next one starts")
    #expect(speech.tasks[1].path.hasSuffix("\(ids[1].uuidString).ogg"))
    transcriber.queuePending()
    #expect(speech.tasks.count == 2, "nothing queued twice")
  }

  @Test func wordsSaidUpToNextStayWithThatSpeaker() throws {
    let speech = FakeSpeech()
    let capture = FakeCapture()
    let clock = ManualClock()
    let model = TranscriberRig(
      state: AppState(scrums: [scrum]),
      dependencies: testDependencies(clock: clock, capture: capture, speech: speech, recording: [scrum.id]))
    let session = MeetingSession(scrum: scrum, state: model.state, dependencies: model.dependencies)
    // Ana stops at 9.4 s and Next is pressed at 10.4 s; the recording began 0.6 s after the
    // meeting, so it heard the press at 9.8 s. Ben speaks from 10.6 s to 14.6 s and it ends.
    clock.advance(by: .milliseconds(10_400))
    capture.position = .milliseconds(9_800)
    _ = session.nextSpeaker()
    clock.advance(by: .milliseconds(4_600))
    session.end(save: true)
    model.transcriber.queuePending()
    let task = try #require(speech.tasks.first)
    #expect(task.cuts == [9_800], "the helper hears where the turn changed on the recording")
    // What the helper gives: no segment across the cut (one may run up to it).
    task.done(
      .success([
        TranscriptSegment(
          startMilliseconds: 0, endMilliseconds: 9_800, text: " Ask not what your country can do for you."),
        TranscriptSegment(
          startMilliseconds: 9_800, endMilliseconds: 14_000, text: " Ask what you can do for your country."),
      ]))
    let entry = try #require(model.state.scrum(scrum.id)?.history.first)
    #expect(entry.transcript.map(\.startMilliseconds) == [600, 10_400], "on the meeting's timeline")
    let passages = SpeakerAttribution.passages(of: entry.transcript, over: entry.timeline)
    #expect(passages.map(\.speaker) == ["Ana", "Ben"])
    #expect(passages.first?.text == "Ask not what your country can do for you.")
  }

  @Test func aStoppedTranscriptionStaysStoppedAcrossARestartUntilAskedAgain() {
    let speech = FakeSpeech()
    let (model, ids) = twoRecordedMeetings(speech: speech)
    model.transcriber.queuePending()
    model.transcriber.stop(historyID: ids[0])
    #expect(speech.tasks[0].cancelled)
    #expect(model.transcriber.statuses.value[ids[0]] == .stopped)
    #expect(speech.tasks.count == 2, "the next one goes on")

    // A restart: a new transcriber over the same files.
    let restarted = Transcriber(state: model.state, recorder: model.dependencies.recorder, engine: speech)
    restarted.queuePending()
    #expect(restarted.statuses.value[ids[0]] == .stopped)
    #expect(restarted.statuses.value[ids[1]] == .transcribing(percent: 0), "one cut by quitting resumes")
    restarted.transcribe(historyID: ids[0], of: scrum.id)
    #expect(restarted.statuses.value[ids[0]] == .waiting)
  }

  @Test func noModelLeavesTheRecordingAndSaysWhy() {
    let speech = FakeSpeech()
    speech.unavailableReason = "no speech model"
    let (model, ids) = twoRecordedMeetings(speech: speech)
    model.transcriber.queuePending()
    #expect(speech.tasks.isEmpty)
    #expect(model.transcriber.statuses.value[ids[0]] == .failed("no speech model"))
    #expect(model.dependencies.recorder.recording(of: ids[0]) != nil, "nothing lost")
  }

  @Test func aFailedTranscriptionSaysWhyAndTheNextGoesOn() {
    let speech = FakeSpeech()
    let (model, ids) = twoRecordedMeetings(speech: speech)
    model.transcriber.queuePending()
    speech.tasks[0].done(.failure(CaptureFailure(reason: "the recording is damaged")))
    #expect(model.transcriber.statuses.value[ids[0]] == .failed("the recording is damaged"))
    #expect(model.transcriber.statuses.value[ids[1]] == .transcribing(percent: 0))
  }

  @Test func aModelSetAsideIsTriedAgainOnlyWhenTheUserAsks() {
    let speech = FakeSpeech()
    speech.unavailableReason = "the speech model could not be read"
    let (model, ids) = twoRecordedMeetings(speech: speech)
    model.transcriber.queuePending()
    #expect(speech.tasks.isEmpty && speech.modelRetries == 0, "not run again at a start")
    speech.unavailableReason = nil
    model.transcriber.transcribe(historyID: ids[0], of: scrum.id)
    #expect(speech.modelRetries == 1)
    #expect(model.transcriber.statuses.value[ids[0]] == .transcribing(percent: 0), "Transcribe Again runs it")
  }

  @Test func aSavedMeetingIsTranscribedOnceItsRecordingIsCompleteAndNotBefore() {
    let capture = FakeCapture()
    capture.holdsEnd = true  // GStreamer's end-of-stream still on its way to the file
    let speech = FakeSpeech()
    let model = TranscriberRig(
      state: AppState(scrums: [scrum]),
      dependencies: testDependencies(capture: capture, speech: speech, recording: [scrum.id]))
    let transcriber = model.transcriber
    let recorder = model.dependencies.recorder
    let session = MeetingSession(scrum: scrum, state: model.state, dependencies: model.dependencies)
    session.end(save: true)
    #expect(!recorder.isRecording.value, "the page no longer says Recording")
    #expect(recorder.isFinishing, "quitting now waits for the file")
    transcriber.queuePending()
    #expect(speech.tasks.isEmpty, "nothing reads a recording still being written")
    #expect(recorder.recording(of: session.historyID) == nil)
    capture.complete()
    #expect(!recorder.isFinishing)
    #expect(
      speech.tasks.map(\.path) == [recorder.folder + "/\(session.historyID.uuidString).ogg"], "transcribed at once")
  }
}
