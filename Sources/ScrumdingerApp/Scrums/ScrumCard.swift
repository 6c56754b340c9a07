import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// One scrum in the list: a card in the theme's colours with title, attendees and length.
/// The card is a button (one tab stop, pressable by keyboard, mouse and assistive technology)
/// inside a passive list row, so the list still reads as a list.
@MainActor final class ScrumCard {
  /// The list row holding the card.
  let row: ListBoxRow
  /// The card itself.
  let button: Button
  /// The scrum shown.
  let scrumID: UUID
  let titleLabel: Label
  let attendeesLabel: Label
  let lengthLabel: Label
  /// "Next: today at 9:30", for a scrum on a schedule.
  let nextLabel = Label()
  /// What the card shows of its scrum: a change elsewhere (its history) leaves it alone.
  let face: Face

  /// The parts of a scrum that a card shows.
  struct Face: Equatable {
    let title: String
    let attendeeCount: Int
    let lengthInMinutes: Int
    let theme: Theme
    /// When it meets next, in words (nil off a schedule).
    let next: String?

    init(_ scrum: DailyScrum, next: String?) {
      title = scrum.title
      attendeeCount = scrum.attendees.count
      lengthInMinutes = scrum.plannedMinutes
      theme = scrum.theme
      self.next = next
    }
  }

  /// The card of `scrum`; `next` says when it meets next, if on a schedule.
  init(scrum: DailyScrum, next: String? = nil) {
    scrumID = scrum.id
    face = Face(scrum, next: next)
    titleLabel = Label(Texts.shown(scrum.title))
    titleLabel.addCSSClass("scrum-card-title")
    titleLabel.setHorizontalAlignment(0)
    titleLabel.setEllipsizes()

    attendeesLabel = Label("\(scrum.attendees.count)")
    attendeesLabel.setAccessibleLabel(Texts.attendees(scrum.attendees.count))
    lengthLabel = Label("\(scrum.plannedMinutes)")
    lengthLabel.setAccessibleLabel(Texts.meetingLength(scrum.plannedMinutes))

    let people = Box(vertical: false, spacing: 6)
    people.append(Image(iconName: "system-users-symbolic"))
    people.append(attendeesLabel)
    people.expand(horizontally: true)
    let length = Box(vertical: false, spacing: 6)
    length.append(lengthLabel)
    length.append(Image(iconName: "alarm-symbolic"))
    let facts = Box(vertical: false, spacing: 12)
    facts.append(people)
    facts.append(length)

    let content = Box(vertical: true, spacing: 10)
    content.append(titleLabel)
    content.append(facts)
    if let next {
      nextLabel.text = next
      nextLabel.setHorizontalAlignment(0)
      nextLabel.setEllipsizes()
      content.append(nextLabel)
    }
    button = Button(child: content, accessibleName: Texts.shown(scrum.title))
    button.addCSSClass("scrum-card")
    button.addCSSClass(ThemeStyle.cssClass(scrum.theme))
    button.setAction(Command.window(.openScrum).detailedName, parameter: scrum.id.uuidString)
    row = ListBoxRow(button, activatable: false)
    row.setAccessibleLabel(Texts.shown(scrum.title))
    button.setAccessibleDescription(
      Texts.attendees(scrum.attendees.count) + ", " + Texts.meetingLength(scrum.plannedMinutes)
        + (next.map { ", " + $0 } ?? ""))
  }
}
