import CAdwaita
import Foundation
import GtkShim
// The presenter view on two real monitors: these tests run beside GNOME's compositor, mutter,
// headless with two virtual monitors (scripts/with-monitors.sh; `make test` runs them there),
// and fail, never skip, with fewer. A monitor is unplugged the way mutter sees a cable go: a
// configuration without it, applied over its DisplayConfig D-Bus interface.
import GtkTestSupport
import ScrumdingerCore
import ScrumdingerTestSupport
import XCTest

@testable import ScrumdingerApp

private let standup = DailyScrum(
  title: "Standup", attendees: ["Ana", "Ben", "Cy"].map { Attendee(name: $0) }, lengthInMinutes: 5, theme: .sky)

/// Whether any widget under `widget` (itself included) is something a click could change:
/// a button of any kind, a switch, an entry, a scale.
@MainActor private func controls(under widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
  let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
  let types = [
    gtk_button_get_type(), gtk_menu_button_get_type(), gtk_check_button_get_type(), gtk_switch_get_type(),
    gtk_text_get_type(), gtk_range_get_type(), gtk_link_button_get_type(),
  ]
  var found =
    types.contains { g_type_check_instance_is_a(instance, $0) != 0 }
    ? [String(cString: g_type_name_from_instance(instance))] : []
  var child = gtk_widget_get_first_child(widget)
  while let current = child {
    found += controls(under: current)
    child = gtk_widget_get_next_sibling(current)
  }
  return found
}

/// Mutter's monitor configuration, over D-Bus: `connectors` enabled side by side, the others
/// off (unplugged, as GDK sees it).
@MainActor private func useMonitors(_ connectors: [String], file: StaticString = #filePath, line: UInt = #line) {
  var error: UnsafeMutablePointer<GError>?
  let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error)
  defer { if let bus { g_object_unref(UnsafeMutableRawPointer(bus)) } }
  func call(_ method: String, _ parameters: OpaquePointer?) -> OpaquePointer? {
    let reply = g_dbus_connection_call_sync(
      bus, "org.gnome.Mutter.DisplayConfig", "/org/gnome/Mutter/DisplayConfig", "org.gnome.Mutter.DisplayConfig",
      method,
      parameters, nil, G_DBUS_CALL_FLAGS_NONE, -1, nil, &error)
    if let error { XCTFail("\(method): \(String(cString: error.pointee.message))", file: file, line: line) }
    return reply
  }
  guard let state = call("GetCurrentState", nil) else { return }
  defer { g_variant_unref(state) }
  let serial = g_variant_get_uint32(g_variant_get_child_value(state, 0))
  // Each monitor's connector and its first (current) mode.
  var modes: [String: (id: String, width: Int)] = [:]
  let monitors = g_variant_get_child_value(state, 1)
  for index in 0..<g_variant_n_children(monitors) {
    let monitor = g_variant_get_child_value(monitors, index)
    let connector = String(
      cString: g_variant_get_string(g_variant_get_child_value(g_variant_get_child_value(monitor, 0), 0), nil))
    let mode = g_variant_get_child_value(g_variant_get_child_value(monitor, 1), 0)
    let id = String(cString: g_variant_get_string(g_variant_get_child_value(mode, 0), nil))
    modes[connector] = (id, Int(g_variant_get_int32(g_variant_get_child_value(mode, 1))))
  }
  var x = 0
  let logical = connectors.enumerated().map { index, connector in
    defer { x += modes[connector]?.width ?? 0 }
    return "(\(x), 0, 1.0, uint32 0, \(index == 0), [('\(connector)', '\(modes[connector]?.id ?? "")', @a{sv} {})])"
  }
  let text = "(uint32 \(serial), uint32 1, [\(logical.joined(separator: ", "))], @a{sv} {})"
  guard let parameters = g_variant_parse(nil, text, nil, nil, &error) else {
    return XCTFail("\(text): \(String(cString: error!.pointee.message))", file: file, line: line)
  }
  if let reply = call("ApplyMonitorsConfig", parameters) { g_variant_unref(reply) }
}

/// Spins the main loop until `condition` holds, or a hang's limit passes: what follows asserts
/// the state it waited for (a compositor on a busy machine is slow to move a window).
@MainActor private func waitFor(_ condition: () -> Bool) { _ = spin(until: condition) }

/// Why a presenter view's test cannot run: it fails, it does not skip.
private struct MonitorsNeeded: Error, CustomStringConvertible {
  let wanted: Int
  let found: Int
  var description: String {
    "this presenter view's test needs \(wanted) monitors, found \(found): run it through scripts/with-monitors.sh"
  }
}

