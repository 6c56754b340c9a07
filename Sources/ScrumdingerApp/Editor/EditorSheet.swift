// The editor works on a ScrumDraft (core) and touches the app state only when the user
// confirms, so Dismiss/Cancel and Escape can never lose or half-apply a change.
import FoundationEssentials
import GtkShim
import Platform
import ScrumdingerCore

/// The modal sheet that creates a scrum (Dismiss/Add) or edits one (Cancel/Done).
@MainActor package final class EditorSheet {
  package let window: DialogWindow
  let header: HeaderBar
  let cancelButton: Button
  let confirmButton: Button
  let titleRow = EntryRow(title: tr("Title"))
  let lengthScale: Scale
  let lengthLabel = Label()
  let shuffleSwitch = Switch(accessibleName: tr("Shuffle speaking order"))
  /// Opt-in recording: off unless the user turns it on.
  let recordSwitch = Switch(accessibleName: tr("Record and transcribe meetings"))
  let captionsSwitch = Switch(accessibleName: tr("Live captions"))
  /// Its row, whose subtitle says what captions keep.
  private(set) var captionsRow: ActionRow?
  /// "Warn before a turn ends": each stage the editor offers (longest lead first), whether it
  /// warns and whether it sounds.
  private(set) var warningRows: [(lead: TurnWarning, warns: CheckButton, sound: ToggleButton)] = []
  /// "Warn before the meeting ends": one toggle per choice in minutes (0: none), pressing one
  /// releases the others.
  private(set) var meetingWarningChoices: [(Int, ToggleButton)] = []
  /// "When a turn runs out": the same, for the overtime rule.
  private(set) var overtimeChoices: [(OvertimeRule, ToggleButton)] = []
  private(set) var themeButtons: [(Theme, ToggleButton)] = []
  private(set) var draft: ScrumDraft
  /// The draft as the sheet opened with it.
  private let opened: ScrumDraft
  /// Whether anything was changed since the sheet opened (closing then loses it).
  var hasChanges: Bool { draft != opened }
  /// "Attendees": the people, in speaking order.
  private(set) var attendees: AttendeeEditor!
  /// "After the round": the timed agenda items.
  private(set) var agenda: AgendaEditor!
  /// "Schedule": when it meets, and the reminder.
  private(set) var schedule: ScheduleEditor!
  /// "Language of the meetings", in the "Record" group.
  private(set) var language: LanguageEditor!
  private let onConfirm: @MainActor (ScrumDraft) -> Void
  /// The sheet's actions: one per "editor." command of the table.
  private(set) var actions: [EditorCommand: Action] = [:]
  /// The sheet's scrolling view.
  let scroller: ScrolledWindow
  /// Whether the sheet fills a narrow window (its choices then take fewer to a line).
  private let isNarrow: Bool
  /// The sheet owns itself while its window is open.
  private var keepAlive: EditorSheet?

  /// Opens over `parent`; new attendees get ids from `newID`; `unheard` says why a scrum's
  /// meetings cannot be heard here (its language); `onConfirm` receives the finished draft on
  /// Add/Done.
  init(
    parent: Widget, draft: ScrumDraft, newID: @escaping () -> UUID = UUID.init, twelveHour: Bool = false,
    names: LanguageNames = LanguageNames(), unheard: @escaping (DailyScrum) -> String? = { _ in nil },
    onConfirm: @escaping @MainActor (ScrumDraft) -> Void
  ) {
    self.draft = draft
    opened = draft
    self.onConfirm = onConfirm
    let title = draft.isNew ? tr("New Scrum") : tr("Edit Scrum")
    // Over a narrow window (a phone, half a screen) the sheet takes the whole window.
    let (parentWidth, parentHeight) = parent.allocatedSize
    isNarrow = parentWidth > 0 && parentWidth < 600
    window = DialogWindow(
      parent: parent, title: title, width: isNarrow ? parentWidth + 10 : 560, height: isNarrow ? parentHeight + 10 : 720
    )
    header = HeaderBar(title: title)
    header.hideWindowButtons()
    cancelButton = Button(label: draft.isNew ? tr("Dismiss") : tr("Cancel"))
    confirmButton = Button(label: draft.isNew ? tr("Add") : tr("Done"))
    confirmButton.addCSSClass("suggested-action")
    header.packStart(cancelButton)
    header.packEnd(confirmButton)
    lengthScale = Scale(range: DailyScrum.lengthRange, value: draft.lengthInMinutes)

    let page = Box(vertical: true, spacing: 24)
    scroller = ScrolledWindow(Clamp(page))
    page.setMargins(18)
    // What most scrums set first (title, length, theme, people), then the finer timing.
    page.append(meetingGroup())
    page.append(themeGroup())
    attendees = AttendeeEditor(
      draft: { [weak self] in self?.draft ?? draft }, change: { [weak self] edit in self.map { edit(&$0.draft) } },
      newID: newID)
    attendees.scroller = scroller
    page.append(attendees.group)
    agenda = AgendaEditor(
      draft: { [weak self] in self?.draft ?? draft }, change: { [weak self] edit in self.map { edit(&$0.draft) } })
    page.append(agenda.group)
    page.append(warningGroup())
    page.append(meetingWarningGroup())
    page.append(overtimeGroup())
    schedule = ScheduleEditor(
      draft: { [weak self] in self?.draft ?? draft }, change: { [weak self] edit in self.map { edit(&$0.draft) } },
      twelveHour: twelveHour)
    page.append(schedule.group)
    language = LanguageEditor(
      parent: window, names: names, draft: { [weak self] in self?.draft ?? draft },
      change: { [weak self] edit in self.map { edit(&$0.draft) } }, unheard: unheard)
    page.append(recordingGroup())
    let root = Box(vertical: true)
    root.append(header)
    root.append(scroller)
    window.content = root

    wireActions()
    titleRow.text = draft.title
    lengthChanged()
    updateButtons()
  }

  /// Shows the sheet with the title field focused.
  func present() {
    keepAlive = self
    window.onUnrealize { [weak self] in
      // Released on the next loop iteration, never inside the window's own signal emission.
      _ = Timeout(after: .zero) { self?.keepAlive = nil }
    }
    window.present()
    titleRow.grabFocus()
  }

  /// Brings the open sheet to the front.
  func raise() { window.present() }

  private func meetingGroup() -> PreferencesGroup {
    let group = PreferencesGroup(title: tr("Meeting Info"))
    group.add(titleRow)
    let lengthRow = ActionRow(title: tr("Length"))
    lengthScale.setAccessibleLabel(tr("Length"))
    lengthScale.setSizeRequest(width: 110)
    lengthScale.expand(horizontally: true)
    lengthLabel.setSizeRequest(width: 80)
    lengthLabel.setHorizontalAlignment(1)
    lengthRow.addSuffix(lengthScale)
    lengthRow.addSuffix(lengthLabel)
    group.add(lengthRow)
    group.add(
      switchRow(
        shuffleSwitch, title: tr("Shuffle speaking order"), subtitle: tr("Each meeting starts in a new random order"),
        isOn: draft.shuffleSpeakingOrder))
    return group
  }

  private func recordingGroup() -> PreferencesGroup {
    let group = PreferencesGroup(title: tr("Record"))
    group.add(
      switchRow(
        recordSwitch, title: tr("Record and transcribe meetings"),
        subtitle: tr("Only on this computer: the audio is recorded and turned into text here, and never leaves it"),
        isOn: draft.recordsMeetings))
    let captions = switchRow(
      captionsSwitch, title: tr("Live captions"), subtitle: captionsSubtitle(recording: draft.recordsMeetings),
      isOn: draft.showsCaptions)
    captionsRow = captions
    group.add(captions)
    group.add(language.row)
    return group
  }

  /// What captions keep: nothing, or the recording's audio they come from.
  private func captionsSubtitle(recording: Bool) -> String {
    recording
      ? tr("What is said shown during the meeting, from the recording's audio")
      : tr("Captions only — nothing is saved")
  }

  /// A row titled `title` whose switch (pressed anywhere on the row) starts as `isOn`.
  private func switchRow(_ toggle: Switch, title: String, subtitle: String, isOn: Bool) -> ActionRow {
    let row = ActionRow(title: title, subtitle: subtitle)
    toggle.align(vertical: .center)
    toggle.isOn = isOn
    row.addSuffix(toggle)
    row.setActivatableWidget(toggle)
    return row
  }

  /// A row per stage the warning can have (1 minute, 30 seconds, 10 seconds before a turn
  /// ends): its check box turns it on, its button its sound.
  private func warningGroup() -> PreferencesGroup {
    let group = PreferencesGroup(
      title: tr("Warn before a turn ends"), description: tr("Each stage in a stronger colour of the theme"))
    for lead in TurnWarning.allCases.reversed() where lead != .off {
      let stage = draft.warningStage(at: lead)
      let title = tr("%@ before the end", lead.label)
      let warns = CheckButton(accessibleName: title)
      warns.isChecked = stage != nil
      let soundName = tr("Sound at %@", lead.label)
      let sound = ToggleButton(child: Image(iconName: "audio-volume-high-symbolic"), accessibleName: soundName)
      sound.tooltip = soundName
      sound.isActive = stage?.sound ?? true
      sound.isSensitive = stage != nil
      sound.align(vertical: .center)
      sound.addCSSClass("flat")
      let row = ActionRow(title: title)
      row.addPrefix(warns)
      row.addSuffix(sound)
      row.setActivatableWidget(warns)
      warns.onUserChange { [weak self, weak sound] on in
        guard let self, let sound else { return }
        sound.isSensitive = on
        self.draft.setWarning(at: lead, on: on, sound: sound.isActive)
      }
      sound.onToggled { [weak self, weak warns, weak sound] in
        guard let self, let warns, let sound, warns.isChecked else { return }
        self.draft.setWarning(at: lead, on: true, sound: sound.isActive)
      }
      warningRows.append((lead, warns, sound))
      group.add(row)
    }
    return group
  }

  /// Off, or 1, 2, 5 or 10 minutes before the meeting's planned end.
  private func meetingWarningGroup() -> PreferencesGroup {
    let label = { (minutes: Int) in minutes == 0 ? tr("Off") : Texts.minutes(minutes) }
    meetingWarningChoices = Self.choiceToggles(
      DailyScrum.meetingWarningChoices, label: label, chosen: draft.meetingWarningMinutes
    ) { [weak self] in self?.draft.meetingWarningMinutes = $0 }
    return choiceGroup(tr("Warn before the meeting ends"), meetingWarningChoices.map(\.1), perLine: 3...5)
  }

  private func overtimeGroup() -> PreferencesGroup {
    overtimeChoices = Self.choiceToggles(OvertimeRule.allCases, label: \.label, chosen: draft.overtime) { [weak self] in
      self?.draft.overtime = $0
    }
    return choiceGroup(tr("When a turn runs out"), overtimeChoices.map(\.1), perLine: 1...2)
  }

  /// One toggle per choice, in one radio group named `label` and showing `content` (the
  /// label by default); `choose` hears the choice pressed. The group is one Tab stop (the
  /// chosen toggle); the arrow keys move the choice, as in any radio group.
  static func choiceToggles<Choice: Equatable>(
    _ all: [Choice], label: (Choice) -> String, content: ((Choice) -> Widget)? = nil, chosen: Choice,
    choose: @escaping @MainActor (Choice) -> Void
  ) -> [(Choice, ToggleButton)] {
    var toggles: [(Choice, ToggleButton)] = []
    for choice in all {
      let button = ToggleButton(child: content?(choice) ?? Label(label(choice)), accessibleName: label(choice))
      if let first = toggles.first?.1 { button.join(first) }
      button.isActive = choice == chosen
      button.isFocusable = button.isActive
      button.onToggled { [weak button] in
        guard let button else { return }
        button.isFocusable = button.isActive
        if button.isActive { choose(choice) }
      }
      toggles.append((choice, button))
    }
    // Each toggle's keys reach its siblings weakly: GTK keeps the closure in the toggle's
    // own shortcut controller, so a strong list would keep the whole group alive.
    let buttons = toggles.map(\.1)
    let siblings = buttons.map { button in { [weak button] in button } }
    for (index, button) in buttons.enumerated() {
      for (key, step) in [("Left", -1), ("Up", -1), ("Right", 1), ("Down", 1)] {
        button.onKey(key) {
          guard let next = siblings[(index + step + siblings.count) % siblings.count]() else { return false }
          next.isActive = true
          next.grabFocus()
          return true
        }
      }
    }
    return toggles
  }

  /// A group titled `title` with `toggles` of equal widths, `perLine` to a line (the lower
  /// bound in a narrow sheet). (GtkFlowBox would reflow them, but it keeps Tab inside.)
  private func choiceGroup(_ title: String, _ toggles: [ToggleButton], perLine: ClosedRange<Int>) -> PreferencesGroup {
    let group = PreferencesGroup(title: title)
    let count = isNarrow ? perLine.lowerBound : perLine.upperBound
    let lines = Box(vertical: true, spacing: 6)
    for start in stride(from: 0, to: toggles.count, by: count) {
      let line = Box(vertical: false, spacing: 6)
      line.isHomogeneous = true
      for toggle in toggles[start..<min(start + count, toggles.count)] { line.append(toggle) }
      lines.append(line)
    }
    group.add(lines)
    return group
  }

  private func themeGroup() -> PreferencesGroup {
    themeButtons = Self.choiceToggles(Theme.allCases, label: \.name, content: Self.swatch, chosen: draft.theme) {
      [weak self] in
      self?.draft.theme = $0
    }
    for (theme, button) in themeButtons {
      button.addCSSClass("theme-choice")
      button.addCSSClass(ThemeStyle.cssClass(theme))
    }
    return choiceGroup(tr("Theme"), themeButtons.map(\.1), perLine: 2...4)
  }

  /// A theme's name beside a check mark that shows when it is the one chosen (the toggle
  /// itself is painted in the theme's colours).
  private static func swatch(_ theme: Theme) -> Widget {
    let check = Image(iconName: "object-select-symbolic")
    check.addCSSClass("choice-check")
    let label = Label(theme.name)
    label.setHorizontalAlignment(0)
    label.setEllipsizes()
    label.expand(horizontally: true)
    let content = Box(vertical: false, spacing: 6)
    content.append(label)
    content.append(check)
    return content
  }

  private func wireActions() {
    actions = EditorCommand.actions { [weak self] command, _ in
      guard let self else { return }
      switch command {
      case .confirm: self.confirm()
      case .cancel: self.window.close()
      }
    }
    for command in actions.keys {
      window.bindAccelerators(command.command.accelerators, to: command.command.detailedName)
    }
    window.insertActions(Array(actions.values), prefix: EditorCommand.scope)
    cancelButton.setAction(Command.editor(.cancel).detailedName)
    confirmButton.setAction(Command.editor(.confirm).detailedName)
    // Enter in Title is Add or Done, as in any GNOME dialog with a default button.
    titleRow.onEntryActivated { [weak self] in self?.confirm() }
    titleRow.onChanged { [weak self] in
      guard let self else { return }
      self.draft.title = self.titleRow.text
      self.updateButtons()
    }
    lengthScale.onValueChanged { [weak self] in self?.lengthChanged() }
    shuffleSwitch.onToggled { [weak self] in
      guard let self else { return }
      self.draft.shuffleSpeakingOrder = self.shuffleSwitch.isOn
    }
    recordSwitch.onToggled { [weak self] in
      guard let self else { return }
      self.draft.recordsMeetings = self.recordSwitch.isOn
      self.captionsRow?.subtitle = self.captionsSubtitle(recording: self.recordSwitch.isOn)
      self.language.show()
    }
    captionsSwitch.onToggled { [weak self] in
      guard let self else { return }
      self.draft.showsCaptions = self.captionsSwitch.isOn
      self.language.show()
    }
  }

  private func lengthChanged() {
    draft.lengthInMinutes = lengthScale.value
    let text = Texts.minutes(draft.lengthInMinutes)
    lengthLabel.text = text
    lengthScale.setAccessibleValueText(text)
    agenda?.showTotal()
  }

  private func updateButtons() {
    EditorCommand.updateEnabled(actions, in: EditorCommand.Context(draftCanSave: draft.canSave))
  }

  private func confirm() {
    guard draft.canSave else { return }
    attendees.finishRenaming(keep: true)  // Done while renaming keeps the name typed
    attendees.addTypedName()  // a name typed in New Attendee but not added yet is meant to be in the scrum
    onConfirm(draft)
    window.close()
  }
}
