/// The sound played when a turn ends (Preferences offers them; GSettings keeps the choice).
public enum EndOfTurnSound: String, CaseIterable, Sendable {
  case ding, bell, chime
  case woodBlock = "wood-block"

  /// The name Preferences shows.
  public var title: String {
    switch self {
    case .ding: tr("Ding")
    case .bell: tr("Bell")
    case .chime: tr("Chime")
    case .woodBlock: tr("Wood block")
    }
  }

  /// Its file among the app's resources.
  public var fileName: String { rawValue + ".ogg" }

  /// The playback gain for a volume of `percent` (0…100): cubic, as desktop volume sliders
  /// are, so the slider's middle sounds half as loud rather than barely quieter.
  public static func gain(percent: Int) -> Double {
    let fraction = Double(min(max(percent, 0), 100)) / 100
    return fraction * fraction * fraction
  }
}
