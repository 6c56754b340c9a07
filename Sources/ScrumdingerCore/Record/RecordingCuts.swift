// A recording's own timeline is not the meeting's: it starts a little after the meeting (the
// microphone takes a moment to open), and its clock is the audio pipeline's. So at each change
// of turn the recorder reads both clocks at once and keeps where the change falls on each;
// a segment of whisper's that runs across one of those places is recognised again in pieces
// cut there (so words said up to the moment Next is pressed stay with that speaker), and each
// stretch's segments are moved onto the meeting's timeline by the offset measured at its own
// start. Kept beside the recording, on this computer only.
import FoundationEssentials

/// Where a recording's turns changed, on the meeting's timeline and on the recording's.
public struct RecordingCuts: Equatable, Sendable {
  /// One change of turn.
  public struct Cut: Equatable, Sendable {
    /// The meeting's running time at the change, in milliseconds.
    public var meetingMilliseconds: Int
    /// The same instant on the recording's timeline, in milliseconds.
    public var recordingMilliseconds: Int

    public init(meetingMilliseconds: Int, recordingMilliseconds: Int) {
      self.meetingMilliseconds = meetingMilliseconds
      self.recordingMilliseconds = recordingMilliseconds
    }

    /// How far the meeting's timeline is ahead of the recording's here.
    var offset: Int { meetingMilliseconds - recordingMilliseconds }

    /// Its line in the file: "MEETING RECORDING" in milliseconds.
    public var line: String { "\(meetingMilliseconds) \(recordingMilliseconds)\n" }
  }

  /// The changes in order, each later than the one before on both timelines.
  public private(set) var cuts: [Cut] = []

  public init(_ cuts: [Cut] = []) {
    for cut in cuts { append(cut) }
  }

  /// Adds a change after the others; one not later on both timelines is left out (and one
  /// before the recording began). Whether it was added.
  @discardableResult public mutating func append(_ cut: Cut) -> Bool {
    guard cut.recordingMilliseconds > (cuts.last?.recordingMilliseconds ?? 0),
      cut.meetingMilliseconds > (cuts.last?.meetingMilliseconds ?? 0)
    else { return false }
    cuts.append(cut)
    return true
  }

  /// Where the recording is cut for recognition, in milliseconds from its start.
  public var recordingMilliseconds: [Int] { cuts.map(\.recordingMilliseconds) }

  /// `segments` (each within one stretch between cuts, as the helper gives them) moved onto
  /// the meeting's timeline: by the offset measured at the start of its stretch (the first
  /// stretch by the first measurement; none at all: as they are), and kept within the
  /// stretch's turn on the meeting's timeline.
  public func onMeetingTimeline(_ segments: [TranscriptSegment]) -> [TranscriptSegment] {
    guard let first = cuts.first else { return segments }
    return segments.map { segment in
      let middle = (segment.startMilliseconds + segment.endMilliseconds) / 2
      let stretch = cuts.firstIndex { middle < $0.recordingMilliseconds } ?? cuts.count
      let offset = stretch == 0 ? first.offset : cuts[stretch - 1].offset
      let from = stretch == 0 ? 0 : cuts[stretch - 1].meetingMilliseconds
      let to = stretch < cuts.count ? cuts[stretch].meetingMilliseconds : Int.max
      func moved(_ milliseconds: Int) -> Int { min(to, max(from, milliseconds + offset)) }
      return TranscriptSegment(
        startMilliseconds: moved(segment.startMilliseconds), endMilliseconds: moved(segment.endMilliseconds),
        text: segment.text)
    }
  }

  /// Where `milliseconds` of the meeting fall on the recording (to play a sentence from its
  /// start): moved back by the offset measured at the start of its turn.
  public func recordingMilliseconds(atMeeting milliseconds: Int) -> Int {
    guard let first = cuts.first else { return milliseconds }
    let turn = cuts.lastIndex { $0.meetingMilliseconds <= milliseconds }
    return max(0, milliseconds - (turn.map { cuts[$0].offset } ?? first.offset))
  }

  /// The changes a file's text lists (a `line` each); lines that are not two whole numbers are left out.
  public init(fileText: String) {
    for line in fileText.split(separator: "\n") {
      let numbers = line.split(separator: " ").compactMap { Int($0) }
      guard numbers.count == 2 else { continue }
      append(Cut(meetingMilliseconds: numbers[0], recordingMilliseconds: numbers[1]))
    }
  }
}
