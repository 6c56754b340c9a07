// A reader for exactly what ScrumFileWriter writes (any key order, any white space; keys it
// does not know are kept as their JSON text where the writer writes them back, skipped
// elsewhere), working on raw bytes: Foundation's JSONDecoder took 5 s for 100 scrums ×
// 1,000 meetings. Anything it is not sure about (another shape, a fractional number, an
// unusual date) makes it give up and return nil; ScrumFile then decodes with Foundation,
// which either accepts the file or says precisely what is wrong with it.
import FoundationEssentials

/// Fast, strict decoding of version-1 scrums files.
enum ScrumFileReader {
  /// The scrums in `data` and the file's unknown keys, or nil when the fast path cannot be sure.
  static func decode(_ data: Data, version expected: Int) -> (scrums: [DailyScrum], unknown: UnknownFields)? {
    data.withUnsafeBytes { raw in
      var reader = JSONScanner(bytes: raw)
      return reader.file(expectedVersion: expected)
    }
  }
}

/// The file's objects, type by type, on the scanner.
extension JSONScanner {
  fileprivate mutating func file(expectedVersion: Int) -> (scrums: [DailyScrum], unknown: UnknownFields)? {
    var version: Int?
    var scrums: [DailyScrum]?
    var unknown = UnknownFields()
    let ok = object { key, reader in
      switch key {
      case "version": version = reader.integer(); return version != nil
      case "scrums": scrums = reader.array { $0.scrum() }; return scrums != nil
      default: return reader.keep(key, in: &unknown)
      }
    }
    guard ok, isAtEnd(), version == expectedVersion, let scrums else { return nil }
    return (scrums, unknown)
  }

  fileprivate mutating func scrum() -> DailyScrum? {
    var id: UUID?, title: String?, theme: Theme?, length: Int?
    var attendees: [Attendee]?, history: [History]?, shuffle = false, warning = TurnWarning.standard
    var overtime = OvertimeRule.moveOn, agenda: [AgendaItem] = [], schedule: MeetingSchedule?
    var unknown = UnknownFields()
    let ok = object { key, reader in
      switch key {
      case "id": id = reader.uuid(); return id != nil
      case "title": title = reader.string(); return title != nil
      case "theme": theme = reader.string().flatMap(Theme.init(rawValue:)); return theme != nil
      case "lengthInMinutes": length = reader.integer(); return length != nil
      case "attendees": attendees = reader.array { $0.attendee() }; return attendees != nil
      case "history": history = reader.array { $0.historyEntry() }; return history != nil
      case "shuffleSpeakingOrder":
        guard let value = reader.boolean() else { return false }
        shuffle = value
        return true
      case "turnWarningSeconds":
        guard let value = reader.integer().flatMap(TurnWarning.init(rawValue:)) else { return false }
        warning = value
        return true
      case "recordMeetings": return reader.skipValue()  // dropped: see DailyScrum.droppedKeys
      case "agenda":
        guard let read = reader.array({ $0.agendaItem() }) else { return false }
        agenda = read
        return true
      case "schedule":
        schedule = reader.meetingSchedule()
        return schedule != nil
      case "whenTurnRunsOut":
        guard let value = reader.string().flatMap(OvertimeRule.init(rawValue:)) else { return false }
        overtime = value
        return true
      default: return reader.keep(key, in: &unknown)
      }
    }
    guard ok, let id, let title, let theme, let length, let attendees, let history,
          DailyScrum.lengthRange.contains(length) else { return nil }
    var scrum = DailyScrum(
      id: id, title: title, attendees: attendees, lengthInMinutes: length, theme: theme, history: history,
      shuffleSpeakingOrder: shuffle, turnWarning: warning, overtime: overtime, agenda: agenda,
      schedule: schedule)
    scrum.unknown = unknown
    return scrum
  }

  fileprivate mutating func meetingSchedule() -> MeetingSchedule? {
    var days: [MeetingSchedule.Weekday]?, hour: Int?, minute: Int?, remind: Int?
    let ok = object { key, reader in
      switch key {
      case "days": days = reader.array { $0.integer().flatMap(MeetingSchedule.Weekday.init(rawValue:)) }; return days != nil
      case "hour": hour = reader.integer(); return hour != nil
      case "minute": minute = reader.integer(); return minute != nil
      case "remind": remind = reader.integer(); return remind != nil
      default: return reader.skipValue()
      }
    }
    guard ok, let days, let hour, let minute, let remind, (0...23).contains(hour), (0...59).contains(minute),
      MeetingSchedule.reminderChoices.contains(remind)
    else { return nil }
    return MeetingSchedule(days: Set(days), hour: hour, minute: minute, reminderMinutes: remind)
  }

  fileprivate mutating func agendaItem() -> AgendaItem? {
    var id: UUID?, title: String?, minutes: Int?
    let ok = object { key, reader in
      switch key {
      case "id": id = reader.uuid(); return id != nil
      case "title": title = reader.string(); return title != nil
      case "minutes": minutes = reader.integer(); return minutes != nil
      default: return reader.skipValue()
      }
    }
    guard ok, let id, let title, let minutes, AgendaItem.minutesRange.contains(minutes) else { return nil }
    return AgendaItem(id: id, title: title, minutes: minutes)
  }

