import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

final class ScheduleEditorTests: XCTestCase {
  /// Off by default; switched on, Monday to Friday at 9:30 with a 5-minute reminder; the days
  /// are one Tab stop that Left and Right move round the week; what is set is saved.
  func testTheScheduleGroupIsOneTabStopForTheDaysAndSavesWhatIsSet() {
    let scrum = DailyScrum(title: "Team", attendees: [Attendee(name: "Ana")])
    MainActor.assumeIsolated {
      withRunningApp { app in
        let saved = edit(scrum, in: app) { sheet in
          let schedule = sheet.schedule!
          XCTAssertFalse(schedule.scheduledSwitch.isOn, "off by default")
          XCTAssertNil(sheet.draft.schedule)
          schedule.scheduledSwitch.isOn = true
          XCTAssertEqual(sheet.draft.schedule, MeetingSchedule(), "Mon–Fri 9:30, 5 minutes before")
          XCTAssertEqual(
            schedule.dayToggles.filter(\.toggle.isActive).map(\.day), Array(MeetingSchedule.workingDays).sorted())
          XCTAssertEqual(
            schedule.dayToggles.map(\.toggle.accessibleName),
            ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
          XCTAssertEqual(schedule.dayToggles.filter(\.toggle.isFocusable).map(\.day), [.monday], "one Tab stop")
          schedule.moveFocus(from: 0, by: -1)  // Left from Monday: round to Sunday
          XCTAssertEqual(schedule.dayToggles.filter(\.toggle.isFocusable).map(\.day), [.sunday])
          schedule.moveFocus(from: 6, by: 1)  // Right from Sunday: Monday again
          XCTAssertEqual(schedule.dayToggles.filter(\.toggle.isFocusable).map(\.day), [.monday])
          schedule.dayToggles[5].toggle.isActive = true  // Saturday on
          schedule.dayToggles[0].toggle.isActive = false  // Monday off
          schedule.hourField.value = 14
          schedule.minuteField.value = 5
          schedule.reminderChoices.first { $0.minutes == 10 }?.toggle.isActive = true
          spinUntilPainted(schedule.group)  // laid out, so the group has a place to scroll to
          sheet.scroller.scrollToShow(schedule.group)
          spinUntilPainted(sheet.window)  // scrolled, for the picture
          XCTAssertTrue(sheet.window.writePNG(to: "Tests/output/editor-schedule.png"))
        }
        XCTAssertEqual(
          saved?.schedule,
          MeetingSchedule(
            days: [.tuesday, .wednesday, .thursday, .friday, .saturday], hour: 14, minute: 5, reminderMinutes: 10))
      }
    }
  }
}
