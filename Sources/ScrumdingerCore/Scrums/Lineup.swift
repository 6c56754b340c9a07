// Who speaks today, and in which order: a plan for the next meeting only, kept apart from
// the scrum so marking someone absent or shuffling never edits the team. The detail page
// shows exactly this order and the meeting uses it.
import FoundationEssentials

/// The speaking order and who is absent, for a scrum's next meeting.
public struct Lineup: Equatable, Sendable {
  /// Attendee ids in speaking order (absent ones keep their place).
  public private(set) var order: [UUID]
  /// Those not here today.
  public private(set) var absent: Set<UUID> = []
  /// Whether the order is a random one (else it is the team's, and follows its edits).
  public private(set) var isShuffled: Bool

  /// Everyone here, in the scrum's order, or a random one when the scrum shuffles.
  public init(for scrum: DailyScrum, random: RandomSource) {
    let ids = scrum.attendees.map(\.id)
    isShuffled = scrum.shuffleSpeakingOrder
    order = isShuffled ? random.shuffled(ids) : ids
  }

  /// Whether attendee `id` is here today.
  public func isPresent(_ id: UUID) -> Bool { !absent.contains(id) }

  /// Marks attendee `id` here or not.
  public mutating func setPresent(_ id: UUID, _ present: Bool) {
    if present { absent.remove(id) } else { absent.insert(id) }
  }

  /// A new random order for today.
  public mutating func shuffle(using random: RandomSource) {
    order = random.shuffled(order)
    isShuffled = true
  }

  /// The scrum's attendees in today's order (absent ones included).
  public func attendees(of scrum: DailyScrum) -> [Attendee] {
    let byID = Dictionary(scrum.attendees.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    return order.compactMap { byID[$0] }
  }

  /// The names of those here, in speaking order: the meeting's speakers.
  public func speakers(of scrum: DailyScrum) -> [String] {
    attendees(of: scrum).filter { isPresent($0.id) }.map(\.name)
  }

  /// The names of those not here, in speaking order.
  public func absentees(of scrum: DailyScrum) -> [String] {
    attendees(of: scrum).filter { !isPresent($0.id) }.map(\.name)
  }

  /// Whether the scrum has attendees but none of them is here (the lineup following the
  /// scrum, as `ScrumDetailModel.lineup(for:)` gives it: every absent id is on the team).
  public func nobodyIsHere(in scrum: DailyScrum) -> Bool {
    !scrum.attendees.isEmpty && absent.count >= order.count
  }

  /// Follows an edit of the team: an unshuffled order is the team's new order; in a shuffled
  /// one, people who stay keep their place and new ones join at the end. Those removed leave;
  /// who is absent stays absent.
  public mutating func follow(_ scrum: DailyScrum) {
    let team = scrum.attendees.map(\.id)
    guard isShuffled || !absent.isEmpty else {
      order = team  // the common case, kept cheap: it runs whenever the page asks
      return
    }
    let ids = Set(team)
    if isShuffled {
      let kept = order.filter(ids.contains)
      let keptSet = Set(kept)
      order = kept + team.filter { !keptSet.contains($0) }
    } else {
      order = team
    }
    absent.formIntersection(ids)
  }
}
