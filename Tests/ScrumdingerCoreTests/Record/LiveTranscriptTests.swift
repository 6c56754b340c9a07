import Foundation
import Platform
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

@MainActor @Suite struct LiveTranscriptTests {
  let scrum = DailyScrum(
    title: "Design", attendees: ["Ana", "Ben", "Cy"].map { Attendee(name: $0) }, lengthInMinutes: 3)

  func meeting(listens: Bool = true, unavailable: String? = nil) -> MeetingUnderWay {
    MeetingUnderWay(of: scrum, recording: [scrum.id], listens: listens, unavailable: unavailable, position: .zero)
  }

  func said(_ from: Int, _ to: Int, _ text: String) -> TranscriptSegment {
    TranscriptSegment(startMilliseconds: from, endMilliseconds: to, text: text)
  }

  @Test func eachTurnIsHeardWhenItEndsAndAtSaveAndEndOnlyTheLastIsLeft() throws {
    let meeting = meeting()
    let listener = try #require(meeting.listener)
    #expect(meeting.capture.samples == meeting.recording + ".samples", "the samples go where the helper reads them")
    #expect(listener.samples == meeting.capture.samples)
    meeting.turn(20)
    #expect(listener.windows == [.init(from: 0, to: 20_000, seam: false)], "Ana's turn, closed at Next")
    listener.answer([said(1_000, 19_000, " Ana's words.")])
    meeting.turn(15)
    #expect(listener.windows.last == .init(from: 20_000, to: 35_000, seam: false))
    listener.answer([said(21_000, 34_000, " Ben's words.")])
    meeting.clock.advance(by: .seconds(10))
    meeting.session.end(save: true)
    #expect(listener.windows.last == .init(from: 35_000, to: nil, seam: true), "only Cy's turn is left")
    #expect(meeting.transcript == [], "not before it is heard")
    listener.answer([said(36_000, 44_000, " Cy's words.")], next: .some(nil))
    #expect(meeting.speech.tasks.isEmpty, "nothing transcribed after the meeting")
    #expect(meeting.transcript?.map(\.text) == [" Ana's words.", " Ben's words.", " Cy's words."])
    #expect(
      MainLoop.run(
        until: { !FileManager.default.fileExists(atPath: meeting.recording + ".samples") }, timeout: .seconds(5)),
      "the samples are let go (off the main loop)")
    #expect(!FileManager.default.fileExists(atPath: meeting.recording + ".heard"))
  }

  @Test func aPauseAndPreviousSpeakerCutTheRecordingWhereTheyHappen() throws {
    let meeting = meeting()
    let listener = try #require(meeting.listener)
    meeting.turn(10)
    listener.answer()
    meeting.session.pause()
    meeting.clock.advance(by: .seconds(30))  // paused: the recording's timeline stands still
    meeting.session.resume()
    meeting.clock.advance(by: .seconds(5))
    meeting.capture.position = .seconds(15)
    _ = meeting.session.previousSpeaker()
    #expect(
      listener.windows.last == .init(from: 10_000, to: 15_000, seam: false),
      "cut where Previous was pressed, on the recording")
  }

  @Test func aCrashKeepsTheWindowsHeardAndTheNextStartHearsOnlyTheRest() throws {
    let meeting = meeting()
    let listener = try #require(meeting.listener)
    meeting.turn(25)
    listener.answer([said(0, 24_000, " Before the crash.")])
    // The app ends here without a word; what the window gave is on disk.
    let kept = meeting.recorder.heard(of: meeting.session.historyID)
    #expect(kept.segments.map(\.text) == [" Before the crash."])
    #expect(kept.next == 25_000)
    // The next start: the meeting is saved from its journal and transcribed from there.
    let speech = FakeSpeech()
    let restarted = TranscriberRig(
      state: meeting.rig.state,
      dependencies: testDependencies(speech: speech, recording: [scrum.id], recordings: meeting.recorder.folder))
    meeting.session.end(save: true)  // stands for the journal's meeting, saved
    restarted.transcriber.queuePending()
    let task = try #require(speech.tasks.first)
    #expect(task.from == 25_000, "only what the windows did not hear")
    task.done(.success([said(41_000, 50_000, " After it.")]))
    #expect(meeting.transcript?.map(\.text) == [" Before the crash.", " After it."])
  }

  @Test func discardDropsEverything() throws {
    let meeting = meeting()
    let listener = try #require(meeting.listener)
    meeting.turn(20)
    listener.answer([said(0, 19_000, " Never mind.")])
    meeting.session.end(save: false)
    #expect(listener.cancelled)
    _ = MainLoop.run(
      until: { !FileManager.default.fileExists(atPath: meeting.recording + ".samples") }, timeout: .seconds(5))
    for suffix in ["", ".samples", ".heard", ".turns"] {
      #expect(!FileManager.default.fileExists(atPath: meeting.recording + suffix), "\(suffix) left")
    }
  }

  /// Undo on "Meeting saved" while its last window is still heard: the meeting's files go,
  /// and the answer that comes after writes none of them again.
  @Test func anUndoneMeetingIsHeardNoMore() throws {
    let meeting = meeting()
    let listener = try #require(meeting.listener)
    meeting.turn(20)
    listener.answer([said(0, 19_000, " Heard.")])
    meeting.clock.advance(by: .seconds(5))
    meeting.session.end(save: true)
    meeting.recorder.forgetMeeting(meeting.session.historyID)  // what Undo does
    #expect(listener.cancelled)
    listener.answer([said(20_000, 24_000, " Too late.")], next: .some(nil))
    for suffix in ["", ".heard", ".turns"] {
      #expect(!FileManager.default.fileExists(atPath: meeting.recording + suffix), "\(suffix) made again")
    }
    #expect(meeting.speech.tasks.isEmpty, "nothing transcribed after it either")
  }

  /// A helper that fails stops the samples: they are written only while it reads them.
  @Test func theSamplesStopWithTheHelper() throws {
    let meeting = meeting()
    let listener = try #require(meeting.listener)
    meeting.turn(20)
    listener.failed("the transcription crashed (signal 11)")
    #expect(meeting.capture.samplesStopped)
    #expect(
      MainLoop.run(
        until: { !FileManager.default.fileExists(atPath: meeting.recording + ".samples") }, timeout: .seconds(5)))
  }

  /// A meeting left running all night: past two hours its samples stop (said in the meeting),
  /// and what was not heard is transcribed after it ends.
  @Test func aMeetingLeftRunningStopsItsSamplesAfterTwoHours() throws {
    let meeting = meeting()
    var said: [String] = []
    meeting.recorder.onProblem = { said.append($0) }
    let listener = try #require(meeting.listener)
    meeting.turn(20)
    listener.answer([self.said(0, 19_000, " Heard.")])
    // The recording's timeline two hours on (a meeting left running), then the next look at
    // it: a change of turn, or a wake-up.
    meeting.capture.position = .seconds(2 * 3600 + 5)
    meeting.clock.advance(by: .seconds(5))
    _ = meeting.session.nextSpeaker()
    #expect(listener.cancelled)
    #expect(listener.windows.count == 1, "no window past the limit")
    #expect(meeting.capture.samplesStopped)
    #expect(said == ["The meeting has run 2 hours: the rest of it is transcribed after it ends"])
    meeting.session.end(save: true)
    let task = try #require(meeting.speech.tasks.first, "the rest transcribed after the meeting")
    #expect(task.from == 20_000)
  }

  @Test func withoutAModelNoSamplesAreWrittenAndTheMeetingEndsAsBefore() throws {
    let meeting = meeting(unavailable: "no speech model")
    #expect(meeting.speech.listeners.isEmpty)
    #expect(meeting.capture.samples == nil)
    meeting.turn(20)
    meeting.session.end(save: true)
    meeting.rig.transcriber.queuePending()
    #expect(meeting.rig.transcriber.statuses.value[meeting.session.historyID] == .failed("no speech model"))
  }

  @Test func aHelperThatFailsMidMeetingLeavesTheRestToAfterTheMeeting() throws {
    let meeting = meeting()
    let listener = try #require(meeting.listener)
    meeting.turn(20)
    listener.answer([said(0, 19_000, " Heard.")])
    listener.failed("the speech model could not be read")
    meeting.turn(20)
    #expect(listener.windows.count == 1, "nothing more asked of it")
    meeting.session.end(save: true)
    let task = try #require(meeting.speech.tasks.first, "the rest transcribed as before")
    #expect(task.from == 20_000)
    task.done(.success([said(21_000, 39_000, " Then this.")]))
    #expect(meeting.transcript?.map(\.text) == [" Heard.", " Then this."])
  }

  @Test func aFullWindowWakesTheAppOnceItsThirtySecondsAreRecorded() throws {
    /// How far the recording is, as the live transcript asks.
    final class Position { var value = 0 }
    let position = Position()
    let speech = FakeSpeech()
    speech.listens = true
    let heard = NSTemporaryDirectory() + "heard-\(UUID())"
    let live = LiveTranscript(engine: speech, samples: "/dev/null", language: .english, heardFile: heard, length: 300) {
      position.value
    }
    live.resume()
    let listener = try #require(speech.listeners.first)
    position.value = 1_400  // past the window and the pipeline's slack
    #expect(MainLoop.run(until: { !listener.windows.isEmpty }, timeout: .seconds(5)))
    #expect(listener.windows == [.init(from: 0, to: 300, seam: true)])
    listener.answer([], next: .some(250))
    live.pause()
    position.value = 5_000
    #expect(!MainLoop.run(until: { listener.windows.count > 1 }, timeout: .milliseconds(1_500)), "no wake while paused")
    live.resume()
    #expect(MainLoop.run(until: { listener.windows.count > 1 }, timeout: .seconds(5)))
    #expect(listener.windows[1] == .init(from: 250, to: 550, seam: true))
    live.cancel()
  }

  @Test func wordsSaidAgainAcrossASeamAreKeptOnceButAfterAChangeOfTurnTheyStay() throws {
    final class Position { var value = 7_500 }  // two windows recorded (and the pipeline's slack)
    let position = Position()
    let speech = FakeSpeech()
    speech.listens = true
    let heard = NSTemporaryDirectory() + "heard-\(UUID())"
    defer { try? FileManager.default.removeItem(atPath: heard) }
    let live = LiveTranscript(engine: speech, samples: "/dev/null", language: .english, heardFile: heard, length: 3_000)
    { position.value }
    live.resume()
    let listener = try #require(speech.listeners.first)
    #expect(MainLoop.run(until: { !listener.windows.isEmpty }, timeout: .seconds(5)))
    listener.answer([said(0, 3_000, " And so my fellow Americans.")])
    #expect(listener.windows.last == .init(from: 3_000, to: 6_000, seam: true), "the next window, asked at once")
    listener.answer([said(3_000, 4_500, " And so my fellow Americans."), said(4_500, 6_000, " Ask not.")])
    #expect(live.heard.segments.map(\.text) == [" And so my fellow Americans.", " Ask not."], "said once")
    position.value = 50_000
    live.cut(at: 7_000)  // the turn changes: the next speaker may well say the same words
    #expect(listener.windows.last == .init(from: 6_000, to: 7_000, seam: false))
    listener.answer([said(6_000, 7_000, " Ask not what you can do.")])
    #expect(listener.windows.last == .init(from: 7_000, to: 10_000, seam: true))
    listener.answer([said(7_000, 10_000, " Ask not what you can do.")])
    #expect(live.heard.segments.map(\.text).suffix(2) == [" Ask not what you can do.", " Ask not what you can do."])
    live.cancel()
  }
}

extension MeetingUnderWay {
  var recording: String { recorder.folder + "/\(session.historyID.uuidString).ogg" }
  var transcript: [TranscriptSegment]? { rig.state.scrum(session.scrum.id)?.history.last?.transcript }

  /// `seconds` of the meeting, recorded from its start, then Next.
  func turn(_ seconds: Int) {
    clock.advance(by: .seconds(seconds))
    capture.position = (capture.position ?? .zero) + .seconds(seconds)
    _ = session.nextSpeaker()
  }
}
