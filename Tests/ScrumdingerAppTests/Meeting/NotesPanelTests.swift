import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

private let standup = DailyScrum(
  title: "Standup", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 2, theme: .navy)

final class NotesPanelTests: XCTestCase {
  /// At GNOME's phone width: the panel opens under the ring, each Enter adds a line stamped
  /// with the speaker, and the notes are saved with the meeting.
  func testNotesAreTakenOnA360PixelMeetingPageAndSavedWithTheMeeting() {
    MainActor.assumeIsolated {
      withMeeting(of: standup, size: (360, 640)) { app, window, meeting, clock in
        let page = meeting.page
        XCTAssertEqual(page.notes.button.accessibleName, "Notes")
        XCTAssertEqual(page.notes.entry.accessibleName, "Add a note")
        XCTAssertFalse(page.notes.isOpen)
        XCTAssertTrue(window.window.activateAction(Command.meeting(.takeNote).detailedName), "T opens the notes")
        _ = spin(until: { page.notes.isOpen && page.notes.entry.containsFocus })
        XCTAssertTrue(page.notes.isOpen)
        XCTAssertTrue(page.notes.entry.containsFocus, "typing starts at once")

        clock.advance(by: .seconds(7))
        meeting.session.tick()
        page.notes.entry.text = "blocked on the review"
        page.notes.entry.activate()
        XCTAssertEqual(page.notes.entry.text, "", "the entry is ready for the next line")
        meeting.perform(.nextSpeaker)
        page.notes.entry.text = "demo Friday"
        page.notes.entry.activate()
        _ = spin(until: { page.notes.list.children.count == 2 })
        XCTAssertEqual(page.notes.list.children.count, 2)
        XCTAssertEqual(meeting.session.notes.value.map(\.line), ["Ana · blocked on the review", "Ben · demo Friday"])
        let first = page.notes.list.children[0] as! EntryRow
        XCTAssertEqual(first.accessibleName, "Ana · 0:07")
        XCTAssertEqual(first.text, "blocked on the review")
        assertFits(page.root, "meeting page with its notes", in: window)
        assertFits(page.notes.revealer, "notes panel", in: window)
        window.window.writePNG(to: "Tests/output/notes-360x640.png")

        // Edited in place until the end; Enter keeps the change.
        first.text = "review done"
        first.activate()
        XCTAssertEqual(meeting.session.notes.value.first?.text, "review done")
        XCTAssertEqual(page.notes.list.children.count, 2, "an edit rebuilds nothing")

        meeting.session.end(save: true)
        XCTAssertEqual(
          app.state.scrum(standup.id)?.history.last?.notes.map(\.line), ["Ana · review done", "Ben · demo Friday"])
      }
    }
  }

  /// While a note is typed, Space, N, M, T and Escape type into it; outside it they are the
  /// meeting's again, and the buttons work all along.
  func testTheMeetingsKeysTypeIntoTheNoteOnlyWhileItHasFocus() {
    MainActor.assumeIsolated {
      withMeeting(of: standup) { app, window, meeting, _ in
        let page = meeting.page
        XCTAssertEqual(app.application.actions(forAccelerator: "space"), [Command.meeting(.pause).detailedName])
        window.window.activateAction(Command.meeting(.takeNote).detailedName)
        _ = spin(until: { page.notes.entry.containsFocus })
        XCTAssertTrue(page.notes.entry.containsFocus)
        for key in ["space", "n", "Page_Down", "Escape", "m", "t", "Right"] {
          XCTAssertEqual(app.application.actions(forAccelerator: key), [], "\(key) goes to the note")
        }
        XCTAssertEqual(app.application.actions(forAccelerator: "F11"), [Command.meeting(.fullscreen).detailedName])
        XCTAssertTrue(page.nextButton.isSensitive, "Next speaker still works by mouse")
        XCTAssertTrue(page.pauseButton.isSensitive)

        XCTAssertTrue(page.notes.button.grabFocus())
        _ = spin(until: { app.application.actions(forAccelerator: "space") == [Command.meeting(.pause).detailedName] })
        XCTAssertEqual(app.application.actions(forAccelerator: "space"), [Command.meeting(.pause).detailedName])
        XCTAssertEqual(
          app.application.actions(forAccelerator: "Page_Down"), [Command.meeting(.nextSpeaker).detailedName])
        XCTAssertEqual(app.application.actions(forAccelerator: "t"), [Command.meeting(.takeNote).detailedName])
        window.window.activateAction(Command.meeting(.takeNote).detailedName)
        _ = spin(until: { page.notes.entry.containsFocus })
        XCTAssertTrue(page.notes.isOpen)
        XCTAssertTrue(page.notes.entry.containsFocus, "T goes back to typing")
        page.notes.button.isActive = false
        XCTAssertFalse(page.notes.isOpen, "the Notes button closes them")
        XCTAssertFalse(page.notes.entry.containsFocus)

        // A meeting that ends while a note is typed gives the keys back.
        window.window.activateAction(Command.meeting(.takeNote).detailedName)
        _ = spin(until: { app.application.actions(forAccelerator: "space").isEmpty })
        XCTAssertEqual(app.application.actions(forAccelerator: "space"), [])
        meeting.session.end(save: false)
        XCTAssertEqual(app.application.actions(forAccelerator: "space"), [Command.meeting(.pause).detailedName])
      }
    }
  }
}
