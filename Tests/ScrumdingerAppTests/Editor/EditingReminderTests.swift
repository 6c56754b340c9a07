import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

/// A reminder's Start Meeting never closes an editor with changes without asking; an editor
/// with none gives way at once.
final class EditingReminderTests: XCTestCase {
  func testAReminderStartLeavesAnEditorWithChangesOnlyWhenAsked() {
    let standup = DailyScrum(title: "Standup", attendees: [Attendee(name: "Ana")], lengthInMinutes: 5)
    MainActor.assumeIsolated {
      withRunningApp { app in
        let window = app.mainWindow!
        openDetailPage(of: standup, in: app)
        XCTAssertTrue(window.window.activateAction(Command.window(.edit).detailedName))
        guard let sheet = window.editing.sheet else { return XCTFail("no editor") }
        sheet.titleRow.text = "Standup, renamed"
        XCTAssertTrue(sheet.hasChanges)

        window.startScheduledMeeting(standup.id)
        guard let question = window.editing.leaveQuestion else { return XCTFail("nothing asked") }
        XCTAssertEqual(question.heading, "Start the meeting of “Standup”?")
        XCTAssertEqual(question.label(of: "keep"), "Keep Editing")
        question.respond("keep")
        spin(.milliseconds(100))  // deliberate: a meeting the answer started would be here by now
        XCTAssertNil(window.meeting, "no meeting")
        XCTAssertTrue(window.editing.sheet === sheet && sheet.window.isMapped, "the editor stays, with its changes")
        XCTAssertEqual(sheet.titleRow.text, "Standup, renamed")

        window.startScheduledMeeting(standup.id)
        window.editing.leaveQuestion?.respond("discard")
        _ = spin(until: { window.meeting != nil && !sheet.window.isMapped })
        XCTAssertNotNil(window.meeting, "the meeting started")
        XCTAssertFalse(sheet.window.isMapped, "the editor closed")
        XCTAssertEqual(app.state.scrum(standup.id)?.title, "Standup", "its changes were not applied")
        window.meeting?.session.end(save: false)

        XCTAssertTrue(window.window.activateAction(Command.window(.edit).detailedName))
        window.startScheduledMeeting(standup.id)
        XCTAssertNil(window.editing.leaveQuestion, "an editor with no changes is not asked about")
        XCTAssertNotNil(window.meeting)
        window.meeting?.session.end(save: false)
      }
    }
  }
}
