// The editor's "Schedule" group: whether the scrum meets on a schedule (off unless asked),
// its days as seven toggles that are one Tab stop together (Left and Right move between
// them, Space turns one on or off, as in a toolbar), the time of day as hours and minutes on
// the user's 12- or 24-hour clock, and how long before the start the reminder comes. It edits
// the sheet's draft through `change`, like the agenda group.
import GtkShim
import ScrumdingerCore

/// The editor's schedule group.
@MainActor final class ScheduleEditor {
  let group = PreferencesGroup(
    title: tr("Schedule"), description: tr("When the stand-up meets, and a reminder before it"))
  /// "Meet on a schedule".
  let scheduledSwitch = Switch(accessibleName: tr("Meet on a schedule"))
  /// Monday … Sunday (in that order).
  private(set) var dayToggles: [(day: MeetingSchedule.Weekday, toggle: ToggleButton)] = []
  let hourField: SpinButton
  let minuteField: SpinButton
  /// On a 12-hour clock: AM and PM (nil on a 24-hour clock).
  private(set) var halfDay: (am: ToggleButton, pm: ToggleButton)?
  /// Off, 1, 5, 10 or 15 minutes before.
  private(set) var reminderChoices: [(minutes: Int, toggle: ToggleButton)] = []
  /// Everything but the switch: shown while the scrum is on a schedule.
  private let details = Box(vertical: true, spacing: 12)
  private let twelveHour: Bool
  private let draft: () -> ScrumDraft
  private let change: ((inout ScrumDraft) -> Void) -> Void

  init(draft: @escaping () -> ScrumDraft, change: @escaping ((inout ScrumDraft) -> Void) -> Void, twelveHour: Bool) {
    self.draft = draft
    self.change = change
    self.twelveHour = twelveHour
    let schedule = draft().schedule ?? MeetingSchedule()
    hourField = SpinButton(
      range: twelveHour ? 1...12 : 0...23, value: twelveHour ? (schedule.hour + 11) % 12 + 1 : schedule.hour,
      accessibleName: tr("Hour"), wraps: true)
    minuteField = SpinButton(range: 0...59, value: schedule.minute, accessibleName: tr("Minutes"), wraps: true)
    minuteField.showTwoDigits()

    let switchRow = ActionRow(title: tr("Meet on a schedule"), subtitle: tr("Remind me before it starts"))
    scheduledSwitch.align(vertical: .center)
    scheduledSwitch.isOn = draft().schedule != nil
    switchRow.addSuffix(scheduledSwitch)
    switchRow.setActivatableWidget(scheduledSwitch)
    group.add(switchRow)
    details.append(daysRow(schedule))
    details.append(timeRow(schedule))
    reminderChoices = EditorSheet.choiceToggles(
      MeetingSchedule.reminderChoices, label: Self.reminderLabel, chosen: schedule.reminderMinutes
    ) { [weak self] minutes in self?.change { $0.schedule?.reminderMinutes = minutes } }
    .map { (minutes: $0.0, toggle: $0.1) }
    let reminders = Box(vertical: false, spacing: 6)
    reminders.isHomogeneous = true
    for (_, toggle) in reminderChoices { reminders.append(toggle) }
    let reminderTitle = Label(tr("Remind me"))
    reminderTitle.setHorizontalAlignment(0)
    reminderTitle.hideFromAccessibility()
    details.append(reminderTitle)
    details.append(reminders)
    details.isVisible = scheduledSwitch.isOn
    group.add(details)
    scheduledSwitch.onToggled { [weak self] in
      guard let self else { return }
      self.change { $0.meetsOnSchedule(self.scheduledSwitch.isOn) }
      self.details.isVisible = self.scheduledSwitch.isOn
    }
  }

  /// "Off", "5 min before".
  static func reminderLabel(_ minutes: Int) -> String {
    minutes == 0 ? tr("Off") : tr("%d min before", minutes)
  }

  private func daysRow(_ schedule: MeetingSchedule) -> Box {
    let row = Box(vertical: false, spacing: 4)
    row.isHomogeneous = true
    row.setAccessibleLabel(tr("Days"))
    for day in MeetingSchedule.Weekday.allCases {
      let toggle = ToggleButton(child: Label(day.shortName), accessibleName: day.name)
      toggle.isActive = schedule.days.contains(day)
      toggle.onToggled { [weak self, weak toggle] in
        guard let self, let toggle else { return }
        self.change { draft in
          if toggle.isActive { draft.schedule?.days.insert(day) } else { draft.schedule?.days.remove(day) }
        }
      }
      dayToggles.append((day, toggle))
      row.append(toggle)
    }
    // One Tab stop: the toggle last moved to; Left and Right move, Space toggles.
    for (index, (_, toggle)) in dayToggles.enumerated() {
      toggle.isFocusable = index == 0
      for (key, step) in [("Left", -1), ("Right", 1)] {
        toggle.onKey(key) { [weak self] in
          self?.moveFocus(from: index, by: step)
          return true
        }
      }
    }
    return row
  }

  /// Moves the days' one Tab stop (and the focus) `step` toggles on from toggle `index`,
  /// round the week: what Left and Right do.
  func moveFocus(from index: Int, by step: Int) {
    let next = dayToggles[(index + step + dayToggles.count) % dayToggles.count].toggle
    for (_, other) in dayToggles { other.isFocusable = other === next }
    _ = next.grabFocus()
  }

  private func timeRow(_ schedule: MeetingSchedule) -> Box {
    let row = Box(vertical: false, spacing: 6)
    let title = Label(tr("Time"))
    title.setHorizontalAlignment(0)
    title.expand(horizontally: true)
    title.hideFromAccessibility()
    row.append(title)
    row.append(hourField)
    let colon = Label(":")
    colon.hideFromAccessibility()
    row.append(colon)
    row.append(minuteField)
    if twelveHour {
      let am = ToggleButton(child: Label(tr("AM")), accessibleName: tr("AM"))
      let pm = ToggleButton(child: Label(tr("PM")), accessibleName: tr("PM"))
      pm.join(am)
      (schedule.hour < 12 ? am : pm).isActive = true
      for toggle in [am, pm] { toggle.onToggled { [weak self] in self?.timeChanged() } }
      halfDay = (am, pm)
      row.append(am)
      row.append(pm)
    }
    hourField.onValueChanged { [weak self] in self?.timeChanged() }
    minuteField.onValueChanged { [weak self] in self?.timeChanged() }
    return row
  }

  private func timeChanged() {
    var hour = hourField.value
    if let halfDay { hour = hour % 12 + (halfDay.pm.isActive ? 12 : 0) }
    let minute = minuteField.value
    change { draft in
      draft.schedule?.hour = hour
      draft.schedule?.minute = minute
    }
  }
}
