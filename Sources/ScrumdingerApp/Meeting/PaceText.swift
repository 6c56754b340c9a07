import FoundationEssentials
import ScrumdingerCore

/// "Ends at 9:45 · 1:05 behind": when the meeting will end at its pace, and, once it is 15 s
/// or more off its plan, by how much. The console and the presentation both say it.
struct PaceText {
  /// The wall clock now (injected).
  private let now: () -> Date
  /// Whether times of day are written on a 12-hour clock (GNOME's clock format).
  private let twelveHour: Bool
  /// "Ends at 9:45", and the minute (since 1970) it names: written anew only when that minute
  /// changes, not every second.
  private var endsAt = (minute: Int.min, text: "")

  init(now: @escaping () -> Date, twelveHour: Bool) {
    self.now = now
    self.twelveHour = twelveHour
  }

  /// The words for `snapshot`: shown, spoken, and a summary that changes only when a screen
  /// reader should hear it again (SpokenFigure).
  mutating func words(for snapshot: MeetingTimer.Snapshot) -> (shown: String, spoken: String, summary: String) {
    let endMinute = Int(((now() + Double(snapshot.secondsRemaining)).timeIntervalSince1970 / 60).rounded(.down))
    if endMinute != endsAt.minute {
      let end = Date(timeIntervalSince1970: Double(endMinute) * 60)
      endsAt = (endMinute, tr("Ends at %@", Texts.timeOfDay(end, twelveHour: twelveHour)))
    }
    let endsAt = endsAt.text
    guard let behind = Texts.pace(secondsBehind: snapshot.secondsBehind) else { return (endsAt, endsAt, endsAt) }
    return (
      tr("%@ · %@", endsAt, behind),
      tr("%@, %@", endsAt, Texts.pace(secondsBehind: snapshot.secondsBehind, spoken: true)!),
      endsAt + " \(snapshot.secondsBehind / 60)"
    )
  }
}
