import ScrumdingerCore

/// A meeting effect that records what it was told instead of playing or showing anything
/// (standing in for the chime, the notifier, keeping the screen awake), and the sound chosen.
@MainActor public final class RecordingEffect: SoundEffect {
  public var isMuted = false
  public private(set) var events: [MeetingEvent] = []
  /// Every effect's events in the order all of them heard them, when shared.
  public let journal: Journal?
  /// The sound and volume last chosen.
  public private(set) var chosen: (sound: EndOfTurnSound, volume: Int)?
  /// The sounds played to be heard before choosing.
  public private(set) var previewed: [EndOfTurnSound] = []

  /// A log shared by several effects.
  public final class Journal {
    public var entries: [String] = []
    public init() {}
  }

  /// An effect writing into `journal`, if any, under `name`.
  public init(journal: Journal? = nil, name: String = "") {
    self.journal = journal
    self.name = name
  }

  private let name: String

  public func meeting(_ session: MeetingSession, did event: MeetingEvent) {
    events.append(event)
    journal?.entries.append("\(name) \(event)")
  }

  public func use(_ sound: EndOfTurnSound, volumePercent: Int) { chosen = (sound, volumePercent) }
  public func preview(_ sound: EndOfTurnSound) { previewed.append(sound) }

  /// When each ding was due (speaker changes and time up).
  public var dingsDue: [Duration] {
    events.compactMap {
      switch $0 {
      case .speakerChanged(_, let due), .timeUp(let due): due
      default: nil
      }
    }
  }
}
