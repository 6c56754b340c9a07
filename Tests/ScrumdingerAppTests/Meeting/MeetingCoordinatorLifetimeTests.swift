import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

/// A meeting ended leaves nothing behind: neither its coordinator nor any GTK object of its
/// page, recorded (a real GStreamer recording) or not, however many are held in a day.
final class MeetingCoordinatorLifetimeTests: XCTestCase {
  func testTwentyMeetingsStartedAndDiscardedAreFinalizedEachTime() throws {
    let scrum = DailyScrum(title: "Standup", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 5)
    let store = temporaryStore()
    XCTAssertNoThrow(try store.save([scrum]))
    MainActor.assumeIsolated {
      withRunningApp(store: store, dependencies: recordingDependencies(recording: [scrum.id])) { app in
        let window = app.mainWindow!
        app.state.navigation.value = .detail(scrumID: scrum.id)
        waitUntilPainted { window.pages.detail?.root }
        for count in 1...20 {
          let detailProbe = window.pages.detail.map { FinalizationProbe($0.root) }
          weak let detail = window.pages.detail
          XCTAssertTrue(
            window.window.activateAction(Command.window(.startMeeting).detailedName), "meeting \(count) starts")
          guard let page = window.meeting?.page else { return XCTFail("meeting \(count): no meeting page") }
          XCTAssertTrue(spin(until: { app.dependencies.recorder.isRecording.value }), "meeting \(count) is recorded")
          let probe = FinalizationProbe(page.root)
          weak let released = page
          weak let coordinator = window.meeting
          weak let session = window.meeting?.session
          _ = consume page
          XCTAssertTrue(window.window.activateAction(Command.meeting(.endMeeting).detailedName))
          window.meeting?.page.endQuestion.dialog?.respond("discard")
          // The page crossfades out, then goes.
          _ = spin(until: { window.meeting == nil && released == nil && probe.survivors.isEmpty })
          XCTAssertNil(window.meeting, "meeting \(count) ended")
          XCTAssertNil(released, "meeting \(count): its page is released")
          XCTAssertNil(coordinator, "meeting \(count): its coordinator is released")
          XCTAssertNil(session, "meeting \(count): its session is released")
          XCTAssertGreaterThan(probe.count, 30, "the probe watches the whole page")
          XCTAssertEqual(probe.survivors, [], "meeting \(count): GTK objects of its page still alive")
          if detail !== window.pages.detail {
            XCTAssertNil(detail, "meeting \(count): the detail page it replaced is released")
            XCTAssertEqual(detailProbe?.survivors, [], "meeting \(count): GTK objects of the old detail page alive")
          }
          if released != nil || !probe.survivors.isEmpty { return }
        }
      }
    }
  }
}
