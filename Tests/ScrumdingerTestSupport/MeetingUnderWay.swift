import Foundation
import ScrumdingerCore

/// A meeting under way with the recorder's stand-ins (a capture, a speech engine, a clock moved
/// by hand) and a transcriber over them, as the application wires them: what the recorder's,
/// the live transcript's and the captions' tests drive.
@MainActor public struct MeetingUnderWay {
  public let rig: TranscriberRig
  public let session: MeetingSession
  public let capture: FakeCapture
  public let clock: ManualClock
  public let speech: FakeSpeech
  public var recorder: MeetingRecorder { rig.dependencies.recorder }
  /// The helper hearing it, if one was started.
  public var listener: FakeSpeech.Listener? { speech.listeners.last }

  /// A meeting of `scrum` started; this computer records the scrums `recording` and captions
  /// those `captioning`; `speech` hears as the meeting runs if `listens`.
  public init(
    of scrum: DailyScrum, recording: [UUID] = [], captioning: [UUID] = [], listens: Bool = true,
    unavailable: String? = nil, position: Duration? = nil
  ) {
    speech = FakeSpeech()
    capture = FakeCapture()
    clock = ManualClock()
    speech.listens = listens
    speech.unavailableReason = unavailable
    capture.position = position
    rig = TranscriberRig(
      state: AppState(scrums: [scrum]),
      dependencies: testDependencies(
        clock: clock, capture: capture, speech: speech, recording: recording, captioning: captioning))
    session = MeetingSession(scrum: scrum, state: rig.state, dependencies: rig.dependencies)
  }
}
