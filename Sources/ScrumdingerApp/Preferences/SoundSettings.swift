// The end-of-turn sound and its volume are kept in GSettings (keys end-of-turn-sound and
// sound-volume). This reads them once at start and hands them to the meeting's sound; a
// change in Preferences is written back and handed on at once, so the chime never reads
// settings itself and tests give it a recording sound instead.
import GtkShim
import Platform
import ScrumdingerCore

/// The chosen sound and volume, kept and applied.
@MainActor final class SoundSettings {
  private let settings: Settings?
  private let effect: any SoundEffect
  /// The end-of-turn sound.
  private(set) var sound: EndOfTurnSound
  /// The volume, 0…100 %.
  private(set) var volume: Int

  /// Applies what `settings` keep (the ding at full volume without a schema) to `effect`.
  init(settings: Settings?, effect: any SoundEffect) {
    self.settings = settings
    self.effect = effect
    sound = settings.flatMap { EndOfTurnSound(rawValue: $0.string("end-of-turn-sound")) } ?? .ding
    volume = settings.flatMap { $0.has("sound-volume") ? min(max($0.int("sound-volume"), 0), 100) : nil } ?? 100
    effect.use(sound, volumePercent: volume)
  }

  /// Chooses `sound` and `volume`, keeps them and applies them.
  func choose(_ sound: EndOfTurnSound, volume: Int) {
    self.sound = sound
    self.volume = min(max(volume, 0), 100)
    settings?.set("end-of-turn-sound", sound.rawValue)
    settings?.set("sound-volume", self.volume)
    effect.use(sound, volumePercent: self.volume)
  }

  /// Plays `sound` once at the chosen volume.
  func preview(_ sound: EndOfTurnSound) { effect.preview(sound) }
}
