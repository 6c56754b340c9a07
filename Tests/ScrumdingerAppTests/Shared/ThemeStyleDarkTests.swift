import GtkShim
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

final class ThemeStyleDarkTests: XCTestCase {
  /// In light and dark style alike, every theme's card and meeting page draw their text in
  /// the theme's accent colour (the pair whose contrast ThemeTests checks), not in
  /// libadwaita's light-on-dark default.
  func testEveryThemeKeepsItsTextColoursInDarkStyle() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        defer { Style.setScheme(.followSystem) }
        for scheme in [Style.Scheme.forceLight, .forceDark] {
          Style.setScheme(scheme)
          XCTAssertEqual(Style.isDark, scheme == .forceDark)
          for theme in Theme.allCases {
            let scrum = DailyScrum(title: "T", attendees: [Attendee(name: "Ana")], lengthInMinutes: 1, theme: theme)
            let accent = theme.accentColor
            let expected = (Int(accent.red), Int(accent.green), Int(accent.blue))
            let card = ScrumCard(scrum: scrum)
            let (session, page) = meetingPage(of: scrum, in: app)
            defer { session.end(save: false) }
            for (what, widget) in [
              ("card title", card.titleLabel as Widget), ("card count", card.attendeesLabel),
              ("meeting footer", page.speakerLabel), ("meeting seconds", page.elapsed.label),
              ("speaker name", page.ring.nameLabel), ("compact name", page.compact.nameLabel),
              ("compact time", page.compact.time.label), ("compact next", page.compact.nextLabel),
            ] {
              let color = widget.foregroundColor
              XCTAssertTrue(color == expected, "\(theme) \(scheme) \(what): \(color) instead of \(expected)")
            }
            XCTAssertGreaterThanOrEqual(theme.mainColor.contrastRatio(with: accent), 4.5)
          }
        }
      }
    }
  }
}
