// A turn can be warned in up to three stages before it ends (e.g. 1:00, 0:30, 0:10), each
// with the theme's colour for its level and, if chosen, a short sound. The file keeps the
// closest stage where earlier versions read the one warning ("turnWarningSeconds"), and the
// stages only when they say more than that ("turnWarningStages"), so a file shared with an
// earlier version still warns there, and keeps its stages here.
import FoundationEssentials

/// One stage of the warning before a turn ends.
public struct WarningStage: Equatable, Hashable, Sendable {
  /// How long before the turn's end it comes.
  public var lead: TurnWarning
  /// Whether it plays the warning sound.
  public var sound: Bool

  /// A stage `lead` before the end, with the sound unless `sound` is false.
  public init(_ lead: TurnWarning, sound: Bool = true) {
    self.lead = lead
    self.sound = sound
  }

  /// The most stages a scrum has.
  public static let maximumCount = 3

  /// `stages` as a scrum keeps them: none off, one per lead, longest lead first, at most three.
  public static func normalised(_ stages: [WarningStage]) -> [WarningStage] {
    var seen: Set<TurnWarning> = []
    let kept = stages.filter { $0.lead != .off && seen.insert($0.lead).inserted }
    return Array(kept.sorted { $0.lead.seconds > $1.lead.seconds }.prefix(maximumCount))
  }

  /// Whether `stages` are as a file may hold them: some, and as `normalised` keeps them.
  static func areKept(_ stages: [WarningStage]) -> Bool {
    !stages.isEmpty && stages == normalised(stages)
  }
}

/// How urgent a stage looks: the theme colours it by its level.
public enum WarningLevel: Int, CaseIterable, Sendable {
  /// The first of three stages.
  case notice
  /// The stage before the last.
  case warning
  /// The last stage, closest to the turn's end.
  case final

  /// The level of stage `index` of `count` (longest lead first): the last is final, the one
  /// before it warning, the one before that notice.
  public init(stage index: Int, of count: Int) {
    switch count - 1 - index {
    case 0: self = .final
    case 1: self = .warning
    default: self = .notice
    }
  }
}

extension DailyScrum {
  /// The stages of the warning before each turn ends, longest lead first (none: no warning).
  public var warningStages: [WarningStage] {
    get {
      // Stages whose closest lead is not the one warning an earlier version set are that
      // version's leftover: its choice stands.
      if let stages = turnWarningStages, stages.last?.lead == turnWarning { return stages }
      return turnWarning == .off ? [] : [WarningStage(turnWarning)]
    }
    set {
      let stages = WarningStage.normalised(newValue)
      turnWarning = stages.last?.lead ?? .off
      let plain = stages.count == 1 && stages[0].sound
      turnWarningStages = stages.isEmpty || plain ? nil : stages
    }
  }
}
