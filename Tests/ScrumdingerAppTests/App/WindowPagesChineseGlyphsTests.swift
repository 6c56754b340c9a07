import Foundation
import GtkShim
// The Chinese UI really draws: with the zh_CN catalogue loaded, every label on the list, the
// detail page, the editor and the meeting has a glyph for each of its characters (Pango
// counts the ones it found no font for: they would be empty boxes). Without a CJK font
// installed (the test packages bring fonts-wqy-zenhei) this fails.
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

final class WindowPagesChineseGlyphsTests: XCTestCase {
  func testEveryChineseCharacterOfTheMainPagesHasAGlyph() {
    setenv("LANGUAGE", "zh_CN", 1)
    setUpLocalization(localeDirectory: ResourceLocator.localeDirectory)
    defer {
      unsetenv("LANGUAGE")
      setlocale(LC_ALL, "C")  // English again for the tests after this one
    }
    let scrum = DailyScrum(
      title: "设计评审", attendees: ["安娜", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 5,
      schedule: MeetingSchedule(hour: 9, minute: 30))
    let store = temporaryStore()
    XCTAssertNoThrow(try store.save([scrum]))
    MainActor.assumeIsolated {
      withRunningApp(store: store) { app in
        let window = app.mainWindow!
        @MainActor func check(_ page: String, shows expected: String) {
          spinUntilPainted(window.window)
          let texts = window.window.shownLabelTexts
          XCTAssertTrue(texts.contains(expected), "the \(page) is not in Chinese: \(texts.prefix(12))")
          let missing = window.window.labelsMissingGlyphs
          XCTAssertTrue(missing.isEmpty, "the \(page) draws empty boxes in \(missing)")
        }
        check("list", shows: "每日站会")
        app.state.navigation.value = .detail(scrumID: scrum.id)
        check("detail page", shows: "会议信息")
        window.window.activateAction(Command.window(.startMeeting).detailedName)
        check("meeting", shows: "第 1 位发言人，共 2 位")
        picture(window, "meeting-zh_CN-glyphs.png")
      }
    }
  }
}
