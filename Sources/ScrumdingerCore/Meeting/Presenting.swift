// A room puts the meeting on its TV or projector and keeps the controls on the laptop: the
// presenter view. Which monitors it may go to, which one F5 picks, and what the user is told
// when monitors come and go are rules, kept here apart from GTK so they are tested without a
// display; the app feeds in GDK's monitor list and shows what these rules decide.

/// A monitor as the app names it.
public struct MonitorInfo: Equatable, Sendable {
  /// Where it is plugged ("HDMI-1"): unique among the monitors of a display.
  public var connector: String
  /// What its maker calls it ("DELL U2720Q"), when it says.
  public var model: String?
  /// Its height in logical pixels (the presentation's texts are sized from it).
  public var height: Int

  public init(connector: String, model: String? = nil, height: Int = 1080) {
    self.connector = connector
    self.model = model
    self.height = height
  }

  /// "DELL U2720Q (HDMI-1)", or the connector alone when the model is not known.
  public var name: String {
    guard let model, !model.isEmpty else { return connector }
    return "\(model) (\(connector))"
  }
}

/// Where the meeting is presented, and what monitors coming and going mean for it.
public struct Presenting: Equatable, Sendable {
  /// Something the user is told when the monitors change.
  public enum Notice: Equatable, Sendable {
    /// The presentation's monitor went: the presentation is closed, the meeting goes on.
    case lost(MonitorInfo)
    /// A monitor came (back) while nothing is presented: it is offered.
    case offered(MonitorInfo)
  }

  /// The display's monitors, in GDK's order.
  public private(set) var monitors: [MonitorInfo]
  /// The monitor the meeting is presented on, if it is.
  public private(set) var presentingOn: MonitorInfo?

  public init(monitors: [MonitorInfo] = []) {
    self.monitors = monitors
  }

  /// The monitors the meeting can be presented on: every one but the window's (`windowOn`, a
  /// connector; nil when it is not known), and none with a single monitor.
  public func choices(windowOn: String?) -> [MonitorInfo] {
    guard monitors.count >= 2 else { return [] }
    return monitors.filter { $0.connector != windowOn }
  }

  /// Whether Present (F5) does something now: present, or stop presenting.
  public func canToggle(windowOn: String?) -> Bool {
    presentingOn != nil || !choices(windowOn: windowOn).isEmpty
  }

  /// What F5 does: stop presenting, or present on the first monitor that is not the window's
  /// (nil: nothing to present on).
  public mutating func toggle(windowOn: String?) -> MonitorInfo? {
    if presentingOn != nil {
      presentingOn = nil
      return nil
    }
    presentingOn = choices(windowOn: windowOn).first
    return presentingOn
  }

  /// Presents on the monitor plugged into `connector` (a choice of the menu); nil when no such
  /// monitor is there now (the menu was older than an unplug).
  public mutating func present(on connector: String) -> MonitorInfo? {
    guard monitors.count >= 2, let monitor = monitors.first(where: { $0.connector == connector }) else { return nil }
    presentingOn = monitor
    return monitor
  }

  /// Stops presenting (Escape in the presentation, its window closed, the meeting's end).
  public mutating func stop() {
    presentingOn = nil
  }

  /// Takes the display's monitors as they are now and says what the user should be told: the
  /// presentation's monitor gone (it stops), or a monitor come while nothing is presented and
  /// there is now another monitor to present on.
  public mutating func monitorsChanged(to now: [MonitorInfo]) -> Notice? {
    let before = monitors
    monitors = now
    if let shown = presentingOn {
      guard let still = now.first(where: { $0.connector == shown.connector }) else {
        presentingOn = nil
        return .lost(shown)
      }
      presentingOn = still
      return nil
    }
    let arrived = now.filter { monitor in !before.contains { $0.connector == monitor.connector } }
    guard now.count >= 2, let first = arrived.first else { return nil }
    return .offered(first)
  }
}
