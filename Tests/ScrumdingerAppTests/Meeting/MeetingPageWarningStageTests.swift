import CAdwaita
import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import ScrumdingerTestSupport
import XCTest

@testable import ScrumdingerApp

/// The background a theme's meeting panel gets from the app's CSS (its class's rule).
@MainActor private func background(of theme: Theme) throws -> RGBColor {
  let rule = ".\(ThemeStyle.cssClass(theme)) { background-color: #"
  let css = ThemeStyle.themeCSS
  let start = try XCTUnwrap(css.range(of: rule)).upperBound
  return RGBColor(hex: try XCTUnwrap(UInt32(css[start...].prefix(6), radix: 16)))
}

final class MeetingPageWarningStageTests: XCTestCase {
  /// In every theme, light and dark style alike, each stage of the warning (1:00, 0:30, 0:10)
  /// colours the footer's words and the speaker's name in a colour of its own, drawn as the
  /// CSS says, with a contrast of at least 4.5:1 against the panel; the ring's warning arc at
  /// least 3:1. The words say the stage's time.
  func testEveryStageKeepsItsContrastInEveryThemeLightAndDark() {
    MainActor.assumeIsolated {
      let clock = ManualClock()
      withRunningApp(dependencies: recordingDependencies(clock: clock)) { app in
        defer { Style.setScheme(.followSystem) }
        for scheme in [Style.Scheme.forceLight, .forceDark] {
          Style.setScheme(scheme)
          for theme in Theme.allCases {
            var scrum = DailyScrum(title: "T", attendees: [Attendee(name: "Ana")], lengthInMinutes: 2, theme: theme)
            scrum.warningStages = [WarningStage(.oneMinute), WarningStage(.thirtySeconds), WarningStage(.tenSeconds)]
            let (session, page) = meetingPage(of: scrum, in: app)
            defer { session.end(save: false) }
            let start = clock.now
            let panel = try background(of: theme)
            XCTAssertEqual(panel, theme.mainColor)
            var seen: [RGBColor] = []
            for (second, level, words) in [
              (60, WarningLevel.notice, "1 minute left for Ana"), (90, .warning, "30 seconds left for Ana"),
              (110, .final, "10 seconds left for Ana"),
            ] {
              clock.advance(by: start + .seconds(second) - clock.now)
              session.tick()
              XCTAssertEqual(page.warning.label.text, words, "\(theme) \(scheme)")
              XCTAssertEqual(page.warning.spokenName, words)
              XCTAssertEqual(page.ring.warningLevel, level)
              let drawn = page.warning.label.foregroundColor
              let colour = theme.warningColor(level)
              XCTAssertTrue(
                drawn == (Int(colour.red), Int(colour.green), Int(colour.blue)), "\(theme) \(scheme) \(level): \(drawn)"
              )
              XCTAssertTrue(page.ring.nameLabel.foregroundColor == drawn, "the name in the stage's colour too")
              XCTAssertGreaterThanOrEqual(colour.contrastRatio(with: panel), 4.5, "\(theme) \(level) text")
              XCTAssertGreaterThanOrEqual(colour.contrastRatio(with: panel), 3, "\(theme) \(level) ring")
              XCTAssertFalse(seen.contains(colour), "\(theme) \(level): the same colour as an earlier stage")
              seen.append(colour)
            }
          }
        }
      }
    }
  }

  /// Pictures of each stage in a light-panelled theme and a dark one, light and dark style
  /// (Tests/output/stage-THEME-SCHEME-LEVEL.png).
  func testPicturesOfEachStageInTwoThemesLightAndDark() {
    MainActor.assumeIsolated {
      for theme in [Theme.sky, .indigo] {
        var scrum = DailyScrum(title: "Standup", attendees: [Attendee(name: "Ana")], lengthInMinutes: 2, theme: theme)
        scrum.warningStages = [WarningStage(.oneMinute), WarningStage(.thirtySeconds), WarningStage(.tenSeconds)]
        withMeeting(of: scrum, size: (720, 760)) { _, window, meeting, clock in
          defer { Style.setScheme(.followSystem) }
          for (second, level) in [(60, WarningLevel.notice), (30, .warning), (20, .final)] {
            clock.advance(by: .seconds(second))
            meeting.session.tick()
            XCTAssertEqual(meeting.page.ring.warningLevel, level)
            for scheme in [Style.Scheme.forceLight, .forceDark] {
              Style.setScheme(scheme)
              spin(.milliseconds(500))  // restyled: the first change of style takes a few frames
              picture(window, "stage-\(theme.rawValue)-\(scheme == .forceDark ? "dark" : "light")-\(level).png")
            }
          }
        }
      }
    }
  }

  /// The editor offers a stage per time (1 minute, 30 seconds, 10 seconds before the end),
  /// each with its sound, and the meeting's own warning; what is set is saved.
  func testTheEditorSetsTheStagesTheirSoundsAndTheMeetingWarning() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let confirmed = edit(oneMinuteStandup, in: app) { sheet in
          XCTAssertEqual(sheet.warningRows.map(\.lead), [.oneMinute, .thirtySeconds, .tenSeconds])
          XCTAssertEqual(
            sheet.warningRows.map(\.warns.accessibleName),
            ["1 minute before the end", "30 seconds before the end", "10 seconds before the end"])
          XCTAssertEqual(
            sheet.warningRows.map(\.sound.accessibleName),
            ["Sound at 1 minute", "Sound at 30 seconds", "Sound at 10 seconds"])
          XCTAssertEqual(sheet.warningRows.map(\.warns.isChecked), [false, false, true], "one at 0:10 by default")
          XCTAssertEqual(
            sheet.warningRows.map(\.sound.isSensitive), [false, false, true], "a stage off has no sound to set")
          sheet.warningRows[0].warns.activate()
          sheet.warningRows[1].warns.activate()
          sheet.warningRows[1].sound.isActive = false
          XCTAssertTrue(sheet.warningRows[0].sound.isSensitive)
          XCTAssertEqual(
            sheet.meetingWarningChoices.map { $0.1.accessibleName },
            ["Off", "1 minute", "2 minutes", "5 minutes", "10 minutes"])
          sheet.meetingWarningChoices[3].1.isActive = true
        }
        XCTAssertEqual(
          confirmed?.warningStages,
          [WarningStage(.oneMinute), WarningStage(.thirtySeconds, sound: false), WarningStage(.tenSeconds)])
        XCTAssertEqual(confirmed?.meetingWarningMinutes, 5)
      }
    }
  }

  /// The meeting's warning comes once, as a toast over the ring: "5 minutes left in the
  /// meeting".
  func testTheMeetingWarningIsSaidOnceOverTheRing() {
    MainActor.assumeIsolated {
      let clock = ManualClock()
      withRunningApp(dependencies: recordingDependencies(clock: clock)) { app in
        var scrum = DailyScrum(
          title: "T", attendees: [Attendee(name: "Ana")], lengthInMinutes: 10, meetingWarningMinutes: 5)
        scrum.warningStages = []
        let (session, page) = meetingPage(of: scrum, in: app)
        defer { session.end(save: false) }
        clock.advance(by: .seconds(299))
        session.tick()
        XCTAssertEqual(toastTexts(page.toasts), [])
        clock.advance(by: .seconds(1))
        session.tick()
        XCTAssertEqual(toastTexts(page.toasts), ["5 minutes left in the meeting"])
        clock.advance(by: .seconds(1))
        session.tick()
        XCTAssertEqual(toastTexts(page.toasts), ["5 minutes left in the meeting"], "once")
      }
    }
  }
}