/// The display's monitors, the connector of the one showing `window` and the other one; the
/// test fails (never skips) without exactly two.
@MainActor private func twoMonitors(showing window: MainWindow) throws -> (Monitors, String, Monitors.Monitor) {
  let monitors = Monitors {}
  guard monitors.all.count == 2 else {
    throw MonitorsNeeded(wanted: 2, found: monitors.all.count)
  }
  waitFor { monitors.connector(of: window.window) != nil }
  let console = try XCTUnwrap(monitors.connector(of: window.window))
  return (monitors, console, try XCTUnwrap(monitors.all.first { $0.connector != console }))
}

final class PresenterViewTests: XCTestCase {
  /// With two monitors, the meeting offers "Present on" the one the console is not on; F5's
  /// command opens the room's face full screen there: the ring and who speaks, the turn's time
  /// left, "Next:", where the turn stands, "Ends at" and the recording dot, and nothing to
  /// press. The console lists "Up next" with times. Both follow Next and Pause from the
  /// console (one tick); the presentation's own window reaches the meeting's commands; Stop
  /// Presenting closes it, the meeting going on; so does Escape in the presentation.
  func testAMeetingPresentedOnTheOtherMonitor() {
    MainActor.assumeIsolated {
      withMeeting(of: standup, recorded: true) { _, window, meeting, clock in
        let (monitors, console, other) = try twoMonitors(showing: window)
        let page = meeting.page
        XCTAssertEqual(
          page.presentItems.items.map(\.label), ["Present on \(other.model ?? "") (\(other.connector))"],
          "the header menu offers the other monitor, by model and connector")
        XCTAssertTrue(window.meeting!.actions[.present]!.isEnabled, "F5 works")
        XCTAssertFalse(page.upNext.root.isVisible, "no Up next before presenting")

        XCTAssertTrue(window.window.activateAction(Command.meeting(.present).detailedName))
        let presenter = meeting.presenter
        waitFor {
          presenter.window.map {
            $0.isFullscreen && monitors.connector(of: $0) == other.connector && $0.allocatedSize.height == other.height
          }
            == true
        }
        let shown = try XCTUnwrap(presenter.window, "the presentation opened")
        let face = try XCTUnwrap(presenter.face)
        XCTAssertTrue(shown.isFullscreen)
        XCTAssertEqual(monitors.connector(of: shown), other.connector, "on the other monitor")
        XCTAssertEqual(monitors.connector(of: window.window), console, "the console stays where it was")
        XCTAssertTrue(
          shown.allocatedSize == (other.width, other.height), "it fills the monitor: \(shown.allocatedSize)")
        XCTAssertEqual(presenter.presentingOn?.connector, other.connector)

        XCTAssertEqual(face.ring.nameLabel.text, "Ana")
        XCTAssertEqual(face.ring.speakingLabel.text, "is speaking")
        XCTAssertEqual(face.turnLeft.label.text, "1:40", "a 100 s turn just begun")
        XCTAssertEqual(face.turnLeft.spokenName, "1 minute 40 seconds left for Ana")
        XCTAssertEqual(face.positionLabel.text, "Speaker 1 of 3")
        XCTAssertEqual(face.nextLabel.text, "Next: Ben")
        XCTAssertTrue(face.pace.label.text.hasPrefix("Ends at "), face.pace.label.text)
        XCTAssertTrue(face.recordingIndicator.root.isVisible, "the room sees the meeting is recorded")
        XCTAssertEqual(controls(under: shown.widget), [], "nothing in the room's view can be pressed")
        XCTAssertGreaterThanOrEqual(face.turnLeft.label.allocatedSize.height, 60, "read from across a room")
        XCTAssertGreaterThan(face.ring.area.allocatedSize.height, other.height / 2, "the ring fills the screen")

        XCTAssertTrue(page.upNext.root.isVisible, "the console lists what comes next")
        let upNext = Array(page.upNext.root.labelTexts.dropFirst())  // the rows, under "Up next"
        XCTAssertEqual(upNext.count, 2)
        XCTAssertTrue(
          upNext[0].hasPrefix("Ben at ") && upNext[0].hasSuffix(" · 1:40"), upNext[0])
        XCTAssertTrue(upNext[1].hasPrefix("Cy at "), upNext[1])
        XCTAssertEqual(page.presentItems.items.map(\.label), ["Stop Presenting"])

        // One tick moves both faces.
        clock.advance(by: .seconds(30))
        meeting.session.tick()
        XCTAssertEqual(face.turnLeft.label.text, "1:10")
        XCTAssertTrue(window.window.activateAction(Command.meeting(.nextSpeaker).detailedName))
        XCTAssertEqual(face.ring.nameLabel.text, "Ben", "Next from the console")
        XCTAssertEqual(face.positionLabel.text, "Speaker 2 of 3")
        XCTAssertEqual(face.nextLabel.text, "Next: Cy")
        XCTAssertEqual(page.upNext.root.labelTexts.dropFirst().count, 1)
        XCTAssertTrue(window.window.activateAction(Command.meeting(.pause).detailedName))
        XCTAssertTrue(face.root.hasCSSClass("paused"))
        XCTAssertTrue(face.ring.pausedLabel.isVisible, "Pause from the console")
        picture(window, "presenter-console.png")
        XCTAssertTrue(paintedPNG(shown, to: "Tests/output/presenter-presentation.png"))
        // The meeting's commands from the presentation's own window.
        XCTAssertTrue(shown.activateAction(Command.meeting(.pause).detailedName))
        XCTAssertFalse(face.root.hasCSSClass("paused"), "Resume from the presentation window")
        XCTAssertTrue(shown.activateAction(Command.meeting(.nextSpeaker).detailedName))
        XCTAssertEqual(face.ring.nameLabel.text, "Cy")
        XCTAssertEqual(face.nextLabel.text, "")
        XCTAssertFalse(face.nextLabel.isVisible)

        XCTAssertTrue(shown.activateAction(Command.meeting(.present).detailedName), "F5 again stops presenting")
        waitFor { presenter.window == nil }
        XCTAssertNil(presenter.window)
        XCTAssertNotNil(window.meeting, "the meeting goes on")
        XCTAssertFalse(page.upNext.root.isVisible)
        XCTAssertEqual(page.presentItems.items.count, 1, "offered again")

        // Presented again from the menu's choice; Escape there stops presenting, not the meeting.
        XCTAssertTrue(
          window.window.activateAction(Command.meeting(.presentOn).detailedName, parameter: other.connector))
        waitFor { presenter.window?.isFullscreen == true }
        let again = try XCTUnwrap(presenter.window)
        XCTAssertTrue(again.runShortcut("Escape"))
        waitFor { presenter.window == nil }
        XCTAssertNil(presenter.window, "Escape stopped presenting")
        XCTAssertNotNil(window.meeting, "and the meeting goes on")
        XCTAssertNil(meeting.page.endQuestion.dialog, "without asking to end it")
      }
    }
  }

