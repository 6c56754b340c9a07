import CAdwaita
import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import ScrumdingerTestSupport
import XCTest

@testable import ScrumdingerApp

private let standup = DailyScrum(
  title: "Standup", attendees: ["Ana", "Ben", "Cy"].map { Attendee(name: $0) }, lengthInMinutes: 1, theme: .navy)

final class MeetingPageTests: XCTestCase {
  func testHeaderFooterAndRingFollowTheClock() {
    MainActor.assumeIsolated {
      withMeeting(of: standup) { app, window, meeting, clock in
        let page = meeting.page
        XCTAssertEqual(app.state.navigation.value, .meeting(scrumID: standup.id))
        XCTAssertEqual(page.speakerLabel.text, "Speaker 1 of 3")
        XCTAssertEqual(page.elapsed.label.text, "0:00", "always m:ss: a bare number reads as a count")
        XCTAssertEqual(page.remaining.label.text, "1:00")
        XCTAssertEqual(page.remaining.spokenName, "Remaining: 1 minute", "screen readers get words")
        XCTAssertEqual(page.elapsed.spokenName, "Elapsed: 0 seconds")
        XCTAssertEqual(page.progress.fraction, 0)
        XCTAssertEqual(page.ring.nameLabel.text, "Ana")
        XCTAssertTrue(page.root.isMapped)

        clock.advance(by: .seconds(20))
        meeting.session.tick()
        XCTAssertEqual(page.speakerLabel.text, "Speaker 2 of 3")
        XCTAssertEqual(page.elapsed.label.text, "0:20")
        XCTAssertEqual(page.remaining.label.text, "0:40")
        XCTAssertEqual(page.progress.fraction, 1.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(page.ring.nameLabel.text, "Ben")

        page.nextButton.click()
        XCTAssertEqual(page.speakerLabel.text, "Last Speaker")
        XCTAssertEqual(page.ring.nameLabel.text, "Cy")
        XCTAssertEqual(page.remaining.label.text, "0:20", "the skip moves the meeting on")
        XCTAssertEqual(page.elapsed.label.text, "0:20", "elapsed is the time really spent, as the history records")
      }
    }
  }

  func testTicksUpdateOnlyTheMeetingAndTheRingRedrawsOnlyWhenTold() {
    MainActor.assumeIsolated {
      withMeeting(of: standup) { app, window, meeting, clock in
        spinUntilPainted(meeting.page.ring.area)
        var listNotifications = 0
        let listObserver = app.state.scrums.observe { _ in listNotifications += 1 }
        let cardsBefore = window.pages.list.cards.map(\.row)
        for second in 1...5 {
          clock.advance(by: .seconds(1))
          meeting.session.tick()
          XCTAssertEqual(meeting.page.elapsed.label.text, "0:0\(second)", "each tick shows its second")
        }
        XCTAssertEqual(listNotifications, 0, "a tick notified the list")
        listObserver.cancel()
        XCTAssertTrue(window.pages.list.cards.map(\.row).elementsEqual(cardsBefore, by: ===), "the list was rebuilt")
        // Nothing changes for a while with the clock standing still: no redraws.
        spinUntilPainted(meeting.page.ring.area)  // what the ticks asked for is drawn
        let draws = meeting.page.ring.area.snapshotCount
        spin(.milliseconds(500))  // deliberate: a redraw nothing asked for would come by now
        XCTAssertEqual(meeting.page.ring.area.snapshotCount, draws)
      }
    }
  }

  func testTheEndQuestionPausesAndResumeContinues() {
    MainActor.assumeIsolated {
      withMeeting(of: standup) { _, _, meeting, clock in
        clock.advance(by: .seconds(7))
        meeting.page.endButton.click()
        XCTAssertNotNil(meeting.page.endQuestion.dialog)
        XCTAssertEqual(meeting.session.timer.phase, .paused)
        clock.advance(by: .seconds(30))
        meeting.page.endQuestion.dialog?.respond("resume")
        XCTAssertNil(meeting.page.endQuestion.dialog)
        XCTAssertEqual(meeting.session.timer.phase, .running)
        XCTAssertEqual(meeting.session.timer.elapsed, .seconds(7))
      }
    }
  }

  func testSaveAndEndRecordsTheRealTimeAndShowsItInHistory() {
    MainActor.assumeIsolated {
      withMeeting(of: standup) { app, window, meeting, clock in
        clock.advance(by: .seconds(13))
        meeting.page.endButton.click()
        meeting.page.endQuestion.dialog?.respond("save")
        XCTAssertNil(window.meeting)
        XCTAssertEqual(app.state.navigation.value, .detail(scrumID: standup.id))
        XCTAssertEqual(app.state.scrum(standup.id)?.history.map(\.durationSeconds), [13])
        XCTAssertEqual(window.pages.detail?.history.items.count, 1)
      }
    }
  }

  func testDiscardLeavesNoHistory() {
    MainActor.assumeIsolated {
      withMeeting(of: standup) { app, window, meeting, clock in
        clock.advance(by: .seconds(13))
        meeting.perform(.endMeeting)
        meeting.page.endQuestion.dialog?.respond("discard")
        XCTAssertNil(window.meeting)
        XCTAssertEqual(app.state.scrum(standup.id)?.history, [])
        XCTAssertEqual(window.pages.detail?.history.items.count, 0)
      }
    }
  }

  func testNextOnTheLastSpeakerOffersDiscardToo() {
    MainActor.assumeIsolated {
      withMeeting(of: standup) { _, _, meeting, _ in
        meeting.perform(.nextSpeaker)
        meeting.perform(.nextSpeaker)
        XCTAssertNil(meeting.page.endQuestion.dialog)
        meeting.perform(.nextSpeaker)
        XCTAssertNotNil(meeting.page.endQuestion.dialog, "next on the last speaker asks to end")
        XCTAssertEqual(meeting.session.timer.phase, .paused)
        XCTAssertEqual(meeting.page.endQuestion.dialog?.hasResponse("save"), true)
        XCTAssertEqual(meeting.page.endQuestion.dialog?.hasResponse("resume"), true)
        XCTAssertEqual(meeting.page.endQuestion.dialog?.hasResponse("discard"), true, "as End Meeting does")
        meeting.page.endQuestion.dialog?.respond("resume")
        XCTAssertEqual(meeting.session.timer.phase, .running)
      }
    }
  }

  func testTimeUpSavesHistoryAndReturnsToTheDetailPage() {
    MainActor.assumeIsolated {
      withMeeting(of: standup) { app, window, meeting, clock in
        clock.advance(by: .seconds(61))
        meeting.session.tick()
        XCTAssertNil(window.meeting)
        XCTAssertEqual(app.state.navigation.value, .detail(scrumID: standup.id))
        XCTAssertEqual(app.state.scrum(standup.id)?.history.map(\.durationSeconds), [60])
        XCTAssertEqual(window.pages.detail?.history.items.count, 1)
      }
    }
  }

  func testClosingTheWindowDuringAMeetingAsksFirst() {
    MainActor.assumeIsolated {
      withMeeting(of: standup) { _, window, meeting, clock in
        clock.advance(by: .seconds(3))
        window.window.close()
        XCTAssertTrue(window.window.isMapped, "the window closed with a meeting running")
        XCTAssertEqual(meeting.page.endQuestion.dialog?.heading, "Quit and end the meeting?")
        XCTAssertEqual(meeting.page.endQuestion.dialog?.label(of: "save"), "Save and Quit")
        XCTAssertEqual(meeting.page.endQuestion.dialog?.label(of: "discard"), "Discard and Quit")
        XCTAssertEqual(meeting.page.endQuestion.dialog?.label(of: "cancel"), "Cancel")
        XCTAssertEqual(meeting.session.timer.phase, .paused)
        meeting.page.endQuestion.dialog?.respond("cancel")
        XCTAssertTrue(window.window.isMapped)
        XCTAssertEqual(meeting.session.timer.phase, .running)
      }
    }
  }

  func testSaveAndQuitKeepsTheMeetingThenClosesTheWindow() {
    MainActor.assumeIsolated {
      withMeeting(of: standup) { app, window, meeting, clock in
        clock.advance(by: .seconds(4))
        window.window.close()
        clock.advance(by: .seconds(20))
        meeting.page.endQuestion.dialog?.respond("save")
        XCTAssertNil(window.meeting)
        XCTAssertEqual(app.state.scrum(standup.id)?.history.map(\.durationSeconds), [4], "as it ran until asked")
        // The window closes once the history entry is saved (closing waits for a save under way).
        XCTAssertTrue(spin(until: { !window.window.isMapped }), "and then the window closes")
      }
    }
  }

  /// The meeting ended while "End meeting?" was open (the app was told to stop): the dialog
  /// goes with the question, and its late answer changes nothing.
  func testAQuestionTheMeetingNoLongerAsksTakesItsDialogAway() {
    MainActor.assumeIsolated {
      withMeeting(of: standup) { app, window, meeting, clock in
        clock.advance(by: .seconds(6))
        meeting.perform(.endMeeting)
        guard let dialog = meeting.page.endQuestion.dialog else { return XCTFail("End Meeting asked nothing") }
        XCTAssertTrue(gtk_widget_get_visible(dialog.dialog) != 0)
        window.endMeetingNow()
        XCTAssertNil(meeting.page.endQuestion.dialog)
        XCTAssertFalse(gtk_widget_get_visible(dialog.dialog) != 0, "the question's dialog is closed")
        XCTAssertEqual(app.state.scrum(standup.id)?.history.map(\.durationSeconds), [6])
        XCTAssertTrue(window.window.isMapped)
      }
    }
  }

  func testAMissingSoundIsReportedOnceAndTheMeetingGoesOn() {
    MainActor.assumeIsolated {
      guard requireDisplay() else { return }
      let chime = Chime { "/nonexistent/" + $0 }
      var problems: [String] = []
      chime.onProblem = { problems.append($0) }
      chime.ring(dueAt: .zero)
      chime.ring(dueAt: .zero)
      XCTAssertEqual(problems, ["the sound file /nonexistent/ding.ogg is missing"])
    }
  }

  func testMuteSilencesAndTheButtonSaysSo() {
    MainActor.assumeIsolated {
      let sound = RecordingEffect()
      withMeeting(of: standup, sound: sound) { _, _, meeting, _ in
        XCTAssertFalse(sound.isMuted)
        meeting.page.muteButton.click()
        XCTAssertTrue(sound.isMuted)
        XCTAssertEqual(meeting.page.muteButton.tooltip, "Unmute ding")
        meeting.perform(.mute)
        XCTAssertFalse(sound.isMuted)
      }
    }
  }

  func testTheSoundEffectHearsTheMeetingButNotTheRealChime() {
    MainActor.assumeIsolated {
      let sound = RecordingEffect()
      withMeeting(of: standup, sound: sound) { _, _, meeting, clock in
        clock.advance(by: .seconds(20))
        meeting.session.tick()
        meeting.page.pauseButton.click()
        meeting.page.pauseButton.click()
        XCTAssertEqual(sound.events, [.started, .speakerChanged(to: 1, dueAt: .seconds(20)), .paused, .resumed])
      }
    }
  }
}
