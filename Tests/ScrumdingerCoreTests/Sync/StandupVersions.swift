import Foundation

@testable import ScrumdingerCore

/// The sync suites' fixture: one scrum, Standup, in the versions two computers save of it,
/// with up to three meetings a day apart.
struct StandupVersions {
  let m1 = History(date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["Ana"], durationSeconds: 60)
  let m2 = History(date: Date(timeIntervalSince1970: 1_795_086_400), attendees: ["Ben"], durationSeconds: 90)
  let m3 = History(date: Date(timeIntervalSince1970: 1_795_172_800), attendees: ["Cy"], durationSeconds: 120)
  let id = UUID()
  let ana = Attendee(name: "Ana")

  /// Standup with `meetings` (and another title).
  func standup(_ meetings: [History], title: String = "Standup") -> DailyScrum {
    DailyScrum(id: id, title: title, attendees: [ana], lengthInMinutes: 15, history: meetings)
  }

  /// The bytes of the file at `path` (none: empty).
  func bytes(_ path: String) -> Data { FileManager.default.contents(atPath: path) ?? Data() }
}
