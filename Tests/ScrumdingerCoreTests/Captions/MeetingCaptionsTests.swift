import Foundation
import Platform
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

/// The captions of a meeting as the recorder runs them: from this computer's choice only,
/// from the recording's own helper when it records, from samples alone (left nowhere) when not.
@MainActor @Suite struct MeetingCaptionsTests {
  let scrum = DailyScrum(title: "Design", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 2)

  /// A meeting of `scrum` started, captioned on this computer unless told otherwise.
  func start(_ scrum: DailyScrum, captions: Bool = true, records: Bool = false, listens: Bool = true) -> MeetingUnderWay
  {
    MeetingUnderWay(
      of: scrum, recording: records ? [scrum.id] : [], captioning: captions ? [scrum.id] : [], listens: listens)
  }

  @Test func aCaptionsOnlyMeetingShowsTheWordsAndLeavesNothingBehind() throws {
    let meeting = start(scrum)
    #expect(meeting.capture.calls == [.start(nil)], "the microphone's samples only: no recording")
    let samples = try #require(meeting.capture.samples)
    let listener = try #require(meeting.speech.listeners.last)
    #expect(listener.captions != nil && listener.samples == samples)
    #expect(FileManager.default.fileExists(atPath: samples), "there for the helper to open")
    #expect(meeting.recorder.captions.value?.lines == [], "captions on, nothing said yet")
    #expect(!meeting.recorder.isRecording.value)

    listener.caption(" Nothing new", to: 1_000)
    #expect(!FileManager.default.fileExists(atPath: samples), "gone once the helper has it open")
    #expect(meeting.recorder.captions.value?.lines.map(\.text) == ["Nothing new"])
    listener.caption(" Nothing new from me.", final: true, to: 2_000)

    meeting.clock.advance(by: .seconds(3))
    meeting.capture.position = .seconds(3)
    _ = meeting.session.nextSpeaker()
    #expect(listener.turns == [3_000], "the helper hears of the change of turn")
    listener.caption(" I fixed", to: 4_000)
    #expect(meeting.recorder.captions.value?.lines.map(\.text) == ["Nothing new from me.", "I fixed"])

    meeting.session.end(save: true)
    #expect(meeting.recorder.captions.value == nil, "no captions after the meeting")
    #expect(listener.cancelled)
    let left = (try? FileManager.default.contentsOfDirectory(atPath: meeting.recorder.folder)) ?? []
    #expect(left == [], "nothing of the captions is kept: \(left)")
    #expect(meeting.rig.state.scrum(scrum.id)?.history.last?.recorded == false)
    #expect(meeting.rig.state.scrum(scrum.id)?.history.last?.transcript.isEmpty == true)
  }

  @Test func aRecordedMeetingIsCaptionedByItsOwnHelper() throws {
    let meeting = start(scrum, records: true)
    #expect(meeting.speech.listeners.count == 1, "one helper, one model")
    let listener = try #require(meeting.speech.listeners.last)
    #expect(listener.captions != nil)
    #expect(meeting.recorder.isRecording.value)
    listener.caption(" Good morning.", final: true, to: 1_500)
    #expect(meeting.recorder.captions.value?.lines.map(\.text) == ["Good morning."])
    meeting.session.end(save: false)
    #expect(meeting.recorder.captions.value == nil)
  }

  @Test func aRecordedMeetingNotCaptionedHasNoCaptions() throws {
    let meeting = start(scrum, captions: false, records: true)
    let listener = try #require(meeting.speech.listeners.last)
    #expect(listener.captions == nil)
    #expect(meeting.recorder.captions.value == nil)
    meeting.session.end(save: false)
  }