  /// The presentation's monitor unplugged mid-meeting: the presentation closes, the meeting
  /// keeps its time in the console and a toast says so; F5 has nothing to do with one monitor.
  /// Plugged back, the monitor is offered again (a toast with Present, and the menu).
  func testAMonitorUnpluggedAndPluggedBack() {
    MainActor.assumeIsolated {
      withMeeting(of: standup) { _, window, meeting, clock in
        let (monitors, console, other) = try twoMonitors(showing: window)
        defer { useMonitors([console, other.connector]) }
        let presenter = meeting.presenter
        XCTAssertTrue(window.window.activateAction(Command.meeting(.present).detailedName))
        waitFor { presenter.window?.isFullscreen == true }
        clock.advance(by: .seconds(20))
        meeting.session.tick()

        useMonitors([console])
        waitFor { presenter.window == nil }
        XCTAssertNil(presenter.window, "the presentation closed with its monitor")
        XCTAssertEqual(monitors.all.count, 1)
        XCTAssertNotNil(window.meeting, "the meeting goes on")
        XCTAssertEqual(meeting.session.timer.snapshot.secondsRunning, 20, "and keeps its time")
        XCTAssertEqual(toastTexts(meeting.page.toasts), ["\(other.name) was disconnected: the meeting goes on here"])
        XCTAssertEqual(meeting.page.presentItems.items.count, 0)
        XCTAssertFalse(window.meeting!.actions[.present]!.isEnabled, "nothing to present on")
        XCTAssertFalse(meeting.page.upNext.root.isVisible)

        useMonitors([console, other.connector])
        waitFor { toastTexts(meeting.page.toasts).count == 2 && meeting.page.presentItems.items.count == 1 }
        XCTAssertEqual(meeting.page.presentItems.items.map(\.action), ["meeting.present-on::\(other.connector)"])
        XCTAssertTrue(window.meeting!.actions[.present]!.isEnabled)
        XCTAssertEqual(
          toastTexts(meeting.page.toasts), ["\(other.name) is connected", "Present"], "offered in a toast")
        XCTAssertTrue(
          window.window.activateAction(Command.meeting(.presentOn).detailedName, parameter: other.connector))
        waitFor { presenter.window.map { $0.isFullscreen && monitors.connector(of: $0) == other.connector } == true }
        XCTAssertEqual(presenter.window.flatMap { monitors.connector(of: $0) }, other.connector, "presented again")
      }
    }
  }
}

