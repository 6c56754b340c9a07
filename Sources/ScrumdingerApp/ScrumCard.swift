import Foundation
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

  init(scrum: DailyScrum) {
    scrumID = scrum.id
    titleLabel = Label(scrum.title)
    titleLabel.addCSSClass("scrum-card-title")
    titleLabel.setHorizontalAlignment(0)
    titleLabel.setEllipsizes()

    attendeesLabel = Label("\(scrum.attendees.count)")
    attendeesLabel.setAccessibleLabel(Texts.attendees(scrum.attendees.count))
    lengthLabel = Label("\(scrum.lengthInMinutes)")
    lengthLabel.setAccessibleLabel(Texts.meetingLength(scrum.lengthInMinutes))

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
    button = Button(child: content, accessibleName: scrum.title)
    button.addCSSClass("scrum-card")
    button.addCSSClass(ThemeStyle.cssClass(scrum.theme))
    row = ListBoxRow(button, activatable: false)
    row.setAccessibleLabel(scrum.title)
    button.setAccessibleDescription(
      Texts.attendees(scrum.attendees.count) + ", " + Texts.meetingLength(scrum.lengthInMinutes))
  }
}
