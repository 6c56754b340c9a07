// Speech to text runs in `scrumdinger-transcribe`, a process of its own (whisper.cpp's
// loader is not hardened against a malformed model: a bad file may crash it, and must never
// crash the app). What it says, and what its ending means for the meeting's entry, are rules
// kept here, apart from the process itself (GSubprocess in the app), so they are tested
// without one.
import FoundationEssentials

/// One line of the helper's standard output.
public enum TranscriptionHelperLine: Equatable, Sendable {
  /// This far (0…100).
  case progress(Int)
  /// A stretch of recognised speech.
  case segment(TranscriptSegment)
  /// Why it cannot go on.
  case error(String)
  /// A window of a meeting heard as it runs is done: the next begins here (nil: it was the last).
  case windowDone(next: Int?)
  /// Live captions' words for the newest audio.
  case caption(CaptionWords)

  private struct Fields: Decodable {
    var progress: Int?
    var start: Int?
    var end: Int?
    var text: String?
    var error: String?
    var done: Int?
    var caption: String?
    var final: Bool?
    var to: Int?
  }

  /// The line `text` means, or nil for anything else (not JSON, another shape).
  public init?(_ text: String) {
    guard let fields = try? JSONDecoder().decode(Fields.self, from: Data(text.utf8)) else { return nil }
    if let progress = fields.progress {
      self = .progress(min(100, max(0, progress)))
    } else if let start = fields.start, let end = fields.end, let text = fields.text {
      self = .segment(TranscriptSegment(startMilliseconds: start, endMilliseconds: max(start, end), text: text))
    } else if let error = fields.error {
      self = .error(error)
    } else if let caption = fields.caption, let final = fields.final, let to = fields.to {
      self = .caption(CaptionWords(text: caption, isFinal: final, to: max(0, to)))
    } else if let done = fields.done {
      self = .windowDone(next: done < 0 ? nil : done)
    } else {
      return nil
    }
  }
}

/// How a run of the helper ended, and what the entry then says.
public enum TranscriptionHelperEnding: Equatable, Sendable {
  /// Exit status 0: the segments it wrote are the transcript.
  case finished
  /// Exit status 3, or a crash (a signal it did not ask for: SIGSEGV, SIGABRT, SIGBUS,
  /// SIGILL, SIGFPE) while loading the model, before its first segment: the model is what
  /// failed, and is set aside.
  case modelUnreadable
  /// Exit status 5: the model could not be loaded for want of memory. Nothing is wrong with
  /// the model: it is not set aside.
  case outOfMemory
  /// Another exit status, with the reason it gave.
  case failed(String)
  /// Stopped from outside (SIGKILL, SIGTERM not sent by the app): nothing wrong with the model.
  case stopped(signal: Int32)
  /// It ran past its time limit and was stopped.
  case tooLong

  /// Exit status 3: the model could not be loaded.
  public static let modelStatus: Int32 = 3
  /// Exit status 5: loading the model ran out of memory.
  public static let memoryStatus: Int32 = 5

  /// The ending of a run that exited with `status` (nil: killed by `signal`), having said
  /// `reason` in an error line, if it did, and written a segment or not (`spoke`): a crash
  /// once it has spoken is not the model's loading.
  public init(status: Int32?, signal: Int32 = 0, reason: String?, spoke: Bool = false) {
    switch (status, signal) {
    case (0?, _): self = .finished
    case (Self.modelStatus?, _): self = .modelUnreadable
    case (Self.memoryStatus?, _): self = .outOfMemory
    case (let status?, _): self = .failed(reason ?? tr("the transcription ended with status %d", Int(status)))
    case (nil, 4), (nil, 6), (nil, 7), (nil, 8), (nil, 11):  // SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGSEGV
      self = spoke ? .failed(tr("the transcription crashed (signal %d)", Int(signal))) : .modelUnreadable
    case (nil, let signal): self = .stopped(signal: signal)
    }
  }

  /// The reason the entry gives after "Not transcribed: ", nil when it finished.
  public var reason: String? {
    switch self {
    case .finished: nil
    case .modelUnreadable: Texts.modelUnreadable
    case .outOfMemory: tr("there was not enough memory to load the speech model")
    case .failed(let reason): reason
    case .stopped(let signal): tr("the transcription was stopped from outside (signal %d)", Int(signal))
    case .tooLong: tr("it took too long")
    }
  }

  /// How long a run on `audioSeconds` of speech may go without a word (its progress or a
  /// segment) before it is stopped: two minutes to load the model, then four times the
  /// audio's length. The largest model offered (base) takes about a tenth of the audio's
  /// length on one idle core; at nice 10 beside two busy cores it gets a tenth of one, and a
  /// window of German then took 70 s (a CI run, and beside `stress-ng --cpu 2`).
  public static func timeLimit(audioSeconds: Double) -> Duration {
    .seconds(120) + .milliseconds(Int(max(0, audioSeconds) * 4000))
  }
}

extension Texts {
  /// "the speech model could not be read": the entry's reason when the model failed.
  public static var modelUnreadable: String { tr("the speech model could not be read") }
}
