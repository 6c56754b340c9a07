import Foundation
import GtkShim
import ScrumdingerCore

/// One scrum: Start Meeting, its length, theme, attendees and history, Edit and Delete.
@MainActor final class DetailPage {
  let root = Box(vertical: true)
  let header: HeaderBar
  let backButton = Button(iconName: "go-previous-symbolic", accessibleName: tr("Back"))
  let editButton = Button(label: tr("Edit"))
  let startButton = Button(iconName: "media-playback-start-symbolic", label: tr("Start Meeting"))
  let deleteButton = Button(label: tr("Delete"))
  private(set) var historyRows: [(UUID, ActionRow)] = []
  let scrumID: UUID

  /// Callbacks for what the page cannot do itself.
  struct Actions {
    var back: @MainActor () -> Void
    var edit: @MainActor () -> Void
    var start: @MainActor () -> Void
    var delete: @MainActor () -> Void
    var openHistory: @MainActor (UUID) -> Void
  }

  init(scrum: DailyScrum, actions: Actions) {
    scrumID = scrum.id
    header = HeaderBar(title: scrum.title)
    header.packStart(backButton)
    header.packEnd(editButton)
    backButton.onClicked(actions.back)
    editButton.onClicked(actions.edit)
    startButton.onClicked(actions.start)
    deleteButton.onClicked(actions.delete)

    let page = Box(vertical: true, spacing: 24)
    page.setMargins(18)
    startButton.addCSSClass("pill")
    startButton.addCSSClass("suggested-action")
    startButton.align(horizontal: .center)
    page.append(startButton)
    page.append(infoGroup(scrum))
    page.append(attendeesGroup(scrum))
    page.append(historyGroup(scrum, open: actions.openHistory))
    deleteButton.addCSSClass("pill")
    deleteButton.addCSSClass("destructive-action")
    deleteButton.align(horizontal: .center)
    page.append(deleteButton)
    root.append(header)
    root.append(ScrolledWindow(Clamp(page)))
  }


  private func infoGroup(_ scrum: DailyScrum) -> PreferencesGroup {
    let group = PreferencesGroup(title: tr("Meeting Info"))
    let length = ActionRow(title: tr("Length"))
    length.addPrefix(Image(iconName: "alarm-symbolic"))
    length.addSuffix(Label(Texts.minutes(scrum.lengthInMinutes)))
    group.add(length)
    let theme = ActionRow(title: tr("Theme"))
    theme.addPrefix(Image(iconName: "applications-graphics-symbolic"))
    let swatch = Box()
    swatch.addCSSClass("swatch")
    swatch.addCSSClass(ThemeStyle.cssClass(scrum.theme))
    swatch.align(vertical: .center)
    theme.addSuffix(swatch)
    theme.addSuffix(Label(scrum.theme.name))
    group.add(theme)
    return group
  }

  private func attendeesGroup(_ scrum: DailyScrum) -> PreferencesGroup {
    let group = PreferencesGroup(title: tr("Attendees"))
    if scrum.attendees.isEmpty {
      group.add(ActionRow(title: tr("No attendees"), subtitle: tr("The meeting has one speaker")))
    }
    for attendee in scrum.attendees {
      let row = ActionRow(title: attendee.name)
      row.addPrefix(Image(iconName: "avatar-default-symbolic"))
      group.add(row)
    }
    return group
  }

  private func historyGroup(_ scrum: DailyScrum, open: @escaping @MainActor (UUID) -> Void) -> PreferencesGroup {
    let group = PreferencesGroup(title: tr("History"))
    if scrum.history.isEmpty {
      group.add(ActionRow(title: tr("No meetings yet")))
    }
    for entry in scrum.history.reversed() {
      let row = ActionRow(title: Texts.meetingDate(entry.date), subtitle: Texts.duration(seconds: entry.durationSeconds))
      row.addPrefix(Image(iconName: "x-office-calendar-symbolic"))
      let show = Button(iconName: "go-next-symbolic", accessibleName: tr("Show meeting of %@", row.title))
      show.setFlat()
      show.align(vertical: .center)
      show.onClicked { open(entry.id) }
      row.addSuffix(show)
      row.setActivatableWidget(show)
      historyRows.append((entry.id, row))
      group.add(row)
    }
    return group
  }
}
