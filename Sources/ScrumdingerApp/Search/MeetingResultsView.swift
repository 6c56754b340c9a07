// What a search of the meetings' words found, as a scrum's page and the list show it: one row
// a sentence, "Standup · Nov 18, 2026, 09:30 · Ana" above the sentence with the words typed in
// bold. A row is one Tab stop, read as the transcript's rows are ("Ana, Nov 18, 2026, 09:30:
// …"); Enter opens the meeting's page at that sentence, its play button plays it from there.
// The rows are made again only when the results change.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// The sentences a search of meetings' words found.
@MainActor final class MeetingResultsView {
  /// "Said in Meetings", hidden while there is nothing to show.
  let group = PreferencesGroup(title: tr("Said in Meetings"))
  private let list = ListBox(named: tr("Said in Meetings"))
  /// The rows shown, in order.
  private(set) var rows: [(match: MeetingMatch, row: ListBoxRow, sentence: Label)] = []
  /// The title of the scrum a result belongs to, when results come from several scrums.
  private let scrumTitle: (@MainActor (UUID) -> String?)?
  /// Called with a result picked: open its meeting at the sentence, and play from it if asked.
  var onOpen: (@MainActor (_ match: MeetingMatch, _ play: Bool) -> Void)?

  /// An empty view; results name their scrum when `scrumTitle` is given.
  init(scrumTitle: (@MainActor (UUID) -> String?)? = nil) {
    self.scrumTitle = scrumTitle
    group.add(list)
    group.isVisible = false
    list.onRowActivated { [weak self] row in
      guard let self, let match = self.rows.first(where: { $0.row === row })?.match else { return }
      self.onOpen?(match, false)
    }
  }

  /// Shows `matches` (the rows are kept when they are the same).
  func show(_ matches: [MeetingMatch]) {
    group.isVisible = !matches.isEmpty
    guard matches != rows.map(\.match) else { return }
    list.removeAll()
    rows = matches.map(row)
    for (_, row, _) in rows { list.append(row) }
  }

  private func row(_ match: MeetingMatch) -> (MeetingMatch, ListBoxRow, Label) {
    let when = Texts.meetingDate(match.date)
    let time = Texts.minutesAndSeconds(match.startMilliseconds / 1000)
    let speaker = Texts.shown(match.speaker)
    let place = ([scrumTitle?(match.scrumID).map(Texts.shown), when, match.speaker.isEmpty ? nil : speaker]).compactMap
    { $0 }
    let caption = Label(place.joined(separator: " · "))
    caption.addCSSClass("dim-label")
    caption.addCSSClass("caption")
    caption.setHorizontalAlignment(0)
    caption.setEllipsizes()
    let sentence = Label()
    sentence.setText(match.text, bold: match.highlights)
    sentence.setWraps()
    sentence.setHorizontalAlignment(0)
    let words = Box(vertical: true, spacing: 2)
    words.append(caption)
    words.append(sentence)
    let line = Box(vertical: false, spacing: 6)
    line.setMargins(6)
    if !match.isNote {
      let play = Button(iconName: "media-playback-start-symbolic", accessibleName: tr("Play from %@", time))
      play.setFlat()
      play.isFocusable = false  // the row is the one Tab stop; Enter opens it
      play.align(vertical: .center)
      play.onClicked { [weak self] in self?.onOpen?(match, true) }
      line.append(play)
    }
    line.append(words)
    let row = ListBoxRow(line)
    let heading = place.dropLast(match.speaker.isEmpty ? 0 : 1).joined(separator: ", ")
    row.setAccessibleLabel(
      match.speaker.isEmpty
        ? tr("%@: %@", heading, match.text) : tr("%@, %@, %@: %@", speaker, heading, time, match.text))
    return (match, row, sentence)
  }
}