  fileprivate mutating func attendee() -> Attendee? {
    var id: UUID?, name: String?
    var unknown = UnknownFields()
    let ok = object { key, reader in
      switch key {
      case "id": id = reader.uuid(); return id != nil
      case "name": name = reader.string(); return name != nil
      default: return reader.keep(key, in: &unknown)
      }
    }
    guard ok, let id, let name else { return nil }
    var attendee = Attendee(id: id, name: name)
    attendee.unknown = unknown
    return attendee
  }

  fileprivate mutating func historyEntry() -> History? {
    var id: UUID?, date: Date?, seconds: Int?, attendees: [String]?
    var speakers: [SpeakerTime] = [], absent: [String] = [], notes: [MeetingNote] = []
    var transcript: [TranscriptSegment] = [], items: [SpeakerTime] = [], turns: [TurnSpan] = []
    var recorded = false
    var unknown = UnknownFields()
    let ok = object { key, reader in
      switch key {
      case "id": id = reader.uuid(); return id != nil
      case "date": date = reader.date(); return date != nil
      case "durationSeconds": seconds = reader.integer(); return seconds != nil
      case "attendees": attendees = reader.array { $0.string() }; return attendees != nil
      case "speakers":
        guard let read = reader.array({ $0.speakerTime() }) else { return false }
        speakers = read
        return true
      case "absent":
        guard let read = reader.array({ $0.string() }) else { return false }
        absent = read
        return true
      case "notes":
        guard let read = reader.array({ $0.note() }) else { return false }
        notes = read
        return true
      case "transcript":
        guard let read = reader.array({ $0.transcriptSegment() }) else { return false }
        transcript = read
        return true
      case "items":
        guard let read = reader.array({ $0.speakerTime() }) else { return false }
        items = read
        return true
      case "turns":
        guard let read = reader.array({ $0.turnSpan() }) else { return false }
        turns = read
        return true
      case "recorded":
        guard let read = reader.boolean() else { return false }
        recorded = read
        return true
      default: return reader.keep(key, in: &unknown)
      }
    }
    guard ok, let id, let date, let seconds, let attendees, History.durationRange.contains(seconds) else { return nil }
    var entry = History(
      id: id, date: date, attendees: attendees, durationSeconds: seconds, speakers: speakers, absent: absent, notes: notes,
      transcript: transcript, items: items, turns: turns, recorded: recorded)
    entry.unknown = unknown
    return entry
  }

  fileprivate mutating func turnSpan() -> TurnSpan? {
    var name: String?, start: Int?, end: Int?
    let ok = object { key, reader in
      switch key {
      case "name": name = reader.string(); return name != nil
      case "start": start = reader.integer(); return start != nil
      case "end": end = reader.integer(); return end != nil
      default: return reader.skipValue()
      }
    }
    guard ok, let name, let start, let end, History.durationRange.contains(start), History.durationRange.contains(end),
      start <= end
    else { return nil }
    return TurnSpan(speaker: name, startSeconds: start, endSeconds: end)
  }

  fileprivate mutating func note() -> MeetingNote? {
    var id: UUID?, speaker: String?, text: String?, at: Int?
    let ok = object { key, reader in
      switch key {
      case "id": id = reader.uuid(); return id != nil
      case "speaker": speaker = reader.string(); return speaker != nil
      case "text": text = reader.string(); return text != nil
      case "at": at = reader.integer(); return at != nil
      default: return reader.skipValue()
      }
    }
    guard ok, let id, let speaker, let text, let at, History.durationRange.contains(at) else { return nil }
    return MeetingNote(id: id, speaker: speaker, text: text, atSeconds: at)
  }

  fileprivate mutating func transcriptSegment() -> TranscriptSegment? {
    var start: Int?, end: Int?, text: String?
    let ok = object { key, reader in
      switch key {
      case "start": start = reader.integer(); return start != nil
      case "end": end = reader.integer(); return end != nil
      case "text": text = reader.string(); return text != nil
      default: return reader.skipValue()
      }
    }
    let range = 0...(History.durationRange.upperBound * 1000)
    guard ok, let start, let end, let text, range.contains(start), range.contains(end), start <= end else { return nil }
    return TranscriptSegment(startMilliseconds: start, endMilliseconds: end, text: text)
  }

  fileprivate mutating func speakerTime() -> SpeakerTime? {
    var name: String?, seconds: Int?, share: Int?, added = 0
    let ok = object { key, reader in
      switch key {
      case "name": name = reader.string(); return name != nil
      case "seconds": seconds = reader.integer(); return seconds != nil
      case "share": share = reader.integer(); return share != nil
      case "added":
        guard let value = reader.integer() else { return false }
        added = value
        return true
      default: return reader.skipValue()
      }
    }
    guard ok, let name, let seconds, let share, History.durationRange.contains(seconds),
      History.durationRange.contains(share), History.durationRange.contains(added)
    else { return nil }
    return SpeakerTime(name: name, seconds: seconds, shareSeconds: share, addedSeconds: added)
  }
}
