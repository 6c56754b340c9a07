/// How long before a turn ends its speaker is warned (a per-scrum setting).
public enum TurnWarning: Int, CaseIterable, Codable, Sendable {
  case off = 0
  case tenSeconds = 10
  case thirtySeconds = 30
  case oneMinute = 60

  /// The setting's default: ten seconds.
  public static let standard = TurnWarning.tenSeconds

  /// The warning's lead in seconds (0: none).
  public var seconds: Int { rawValue }

  /// The choice as the editor lists it.
  public var label: String {
    switch self {
    case .off: tr("Off")
    case .tenSeconds: tr("10 seconds")
    case .thirtySeconds: tr("30 seconds")
    case .oneMinute: tr("1 minute")
    }
  }
}
