// Live captions show what is said while it is said, for whoever cannot follow by ear. The
// speech helper decodes the newest audio every 1.5 s and says its words, some final (they
// never change again) and the rest still changing; this board decides what is on screen from
// those words alone, so its rules are tested without audio or a helper: two lines at most,
// the newest words at the end of the last; a change of turn starts a new line (each line is
// one speaker's); six seconds without a word clear them; a helper that falls more than five
// seconds behind the meeting stops the captions and says so once, never the meeting.
import FoundationEssentials

/// One line of captions: one speaker's words in a turn.
public struct CaptionLine: Equatable, Sendable {
  /// The turn the words were said in.
  public var turn: Int
  /// Words that will not change.
  public var final: String
  /// Words the recogniser may still change (shown greyed after the final ones).
  public var changing: String

  /// The whole line as read.
  public var text: String { (final + changing).trimmed }
}

/// What the captions show, from the helper's words and the meeting's turns.
public struct CaptionBoard: Equatable, Sendable {
  /// How long without a word before the lines clear.
  public static let silence = Duration.seconds(6)
  /// How far behind the meeting the recogniser may fall before the captions stop.
  public static let mostBehind = 5_000
  /// How long the recogniser may take to say its first words (milliseconds of audio).
  public static let loading = 30_000
  /// How much of a meeting is captioned (a meeting left running all night is not), as much as
  /// a recording is heard while it runs.
  public static let longest = LiveTranscript.samplesLimit

  /// The lines on screen, oldest first (two at most).
  public private(set) var lines: [CaptionLine] = []
  /// Why the captions stopped, once they have (then nothing more is shown).
  public private(set) var stoppedBecause: String?
  /// Where each turn began on the audio's timeline (milliseconds), in order.
  private var turnStarts = [TurnStart(turn: 0, at: 0)]
  private struct TurnStart: Equatable, Sendable {
    var turn: Int
    var at: Int
  }
  /// When words last came, on the monotonic clock.
  private var lastWords: Duration?
  /// How far the recogniser has heard, in milliseconds of audio.
  public private(set) var heardTo = 0

  /// An empty board.
  public init() {}

  /// Whether captions are still running.
  public var isRunning: Bool { stoppedBecause == nil }

  /// Turn `turn` began `milliseconds` into the audio: words heard after it start a new line.
  public mutating func turnBegan(_ turn: Int, at milliseconds: Int) {
    turnStarts.append(TurnStart(turn: turn, at: max(milliseconds, turnStarts.last?.at ?? 0)))
  }

  /// The recogniser said `text` (final or still changing) of the audio up to `to`
  /// milliseconds, at `now` on the monotonic clock. An empty changing text takes back the
  /// words that were changing.
  public mutating func heard(_ text: String, final: Bool, to: Int, at now: Duration) {
    guard isRunning else { return }
    heardTo = max(heardTo, to)
    let turn = turnStarts.last { $0.at < to }?.turn ?? turnStarts[0].turn
    let words = text.trimmed.isEmpty ? "" : text
    if lines.last?.turn != turn {
      guard !words.isEmpty else { return }
      lines.append(CaptionLine(turn: turn, final: "", changing: ""))
      if lines.count > 2 { lines.removeFirst() }
    }
    guard var line = lines.last else { return }
    if final {
      line.final += words
      line.changing = ""
    } else {
      line.changing = words
    }
    lines[lines.count - 1] = line
    if !words.isEmpty { lastWords = now }
    if line.text.isEmpty { lines.removeLast() }
  }

  /// When the lines clear if no word comes (nil: nothing to clear).
  public var clearsAt: Duration? {
    guard !lines.isEmpty, let lastWords else { return nil }
    return lastWords + Self.silence
  }

  /// Clears the lines once six seconds have passed without a word (`now` on the monotonic
  /// clock); whether it did.
  @discardableResult public mutating func clearIfSilent(now: Duration) -> Bool {
    guard let clearsAt, now >= clearsAt else { return false }
    lines = []
    return true
  }

  /// The meeting's audio has reached `position` milliseconds: a recogniser more than five
  /// seconds behind stops the captions (from its first words, or after `loading`, the time a
  /// model takes to load on a slow machine). Past `longest` the captions stop too: the
  /// samples they read would fill the disk. Returns the reason to say, the first time only.
  public mutating func check(position: Int) -> String? {
    if position >= Self.longest { return stop(because: Texts.captionsRanLong) }
    guard isRunning, heardTo > 0 || position > Self.loading, position - heardTo > Self.mostBehind else { return nil }
    return stop(because: Texts.captionsTooSlow)
  }

  /// Stops the captions (the recogniser failed, or cannot keep up): the lines go; `reason`
  /// is returned to be said, the first time only.
  public mutating func stop(because reason: String) -> String? {
    guard isRunning else { return nil }
    stoppedBecause = reason
    lines = []
    return reason
  }
}

extension Texts {
  /// Said once when the recogniser falls too far behind the meeting.
  public static var captionsTooSlow: String {
    tr("Live captions stopped: this computer is too slow to caption the meeting as it runs")
  }
  /// Said when a meeting runs longer than captions go (`longest`).
  public static var captionsRanLong: String {
    let hours = CaptionBoard.longest / 3_600_000
    return trn(
      "Live captions stopped: the meeting has run %d hour. The meeting goes on.",
      "Live captions stopped: the meeting has run %d hours. The meeting goes on.", hours)
  }
  /// Said when the recogniser that captions ends before the meeting does.
  public static var captionsStopped: String {
    tr("Live captions stopped: speech recognition ended. The meeting goes on.")
  }
  /// Said when captions cannot start because of `reason` (no model hears the scrum's language).
  public static func captionsOff(_ reason: String) -> String {
    tr("Live captions are off: %@", reason)
  }
  /// Said when captions cannot start (no speech model, no microphone file).
  public static var captionsUnavailable: String {
    tr("Live captions are off: they need a speech model (Preferences, Speech to Text)")
  }
}
