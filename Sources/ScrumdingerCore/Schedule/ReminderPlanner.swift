// The reminders of scheduled scrums, as rules over an injected wall clock: before each start a
// notification "TITLE starts in 5 minutes", at the start "TITLE is starting" in its place, both
// taken back 15 minutes after the start or when the meeting starts. One timer is armed for the
// next moment anything changes (no polling); whenever it fires late (the computer slept), the
// rules look at the time it is now, so a reminder whose start has passed is not shown late,
// and a start less than 15 minutes ago still is. Scrums edited, a time-zone change or a clock
// set: plan again.
import FoundationEssentials

/// Runs an action once at a wall-clock instant, even across a suspend (a CLOCK_REALTIME
/// timer in the app, a fake in tests).
@MainActor public protocol WallTimer: AnyObject {
  /// Arms the timer for `instant` (replacing any armed one).
  func arm(at instant: Date, _ action: @escaping @MainActor () -> Void)
  /// Disarms it.
  func cancel()
}

/// Shows and takes back the reminders (desktop notifications in the app).
@MainActor public protocol ReminderNotices: AnyObject {
  /// Shows `notice` for its scrum, replacing the scrum's last one.
  func show(_ notice: ReminderPlanner.Notice)
  /// Takes back the scrum's notice.
  func withdraw(scrumID: UUID)
}

/// Plans and shows the reminders of every scheduled scrum.
@MainActor public final class ReminderPlanner {
  /// What a notification says of a scrum's coming meeting.
  public struct Notice: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
      /// "TITLE starts in N minutes".
      case reminder(minutes: Int)
      /// "TITLE is starting".
      case starting
    }

    public let scrumID: UUID
    public let title: String
    public let kind: Kind
    /// The start it is about.
    public let start: Date

    /// The notification's title.
    public var heading: String {
      switch kind {
      case .reminder(let minutes):
        trn("%@ starts in %d minute", "%@ starts in %d minutes", minutes, Texts.shown(title), minutes)
      case .starting: tr("%@ is starting", Texts.shown(title))
      }
    }
  }

  /// How long after its start a meeting's notice stays.
  public static let lateness: TimeInterval = 15 * 60

  private let state: AppState
  private let now: () -> Date
  private let timeZone: () -> String?
  private let timer: any WallTimer
  private let notices: any ReminderNotices
  /// The notice on show for each scrum.
  private var shown: [UUID: Notice] = [:]
  /// The start whose meeting has begun, for each scrum: nothing more is said of it.
  private var met: [UUID: Date] = [:]
  private var observation: ObservationToken?
  /// Called after each planning (time has moved on: "Next: …" texts may say otherwise).
  public var onPlan: (@MainActor () -> Void)?

  /// Plans the reminders of `state`'s scrums now and whenever they change.
  public init(
    state: AppState, now: @escaping () -> Date, timeZone: @escaping () -> String? = { nil }, timer: any WallTimer,
    notices: any ReminderNotices
  ) {
    self.state = state
    self.now = now
    self.timeZone = timeZone
    self.timer = timer
    self.notices = notices
    observation = state.scrums.observe { [weak self] _ in self?.plan() }
    plan()
  }

  /// Whether scrum `id`'s reminder is on show now: from its lead before the start until 15
  /// minutes after it, unless its meeting has begun. A Start Meeting from elsewhere (a
  /// notification's button, any process on the session bus) starts a meeting only then.
  public func isReminding(_ id: UUID) -> Bool { shown[id] != nil }

  /// Whether any scrum meets on a schedule.
  public var hasSchedules: Bool { state.scrums.value.contains { $0.schedule?.days.isEmpty == false } }

  /// The meeting of scrum `id` began: its notice goes, and nothing more is said of this start.
  public func meetingStarted(scrumID id: UUID) {
    if let start = currentStart(of: id) { met[id] = start }
    if shown.removeValue(forKey: id) != nil { notices.withdraw(scrumID: id) }
    plan()
  }

  /// Looks at the time it is now: shows, replaces or takes back notices, and arms the timer
  /// for the next change.
  public func plan() {
    timer.cancel()
    let now = now()
    var earliest: Date?
    func wake(at instant: Date) { earliest = min(earliest ?? instant, instant) }
    var scheduled = Set<UUID>()
    for scrum in state.scrums.value {
      guard let schedule = scrum.schedule,
        let start = schedule.nextStart(after: now.addingTimeInterval(-Self.lateness), timeZone: timeZone())
      else { continue }
      scheduled.insert(scrum.id)
      let lead = TimeInterval(schedule.reminderMinutes * 60)
      let notice: Notice?
      if met[scrum.id] == start || now < start.addingTimeInterval(-lead) {
        notice = nil
        wake(at: met[scrum.id] == start ? start.addingTimeInterval(Self.lateness) : start.addingTimeInterval(-lead))
      } else if now < start {
        let minutes = Int((start.timeIntervalSince(now) / 60).rounded(.up))
        notice = Notice(scrumID: scrum.id, title: scrum.title, kind: .reminder(minutes: max(1, minutes)), start: start)
        wake(at: start)
      } else {
        notice = Notice(scrumID: scrum.id, title: scrum.title, kind: .starting, start: start)
        wake(at: start.addingTimeInterval(Self.lateness))
      }
      if let notice {
        // A reminder is shown once (its minutes are not counted down); "is starting" replaces it.
        if shown[scrum.id]?.start != start || (shown[scrum.id]?.kind != notice.kind && notice.kind == .starting) {
          shown[scrum.id] = notice
          notices.show(notice)
        }
      } else if shown.removeValue(forKey: scrum.id) != nil {
        notices.withdraw(scrumID: scrum.id)
      }
    }
    for id in shown.keys where !scheduled.contains(id) {  // no schedule any more
      shown[id] = nil
      notices.withdraw(scrumID: id)
    }
    if let earliest { timer.arm(at: earliest) { [weak self] in self?.plan() } }
    onPlan?()
  }

  /// The start scrum `id`'s notices are about now (from its reminder to 15 minutes after it).
  private func currentStart(of id: UUID) -> Date? {
    guard let schedule = state.scrum(id)?.schedule else { return nil }
    let now = now()
    guard let start = schedule.nextStart(after: now.addingTimeInterval(-Self.lateness), timeZone: timeZone()) else {
      return nil
    }
    return now >= start.addingTimeInterval(-TimeInterval(schedule.reminderMinutes * 60)) ? start : nil
  }
}
