import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

/// The presenter view's rules: which monitors it offers, what F5 does, what plugging a monitor
/// in or out means.
@MainActor @Suite struct PresentingTests {
  let laptop = MonitorInfo(connector: "eDP-1", model: "0x0bca", height: 1200)
  let tv = MonitorInfo(connector: "HDMI-1", model: "LG TV SSCR2", height: 2160)
  let projector = MonitorInfo(connector: "DP-2", height: 768)

  @Test func oneMonitorOffersNothingAndTwoOfferTheOther() {
    var presenting = Presenting(monitors: [laptop])
    #expect(presenting.choices(windowOn: "eDP-1") == [])
    #expect(!presenting.canToggle(windowOn: "eDP-1"))
    #expect(presenting.toggle(windowOn: "eDP-1") == nil, "F5 with one monitor does nothing")
    #expect(presenting.present(on: "eDP-1") == nil, "not on the only monitor, the console's")
    presenting = Presenting(monitors: [laptop, tv])
    #expect(presenting.choices(windowOn: "eDP-1") == [tv])
    #expect(presenting.choices(windowOn: "HDMI-1") == [laptop], "whichever the console is on")
    #expect(tv.name == "LG TV SSCR2 (HDMI-1)")
    #expect(projector.name == "DP-2", "no model: the connector alone")
  }

  @Test func f5PresentsOnTheFirstOtherMonitorAndThenStops() {
    var presenting = Presenting(monitors: [tv, laptop, projector])
    #expect(presenting.choices(windowOn: "eDP-1") == [tv, projector], "three monitors: a choice")
    #expect(presenting.toggle(windowOn: "HDMI-1") == laptop)
    #expect(presenting.presentingOn == laptop)
    #expect(presenting.canToggle(windowOn: "HDMI-1"))
    #expect(presenting.toggle(windowOn: "HDMI-1") == nil)
    #expect(presenting.presentingOn == nil, "F5 again stops")
    #expect(presenting.present(on: "DP-2") == projector, "a choice of the menu")
    #expect(presenting.present(on: "DP-9") == nil, "a monitor unplugged since the menu was made")
    presenting.stop()
    #expect(presenting.presentingOn == nil)
  }

  @Test func thePresentationsMonitorUnpluggedStopsItAndPluggingBackOffersIt() {
    var presenting = Presenting(monitors: [laptop, tv])
    _ = presenting.present(on: "HDMI-1")
    #expect(
      presenting.monitorsChanged(to: [laptop, tv, projector]) == nil, "another monitor while presenting: nothing")
    #expect(presenting.monitorsChanged(to: [laptop, tv]) == nil, "another monitor going: nothing")
    #expect(presenting.presentingOn == tv)
    #expect(presenting.monitorsChanged(to: [laptop]) == .lost(tv))
    #expect(presenting.presentingOn == nil)
    #expect(presenting.choices(windowOn: "eDP-1") == [])
    #expect(presenting.monitorsChanged(to: [laptop, tv]) == .offered(tv))
    #expect(presenting.choices(windowOn: "eDP-1") == [tv])
    #expect(presenting.monitorsChanged(to: [laptop, tv]) == nil, "the same monitors again: nothing new")
  }

  @Test func aMonitorThatChangesItsSizeStaysPresented() {
    var presenting = Presenting(monitors: [laptop, tv])
    _ = presenting.present(on: "HDMI-1")
    var smaller = tv
    smaller.height = 1080
    #expect(presenting.monitorsChanged(to: [laptop, smaller]) == nil)
    #expect(presenting.presentingOn?.height == 1080, "its texts follow the new size")
  }
}
