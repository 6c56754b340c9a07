import Testing

@testable import ScrumdingerCore

/// What every view and the title say while the microphone is on for a meeting.
@Suite struct MicrophoneUseTests {
  @Test func theViewsAndTheTitleSayWhatTheMicrophoneIsOnFor() {
    #expect(MicrophoneUse(recording: false, captions: false) == .off)
    #expect(MicrophoneUse.off.label == nil)
    #expect(MicrophoneUse.off.windowTitle("Standup") == "Standup — Meeting")
    #expect(MicrophoneUse(recording: true, captions: false).windowTitle("Standup") == "● Recording — Standup — Meeting")
    #expect(MicrophoneUse(recording: false, captions: true).windowTitle("Standup") == "● Captions — Standup — Meeting")
    #expect(MicrophoneUse(recording: true, captions: true).label == "Recording · Captions")
  }
}