  @Test func noSpeechModelSaysWhyAndTurnsNoMicrophoneOn() {
    var problems: [String] = []
    let capture = FakeCapture()
    let speech = FakeSpeech()
    let dependencies = testDependencies(capture: capture, speech: speech, captioning: [scrum.id])
    let state = AppState(scrums: [scrum])
    let rig = TranscriberRig(state: state, dependencies: dependencies)
    rig.dependencies.recorder.onProblem = { problems.append($0) }
    let session = MeetingSession(scrum: scrum, state: state, dependencies: dependencies)
    #expect(capture.calls.isEmpty)
    #expect(problems == [Texts.captionsUnavailable])
    #expect(rig.dependencies.recorder.captions.value == nil)
    let left = (try? FileManager.default.contentsOfDirectory(atPath: rig.dependencies.recorder.folder)) ?? []
    #expect(left == [], "no samples file left: \(left)")
    session.end(save: false)
  }

  @Test func aHelperThatEndsStopsTheCaptionsOnceAndTheMicrophone() throws {
    var problems: [String] = []
    let meeting = start(scrum)
    meeting.recorder.onProblem = { problems.append($0) }
    let listener = try #require(meeting.speech.listeners.last)
    listener.caption(" Hello", to: 1_000)
    listener.failed("the transcription crashed (signal 11)")
    #expect(problems == [Texts.captionsStopped])
    #expect(meeting.recorder.captions.value?.isRunning == false)
    #expect(meeting.recorder.captions.value?.lines == [], "the lines go")
    #expect(listener.cancelled, "the microphone was on for the captions alone: it goes off")
    meeting.session.end(save: true)
    #expect(problems.count == 1)
  }

  /// A captions-only meeting whose helper said "Hello." in its first second, then, once the
  /// meeting's audio reached `position`, words up to `heardTo`: what the recorder said (waiting
  /// for its check, which is due at once) and whether the helper was let go.
  func captionsChecked(at position: Duration, heardTo: Int) throws -> (problems: [String], cancelled: Bool) {
    var problems: [String] = []
    let meeting = start(scrum)
    meeting.recorder.onProblem = { problems.append($0) }
    let listener = try #require(meeting.speech.listeners.last)
    listener.caption(" Hello.", final: true, to: 1_000)
    meeting.clock.advance(by: position + .seconds(1))  // past the six seconds' silence
    meeting.capture.position = position
    listener.caption("", to: heardTo)
    #expect(MainLoop.run(until: { !problems.isEmpty }, timeout: .seconds(30)))
    #expect(meeting.recorder.captions.value?.isRunning == false)
    meeting.session.end(save: true)
    return (problems, listener.cancelled)
  }

  @Test func aHelperFallingBehindIsSaidOnceAndTheMicrophoneGoesOff() throws {
    let checked = try captionsChecked(at: .milliseconds(6_001), heardTo: 1_000)
    #expect(checked.problems == [Texts.captionsTooSlow])
    #expect(checked.cancelled)
  }

  @Test func captionsAloneStopAfterTwoHoursAndTheMicrophoneGoesOff() throws {
    // The meeting was left running: two hours later the helper still answers, in time.
    let checked = try captionsChecked(at: .seconds(2 * 3_600), heardTo: 2 * 3_600_000 - 1_000)
    #expect(checked.problems == [Texts.captionsRanLong])
    #expect(checked.problems.first?.contains("2 hours") == true)
    #expect(checked.cancelled, "no more samples are written for them")
  }

  @Test func aSharedFileSayingCaptionsTurnsNoMicrophoneOn() throws {
    // What a hostile copy of the synced file could say.
    let json =
      #"{"id":"\#(scrum.id.uuidString)","title":"Design","lengthInMinutes":1,"theme":"sky","attendees":[],"history":[],"liveCaptions":true,"captions":true}"#
    let fast = try #require(
      TableReader.decode(Data(#"{"version":1,"scrums":[\#(json)]}"#.utf8), version: 1)?.scrums)
    let meeting = start(fast[0], captions: false)
    #expect(meeting.capture.calls.isEmpty, "no capture started")
    #expect(meeting.speech.listeners.isEmpty)
    #expect(meeting.recorder.captions.value == nil)
    meeting.session.end(save: true)
  }
}
