// Every effect the feature rules reach for (time, randomness, ids, sound, notifications,
// keeping the screen awake, the microphone's recorder, speech to text, the meeting's journal)
// comes through this one value, handed to the application at start, as Point-Free's SyncUps
// does: the app hands over the live ones, tests hand over controllable ones, and no rule
// reads a clock or makes an id on its own.
import FoundationEssentials
import Platform

/// A source of random numbers that can be shared by reference (so a seeded one advances).
public final class RandomSource {
  private var generator: any RandomNumberGenerator

  /// Wraps `generator` (the system's by default; a `SeededGenerator` in tests).
  public init(_ generator: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
    self.generator = generator
  }

  /// `items` in a random order.
  public func shuffled<T>(_ items: [T]) -> [T] {
    items.shuffled(using: &generator)
  }
}

/// The effects the app's rules use, injected.
@MainActor public struct Dependencies {
  /// Times meetings.
  public var clock: any MonotonicClock
  /// Arms a meeting's next tick.
  public var scheduler: any TickScheduler
  /// The wall-clock time (history dates).
  public var now: () -> Date
  /// New ids (scrums, attendees, history entries).
  public var uuid: () -> UUID
  /// Randomness (speaking order).
  public var random: RandomSource
  /// The ding: the first meeting effect.
  public var sound: any SoundEffect
  /// Desktop notifications: the second meeting effect.
  public var notifier: any MeetingEffect
  /// Keeping the screen awake during a meeting: the third meeting effect.
  public var keepAwake: any MeetingEffect
  /// Recording meetings of scrums that ask for it: the fourth meeting effect.
  public var recorder: MeetingRecorder
  /// Speech to text, for recorded meetings.
  public var speech: any SpeechEngine
  /// Writing the meeting under way down, so a crash does not lose it: the last meeting
  /// effect (none unless given).
  public var journal: (any MeetingEffect)?
  /// What tells screen readers of each moment of a meeting (none in tests that do not ask).
  public var announcer: (any MeetingEffect)?
  /// The language a new scrum's meetings start in: the user's own where Whisper hears it.
  public var localeLanguage: () -> SpeechLanguage = { SpeechLanguage.preferred(localeNames: Gettext.languageNames) }

  /// Creates the dependencies from each effect.
  public init(
    clock: any MonotonicClock, scheduler: any TickScheduler, now: @escaping () -> Date = Date.init,
    uuid: @escaping () -> UUID = UUID.init, random: RandomSource = RandomSource(),
    sound: any SoundEffect, notifier: any MeetingEffect, keepAwake: any MeetingEffect, recorder: MeetingRecorder,
    speech: any SpeechEngine
  ) {
    self.clock = clock
    self.scheduler = scheduler
    self.now = now
    self.uuid = uuid
    self.random = random
    self.sound = sound
    self.notifier = notifier
    self.keepAwake = keepAwake
    self.recorder = recorder
    self.speech = speech
  }

  /// Every meeting effect, in the order they are told of an event.
  public var meetingEffects: [any MeetingEffect] {
    [sound, notifier, keepAwake, recorder] + [announcer, journal].compactMap { $0 }
  }
}