extension MonitorInfo {
  fileprivate init(_ monitor: Monitors.Monitor) {
    self.init(connector: monitor.connector, model: monitor.model, height: monitor.height)
  }
}

extension Monitors.Monitor {
  fileprivate var name: String { MonitorInfo(self).name }
}

extension PresenterViewTests {
  /// The console moved to the other monitor (here: made full screen there): the menu offers
  /// the monitor it left, and F5 presents there.
  func testTheMenuFollowsTheConsoleToAnotherMonitor() {
    MainActor.assumeIsolated {
      withMeeting(of: standup) { _, window, meeting, _ in
        let (monitors, console, other) = try twoMonitors(showing: window)
        XCTAssertEqual(meeting.page.presentItems.items.map(\.action), ["meeting.present-on::\(other.connector)"])
        XCTAssertTrue(monitors.fullscreen(window.window, on: other.connector))
        waitFor { monitors.connector(of: window.window) == other.connector }
        XCTAssertEqual(monitors.connector(of: window.window), other.connector, "the console moved")
        waitFor { meeting.page.presentItems.items.first?.action == "meeting.present-on::\(console)" }
        XCTAssertEqual(
          meeting.page.presentItems.items.map(\.action), ["meeting.present-on::\(console)"], "the monitor it left")
        XCTAssertTrue(window.window.activateAction(Command.meeting(.present).detailedName))
        waitFor { meeting.presenter.window.map { monitors.connector(of: $0) == console } == true }
        XCTAssertEqual(meeting.presenter.window.flatMap { monitors.connector(of: $0) }, console)
        window.window.isFullscreen = false
      }
    }
  }
}

/// Three monitors (`WITH_MONITORS="1280x720 1920x1080 1024x768" scripts/with-monitors.sh`;
/// `make test` runs this class there): a choice.
final class PresenterChoiceTests: XCTestCase {
  /// The menu names each monitor but the console's by model and connector; F5 takes the
  /// first; choosing the other moves the presentation there.
  func testThreeMonitorsOfferAChoiceNamedByModelAndConnector() {
    MainActor.assumeIsolated {
      withMeeting(of: standup) { _, window, meeting, _ in
        let monitors = Monitors {}
        guard monitors.all.count == 3 else { throw MonitorsNeeded(wanted: 3, found: monitors.all.count) }
        waitFor { monitors.connector(of: window.window) != nil }
        let console = try XCTUnwrap(monitors.connector(of: window.window))
        let others = monitors.all.filter { $0.connector != console }
        XCTAssertEqual(
          meeting.page.presentItems.items.map(\.label), others.map { "Present on MetaVirtualMonitor (\($0.connector))" }
        )
        XCTAssertEqual(
          meeting.page.presentItems.items.map(\.action), others.map { "meeting.present-on::\($0.connector)" })
        let presenter = meeting.presenter
        XCTAssertTrue(window.window.activateAction(Command.meeting(.present).detailedName))
        waitFor {
          presenter.window.map { monitors.connector(of: $0) == others[0].connector && $0.isFullscreen } == true
        }
        XCTAssertEqual(presenter.window.flatMap { monitors.connector(of: $0) }, others[0].connector, "F5: the first")
        XCTAssertTrue(
          window.window.activateAction(Command.meeting(.presentOn).detailedName, parameter: others[1].connector))
        waitFor {
          presenter.window.map { monitors.connector(of: $0) == others[1].connector && $0.isFullscreen } == true
        }
        XCTAssertEqual(
          presenter.window.flatMap { monitors.connector(of: $0) }, others[1].connector, "moved to the choice")
        let size = try XCTUnwrap(presenter.window).allocatedSize
        XCTAssertTrue(size == (others[1].width, others[1].height), "it fills the chosen monitor: \(size)")
        XCTAssertEqual(presenter.face?.turnLeft.label.text, "1:40")
      }
    }
  }
}
