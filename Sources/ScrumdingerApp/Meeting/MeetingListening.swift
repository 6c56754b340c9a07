import ScrumdingerCore

/// What every view of a meeting shows of the microphone: what it is on for ("● Recording",
/// "● Captions"), the live captions, and whether they are on show (the captions key).
@MainActor struct MeetingListening {
  let microphone: ObservableValue<MicrophoneUse>
  let captions: ObservableValue<CaptionBoard?>
  let captionsShown: ObservableValue<Bool>

  /// What `recorder` hears, its captions on show until `captionsShown` says otherwise.
  init(_ recorder: MeetingRecorder, captionsShown: ObservableValue<Bool> = ObservableValue(true)) {
    microphone = recorder.microphoneUse
    captions = recorder.captions
    self.captionsShown = captionsShown
  }
}
