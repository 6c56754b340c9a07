import Foundation
import Testing

@testable import ScrumdingerCore

/// What the helper process says and what its ending means for the meeting's entry.
@Suite struct TranscriptionHelperLineTests {
  @Test func itsLinesAreProgressSegmentsAndErrors() {
    #expect(TranscriptionHelperLine(#"{"progress":40}"#) == .progress(40))
    #expect(TranscriptionHelperLine(#"{"progress":140}"#) == .progress(100))
    #expect(
      TranscriptionHelperLine(#"{"start":1200,"end":3400,"text":" And so, my \"fellow\" Americans"}"#)
        == .segment(
          TranscriptSegment(startMilliseconds: 1200, endMilliseconds: 3400, text: #" And so, my "fellow" Americans"#)))
    #expect(
      TranscriptionHelperLine(#"{"error":"the decoded audio could not be read"}"#)
        == .error("the decoded audio could not be read"))
    #expect(TranscriptionHelperLine("whisper_init: loading model") == nil, "anything else is let go")
    #expect(TranscriptionHelperLine(#"{"start":1}"#) == nil)
    // A window of a meeting heard as it runs: where the next begins; -1 after the last.
    #expect(TranscriptionHelperLine(#"{"done":27400}"#) == .windowDone(next: 27_400))
    #expect(TranscriptionHelperLine(#"{"done":-1}"#) == .windowDone(next: nil))
    // Live captions' words, final or still changing, and how far the helper heard.
    #expect(
      TranscriptionHelperLine(#"{"caption":" ask not \"what\"","final":false,"to":5000}"#)
        == .caption(CaptionWords(text: #" ask not "what""#, isFinal: false, to: 5_000)))
    #expect(
      TranscriptionHelperLine(#"{"caption":"","final":true,"to":-3}"#)
        == .caption(CaptionWords(text: "", isFinal: true, to: 0)))
    #expect(TranscriptionHelperLine(#"{"caption":"words"}"#) == nil, "half a caption line is let go")
  }

  @Test func aModelThatCannotBeLoadedOrThatCrashesTheHelperWhileLoadingIsTheModelsFault() {
    #expect(TranscriptionHelperEnding(status: 0, reason: nil) == .finished)
    #expect(TranscriptionHelperEnding(status: 3, reason: "the speech model x could not be loaded") == .modelUnreadable)
    for signal: Int32 in [4, 6, 7, 8, 11] {
      #expect(TranscriptionHelperEnding(status: nil, signal: signal, reason: nil) == .modelUnreadable)
      // Once it has written a segment, the model loaded: a crash then is not the model's.
      #expect(
        TranscriptionHelperEnding(status: nil, signal: signal, reason: nil, spoke: true)
          == .failed("the transcription crashed (signal \(signal))"))
    }
    #expect(TranscriptionHelperEnding.modelUnreadable.reason == "the speech model could not be read")
  }

  @Test func runningOutOfMemoryTheTimeLimitAndAStopNeverBlameTheModel() {
    #expect(TranscriptionHelperEnding(status: 5, reason: nil) == .outOfMemory)
    #expect(TranscriptionHelperEnding.outOfMemory.reason == "there was not enough memory to load the speech model")
    #expect(TranscriptionHelperEnding(status: nil, signal: 9, reason: nil) == .stopped(signal: 9))  // the OOM killer
    #expect(TranscriptionHelperEnding(status: nil, signal: 15, reason: nil) == .stopped(signal: 15))
  }

  @Test func otherEndingsSayTheirOwnReasonAndDoNotBlameTheModel() {
    #expect(
      TranscriptionHelperEnding(status: 2, reason: "the decoded audio could not be read").reason
        == "the decoded audio could not be read")
    #expect(TranscriptionHelperEnding(status: 2, reason: nil).reason == "the transcription ended with status 2")
    #expect(TranscriptionHelperEnding(status: nil, signal: 9, reason: nil) == .stopped(signal: 9))
    #expect(
      TranscriptionHelperEnding(status: nil, signal: 9, reason: nil).reason
        == "the transcription was stopped from outside (signal 9)")
    #expect(TranscriptionHelperEnding.tooLong.reason == "it took too long")
  }

  @Test func theTimeLimitGrowsWithTheAudio() {
    #expect(TranscriptionHelperEnding.timeLimit(audioSeconds: 0) == .seconds(120))
    #expect(TranscriptionHelperEnding.timeLimit(audioSeconds: 900) == .seconds(3_720))
  }

  @Test func aModelSetAsideStaysAsideUntilCleared() {
    let folder = NSTemporaryDirectory() + "models-\(UUID())"
    let marks = SetAsideModels(modelsFolder: folder)
    #expect(marks.paths.isEmpty)
    marks.setAside(folder + "/ggml-a.bin")
    marks.setAside(folder + "/ggml-b.bin")
    #expect(
      SetAsideModels(modelsFolder: folder).paths == [folder + "/ggml-a.bin", folder + "/ggml-b.bin"],
      "kept across a restart")
    marks.clear()
    #expect(marks.paths.isEmpty)
  }
}
