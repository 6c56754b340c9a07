// A recorded meeting is transcribed while it runs, so that only its last few seconds are left
// at Save and End. Whisper hears 30 s at a time, so the recording is recognised in windows of
// at most that length, one after another as the audio arrives; a window is closed early where
// the turn changed, so no segment runs across a change of speaker (as after the meeting). A
// window closed by its length may end inside a word: the helper then leaves its last segment
// to the next window and says where that one begins. The rest at the end is asked for the same
// way, so a helper that had fallen behind hears it as it would have heard the meeting (the
// windows follow the audio, never the machine's load). These rules are kept apart from the
// helper process and the clock so that the core's tests run them on their own.
import FoundationEssentials

/// Which stretch of a meeting's recording is recognised next, in milliseconds on the
/// recording's timeline.
public struct TranscriptWindows: Equatable, Sendable {
  /// One stretch handed to the recogniser.
  public struct Window: Equatable, Sendable {
    /// Where it begins.
    public var from: Int
    /// Where it ends; nil: at the end of the recording, which is complete.
    public var to: Int?
    /// Whether its end is only its length's (not a change of turn): a word may run across it.
    /// The last window (`to` nil) is one too: the rest of a meeting the helper had not caught
    /// up with may be longer than whisper hears at once, and is then cut by its length.
    public var seam: Bool

    /// The stretch from `from` to `to` (nil: the end), cut by its length if `seam`.
    public init(from: Int, to: Int?, seam: Bool) {
      self.from = from
      self.to = to
      self.seam = seam
    }

    /// Its line for the helper, heard on `threads` threads: "FROM TO SEAM THREADS" (TO -1:
    /// to the end).
    public func line(threads: Int) -> String { "\(from) \(to ?? -1) \(seam ? 1 : 0) \(threads)\n" }
  }

  /// The longest window: what whisper hears at once.
  public let length: Int
  /// Where the next window begins.
  public private(set) var next = 0
  /// The changes of turn after `next`, in order.
  private var cuts: [Int] = []
  /// The window being recognised, if any (one at a time: the next one's start depends on it).
  public private(set) var pending: Window?
  /// Whether the recording is complete, so the last window runs to its end.
  private var complete = false
  /// Whether the last window has been recognised.
  public private(set) var isFinished = false

  /// Windows of at most `length` milliseconds.
  public init(length: Int = 30_000) {
    self.length = length
  }

  /// Where the next window is full, so due, on the recording's timeline.
  public var nextFull: Int { next + length }

  /// The turn changed at `milliseconds` into the recording: the window under way closes there.
  public mutating func cut(at milliseconds: Int) {
    guard milliseconds > max(next, cuts.last ?? 0) else { return }
    cuts.append(milliseconds)
  }

  /// The recording is complete: what is left is recognised to its end.
  public mutating func recordingComplete() {
    complete = true
  }

  /// The window to recognise now that the recording holds `recorded` milliseconds (or any
  /// change of turn since), if one is
  /// due and none is being recognised; it is then pending until `recognised(resumeAt:)`.
  /// Stretches under 0.2 s between changes of turn are passed over (nothing whisper can hear).
  public mutating func due(recorded: Int) -> Window? {
    guard pending == nil, !isFinished else { return nil }
    let recorded = complete ? Int.max : recorded
    while let cut = cuts.first, cut - next < 200 {
      next = max(next, cut)
      cuts.removeFirst()
    }
    let window: Window
    // A change of turn has happened by the time it is known: its window is due at once (the
    // helper waits the moment the audio takes to reach the file).
    if let cut = cuts.first, cut - next <= length {
      window = Window(from: next, to: cut, seam: false)
    } else if recorded - next >= length && (cuts.first.map { $0 - next > length } ?? !complete) {
      window = Window(from: next, to: next + length, seam: true)
    } else if complete {
      window = Window(from: next, to: nil, seam: true)
    } else {
      return nil
    }
    pending = window
    return window
  }

  /// The pending window was recognised; the next begins at `resume` (nil: it was the last):
  /// its end, or earlier where the helper stopped (a word across a seam, audio not yet in
  /// the samples file, asked for again in the next window rather than skipped, or the rest
  /// of the recording cut by the window's length).
  public mutating func recognised(resumeAt resume: Int?) {
    guard let window = pending else { return }
    pending = nil
    guard let resume else {
      isFinished = true
      return
    }
    // The helper never goes back before the window, nor past its end.
    next = min(window.to ?? .max, max(window.from + (window.seam ? 1 : 0), resume))
    while let cut = cuts.first, cut <= next { cuts.removeFirst() }
  }
}
