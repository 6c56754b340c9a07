import Foundation
import GtkShim
import ScrumdingerCore

/// One scrum in the list: a card in the theme's colours with title, attendees and length.
@MainActor final class ScrumCard {
  /// The activatable list row.
  let row: ListBoxRow
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
    row = ListBoxRow(content)
    row.addCSSClass(ThemeStyle.cssClass(scrum.theme))
    row.setAccessibleLabel(scrum.title)
    row.setAccessibleDescription(
      Texts.attendees(scrum.attendees.count) + ", " + Texts.meetingLength(scrum.lengthInMinutes))
  }
}
