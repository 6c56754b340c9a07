import FoundationEssentials

/// Which page the window shows.
public enum Route: Equatable, Sendable {
  case list
  case detail(scrumID: UUID)
  case meeting(scrumID: UUID)
  case history(scrumID: UUID, historyID: UUID)
}

extension Route {
  /// Whether this is the meeting page.
  public var isMeeting: Bool { if case .meeting = self { true } else { false } }

  /// Whether this is a scrum's page.
  public var isDetail: Bool { if case .detail = self { true } else { false } }

  /// Whether this is a past meeting's page.
  public var isHistory: Bool { if case .history = self { true } else { false } }

  /// The scrum the page shows, if any.
  public var scrumID: UUID? {
    switch self {
    case .list: nil
    case .detail(let id), .meeting(let id), .history(let id, _): id
    }
  }
}
