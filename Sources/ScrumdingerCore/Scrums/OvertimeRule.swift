/// What happens when a speaker's share runs out (a per-scrum setting).
public enum OvertimeRule: String, CaseIterable, Codable, Sendable {
  /// The next speaker's turn begins by itself (the meeting ends on time).
  case moveOn
  /// The speaker finishes; the overrun is shown, and Next speaker moves on. The meeting may
  /// run past its length.
  case letFinish

  /// The choice as the editor lists it.
  public var label: String {
    switch self {
    case .moveOn: tr("Move to the next speaker")
    case .letFinish: tr("Let the speaker finish")
    }
  }
}
