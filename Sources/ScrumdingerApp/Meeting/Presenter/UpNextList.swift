import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// "Up next" on the presenter's console: the speakers and agenda items still to come, each
/// with the time of day it starts if the turns before it keep to their time, and its length
/// ("Ben at 9:42 · 1:00"). Its rows are written again only when what they say changes (a new
/// turn, a minute added, the times moved by a pause or an overrun), not every second.
@MainActor final class UpNextList {
  let root = Box(vertical: true, spacing: 2)
  private let rows = Box(vertical: true, spacing: 2)
  private let now: () -> Date
  private let twelveHour: Bool
  /// What the rows were written for: the turn, the meeting's length, and the minute the next
  /// turn starts at (every later start moves with it).
  private var shownFor: [Int] = []

  init(now: @escaping () -> Date, twelveHour: Bool) {
    self.now = now
    self.twelveHour = twelveHour
    let heading = Label(tr("Up next"))
    heading.addCSSClass("heading")
    heading.setHorizontalAlignment(0)
    root.append(heading)
    root.append(rows)
    root.isVisible = false
  }

  /// Lists the turns after `snapshot`'s in `schedule`.
  func show(_ snapshot: MeetingTimer.Snapshot, schedule: SpeakerSchedule) {
    let entries = UpNextEntry.entries(of: schedule, at: snapshot)
    let now = now()
    let firstMinute = entries.first.map { Int((now.timeIntervalSince1970 + Double($0.startsIn)) / 60) } ?? 0
    let key = [snapshot.turnIndex, schedule.lengthSeconds, firstMinute]
    guard key != shownFor else { return }
    shownFor = key
    let words = entries.map { entry in
      let (name, start) = (
        Texts.shown(entry.name), Texts.timeOfDay(now + Double(entry.startsIn), twelveHour: twelveHour)
      )
      return (
        shown: tr("%@ at %@ · %@", name, start, Texts.minutesAndSeconds(entry.seconds)),
        spoken: tr("%@ at %@ · %@", name, start, Texts.duration(seconds: entry.seconds))
      )
    }
    rows.removeAll()
    for (shown, spoken) in words {
      let row = Label(shown)
      row.setHorizontalAlignment(0)
      row.setEllipsizes()
      row.setAccessibleLabel(spoken)
      rows.append(row)
    }
  }
}
