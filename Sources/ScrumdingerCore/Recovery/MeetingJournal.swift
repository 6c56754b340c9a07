// A meeting under way is written down as it goes, so a crash, a killed session or a dead
// battery loses at most the last few seconds of it. The journal is the scrum as the meeting
// began with one history entry: the meeting so far, exactly the entry that ending it now
// would save. It is written in the scrums file's own format by its own writer and read back
// by its readers, which every odd file has already been thrown at: nothing new to trust.
import FoundationEssentials

/// A meeting interrupted before it ended: the scrum, and the meeting as far as it went.
public struct MeetingJournal: Equatable, Sendable {
  /// The scrum as the meeting began (its history is not kept here).
  public var scrum: DailyScrum
  /// The meeting so far; its date is when it was last written down.
  public var meeting: History

  public init(scrum: DailyScrum, meeting: History) {
    var bare = scrum
    bare.history = []
    self.scrum = bare
    self.meeting = meeting
  }

  /// The journal's bytes: a scrums file holding the scrum with this one meeting.
  public func encoded() -> Data {
    var withMeeting = scrum
    withMeeting.history = [meeting]
    return ScrumFile.encode([withMeeting], transcripts: true)  // this computer's own file, whole
  }

  /// Reads a journal; any bytes return or throw, the error saying what is wrong.
  public static func decode(_ data: Data) throws(UnreadableReason) -> MeetingJournal {
    let scrums = try ScrumFile.decode(data)
    guard scrums.count == 1, let scrum = scrums.first, scrum.history.count == 1 else {
      throw .invalidValue("a meeting journal holds one scrum with one meeting")
    }
    return MeetingJournal(scrum: scrum, meeting: scrum.history[0])
  }

  /// Saves the meeting into `scrums`: its scrum's history gains it (once: a meeting already
  /// there is not added again); a scrum deleted since comes back with this meeting, so
  /// nothing is lost.
  public func save(into scrums: inout [DailyScrum]) {
    guard let index = scrums.firstIndex(where: { $0.id == scrum.id }) else {
      var restored = scrum
      restored.history = [meeting]
      return scrums.append(restored)
    }
    if !scrums[index].history.contains(where: { $0.id == meeting.id }) { scrums[index].history.append(meeting) }
  }

  /// Whether `scrums` already hold the meeting (it was saved before the journal went).
  public func isSaved(in scrums: [DailyScrum]) -> Bool {
    scrums.first { $0.id == scrum.id }?.history.contains { $0.id == meeting.id } == true
  }
}

extension Texts {
  /// "The meeting of Design was interrupted at 9:42, 6:10 in".
  public static func interruptedMeeting(_ journal: MeetingJournal, twelveHour: Bool = false, timeZone: String? = nil)
    -> String
  {
    tr(
      "The meeting of %@ was interrupted at %@, %@ in", shown(journal.scrum.title),
      timeOfDay(journal.meeting.date, twelveHour: twelveHour, timeZone: timeZone),
      minutesAndSeconds(journal.meeting.durationSeconds))
  }
}
