// Preferences' "Sounds" group: the end-of-turn sounds as a radio list, each with a button to
// hear it, and one volume for it and the turn warning. Every change is kept at once.
import GtkShim
import ScrumdingerCore

/// The Sounds group of Preferences.
@MainActor final class SoundPreferences {
  let group = PreferencesGroup(
    title: tr("Sounds"), description: tr("Played when a turn ends and when the meeting ends"))
  /// One radio button per sound, in the order offered.
  private(set) var choices: [(sound: EndOfTurnSound, check: CheckButton, play: Button)] = []
  /// The volume of the end-of-turn sound and the warning, 0–100 %.
  let volumeScale: Scale
  private let settings: SoundSettings

  init(settings: SoundSettings) {
    self.settings = settings
    volumeScale = Scale(range: 0...100, step: 5, value: settings.volume)
    for sound in EndOfTurnSound.allCases {
      let row = ActionRow(title: sound.title)
      let check = CheckButton(accessibleName: sound.title)
      if let first = choices.first?.check { check.join(first) }
      check.isChecked = sound == settings.sound
      check.align(vertical: .center)
      check.onUserChange { [weak self] checked in
        guard let self else { return }
        if checked { self.settings.choose(sound, volume: self.volumeScale.value) }
      }
      row.addPrefix(check)
      row.setActivatableWidget(check)
      let play = Button(iconName: "media-playback-start-symbolic", accessibleName: tr("Play %@", sound.title))
      play.setFlat()
      play.align(vertical: .center)
      play.onClicked { [weak self] in self?.settings.preview(sound) }
      row.addSuffix(play)
      group.add(row)
      choices.append((sound, check, play))
    }
    let volumeRow = ActionRow(title: tr("Volume"))
    volumeScale.setAccessibleLabel(tr("Volume"))
    volumeScale.setSizeRequest(width: 160)
    volumeScale.expand(horizontally: true)
    volumeRow.addSuffix(volumeScale)
    group.add(volumeRow)
    showVolume()
    volumeScale.onValueChanged { [weak self] in
      guard let self else { return }
      self.settings.choose(self.settings.sound, volume: self.volumeScale.value)
      self.showVolume()
    }
  }

  private func showVolume() {
    volumeScale.setAccessibleValueText(tr("%d %%", volumeScale.value))
  }
}
