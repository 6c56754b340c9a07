import Foundation
import GtkShim
@testable import ScrumdingerApp
import ScrumdingerCore
import XCTest
import ScrumdingerTestSupport

private let team = ["Ana", "Ben", "Cy"].map { Attendee(name: $0) }
private let standup = DailyScrum(title: "Standup", attendees: team, lengthInMinutes: 1)

final class LineupPageTests: XCTestCase {
  /// Unchecking "Ben is here" leaves him out of the next meeting only; the time is shared
  /// among those here; after the meeting everyone is checked again.
  func testWhoIsHereShapesTheNextMeetingOnly() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let window = app.mainWindow!
        let rows = openDetailPage(of: standup, in: app).attendees.madeRows
        XCTAssertEqual(rows.map(\.row.title), ["Ana", "Ben", "Cy"])
        XCTAssertTrue(rows.allSatisfy(\.here.isChecked), "everyone is here by default")
        let ben = rows[1]
        ben.here.isChecked = false
        ben.onChange?(team[1].id, false)  // as the user's click reports it
        window.detailPage!.startButton.click()
        let meeting = window.meeting!
        XCTAssertEqual(meeting.session.timer.schedule.turns.map(\.name), ["Ana", "Cy"])
        XCTAssertEqual(meeting.session.timer.schedule.turns.map(\.seconds), [30, 30])
        XCTAssertEqual(meeting.page.speakerLabel.text, "Speaker 1 of 2")
        XCTAssertEqual(meeting.page.nextLabel.text, "Next: Cy")
        meeting.nextSpeaker()
        XCTAssertEqual(meeting.page.nextLabel.text, "", "nothing after the last speaker")
        XCTAssertFalse(meeting.page.nextLabel.isVisible)
        meeting.session.end(save: true)
        XCTAssertEqual(app.state.scrum(standup.id)?.attendees, team, "the team was edited")
        XCTAssertEqual(app.state.scrum(standup.id)?.history.first?.attendees, ["Ana", "Cy"])
        XCTAssertTrue(window.detailPage!.attendees.madeRows.allSatisfy(\.here.isChecked), "checks not reset")
      }
    }
  }

  func testNobodyHereGreysStartMeetingAndSaysWhy() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let window = app.mainWindow!
        let detail = openDetailPage(of: standup, in: app)
        XCTAssertFalse(detail.nobodyHereLabel.isVisible)
        for person in team { window.model.setPresent(false, attendee: person.id, in: standup.id) }
        XCTAssertFalse(detail.startButton.isSensitive)
        XCTAssertTrue(detail.nobodyHereLabel.isMapped, "no reason shown")
        XCTAssertFalse(detail.attendees.madeRows.contains { $0.here.isChecked })
        XCTAssertEqual(detail.attendees.madeRows.map { $0.here.accessibleName }, ["Ana is here", "Ben is here", "Cy is here"])
        window.model.setPresent(true, attendee: team[0].id, in: standup.id)
        XCTAssertTrue(detail.startButton.isSensitive)
        XCTAssertFalse(detail.nobodyHereLabel.isVisible)
      }
    }
  }

  func testShuffleReordersTodayAndTheMeetingFollows() {
    MainActor.assumeIsolated {
      let six = (1...6).map { Attendee(name: "P\($0)") }
      let scrum = DailyScrum(title: "Six", attendees: six, lengthInMinutes: 1)
      withRunningApp { app in
        let window = app.mainWindow!
        let detail = openDetailPage(of: scrum, in: app)
        var order = detail.attendees.madeRows.sorted { $0.row.title < $1.row.title }.map(\.row.title)
        for _ in 0..<5 where order == six.map(\.name) {
          detail.shuffleButton.click()
          order = window.model.lineup(for: scrum).attendees(of: scrum).map(\.name)
        }
        XCTAssertNotEqual(order, six.map(\.name), "five shuffles kept the team's order")
        XCTAssertEqual(detail.attendees.items, window.model.lineup(for: scrum).order, "the page shows another order")
        detail.startButton.click()
        XCTAssertEqual(window.meeting?.session.timer.schedule.turns.map(\.name), order)
        window.meeting?.session.end(save: false)
      }
    }
  }

  func testTheEditorSavesTheShuffleSetting() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let confirmed = edit(standup, in: app) { sheet in
          XCTAssertFalse(sheet.shuffleSwitch.isOn)
          sheet.shuffleSwitch.isOn = true
        }
        XCTAssertEqual(confirmed?.shuffleSpeakingOrder, true)
      }
    }
  }
}

final class TurnWarningPageTests: XCTestCase {
  func testTheLastSecondsOfATurnAreMarkedAndAnnounced() {
    MainActor.assumeIsolated {
      let clock = ManualClock()
      let sound = RecordingEffect()
      withRunningApp(dependencies: recordingDependencies(clock: clock, sound: sound)) { app in
        let window = app.mainWindow!
        openDetailPage(of: standup, in: app).startButton.click()
        let meeting = window.meeting!
        let page = meeting.page
        XCTAssertFalse(page.warning.root.isVisible)
        clock.advance(by: .seconds(10))
        meeting.session.tick()
        XCTAssertTrue(page.warning.root.isMapped)
        XCTAssertEqual(page.warning.label.text, "10 seconds left for Ana")
        XCTAssertEqual(page.warning.spokenName, "10 seconds left for Ana")
        XCTAssertTrue(page.ring.nameLabel.hasCSSClass("meeting-warning"))
        XCTAssertTrue(page.ring.showsWarning)
        let warn = standup.theme.warningColor
        XCTAssertTrue(page.ring.nameLabel.foregroundColor == (Int(warn.red), Int(warn.green), Int(warn.blue)))
        XCTAssertEqual(sound.events.last, .turnWarning(turn: 0, dueAt: .seconds(10)), "no soft sound asked for")
        clock.advance(by: .seconds(10))
        meeting.session.tick()
        XCTAssertFalse(page.warning.root.isVisible, "the warning outlived Ana's turn")
        XCTAssertFalse(page.ring.nameLabel.hasCSSClass("meeting-warning"))
        XCTAssertFalse(page.ring.showsWarning)
        meeting.session.end(save: false)
      }
    }
  }

  func testTheEditorSavesTheWarningChoice() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let confirmed = edit(standup, in: app) { sheet in
          XCTAssertEqual(sheet.warningChoices.filter { $0.1.isActive }.map(\.0), [.tenSeconds], "10 seconds by default")
          XCTAssertEqual(sheet.warningChoices.map { $0.1.accessibleName }, ["Off", "10 seconds", "30 seconds", "1 minute"])
          sheet.warningChoices[3].1.isActive = true
          XCTAssertEqual(sheet.warningChoices.filter { $0.1.isActive }.map(\.0), [.oneMinute], "one choice at a time")
        }
        XCTAssertEqual(confirmed?.turnWarning, .oneMinute)
      }
    }
  }
}

final class OvertimePageTests: XCTestCase {
  func testLetTheSpeakerFinishShowsTheOverrunAndTheMeetingsOvertime() {
    MainActor.assumeIsolated {
      let clock = ManualClock()
      var pair = DailyScrum(title: "Pair", attendees: ["Ana", "Ben"].map { Attendee(name: $0) }, lengthInMinutes: 1)
      pair.overtime = .letFinish
      withRunningApp(dependencies: recordingDependencies(clock: clock)) { app in
        let window = app.mainWindow!
        openDetailPage(of: pair, in: app).startButton.click()
        let meeting = window.meeting!
        let page = meeting.page
        clock.advance(by: .seconds(42))
        meeting.session.tick()
        XCTAssertEqual(page.warning.label.text, "Ana is over by 0:12")
        XCTAssertEqual(page.warning.spokenName, "Ana is over by 12 seconds", "screen readers get words")
        XCTAssertTrue(page.ring.showsOverrun)
        XCTAssertEqual(page.speakerLabel.text, "Speaker 1 of 2", "the turn did not move on by itself")
        page.nextButton.click()
        XCTAssertEqual(page.speakerLabel.text, "Last Speaker")
        XCTAssertFalse(page.ring.showsOverrun)
        clock.advance(by: .seconds(33))  // 42 + 33 = 75 s: 15 s past the meeting's length
        meeting.session.tick()
        XCTAssertEqual(page.remaining.label.text, "0:15 over")
        XCTAssertEqual(page.warning.label.text, "Ben is over by 0:03")
        page.nextButton.click()
        XCTAssertNotNil(meeting.endQuestion, "the last speaker's Next asks to end")
        meeting.endQuestion?.respond("save")
        XCTAssertEqual(app.state.scrum(pair.id)?.history.first?.durationSeconds, 75)
      }
    }
  }

  func testTheEditorSavesTheOvertimeRule() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let confirmed = edit(standup, in: app) { sheet in
          XCTAssertEqual(sheet.overtimeChoices.map { $0.1.accessibleName }, ["Move to the next speaker", "Let the speaker finish"])
          XCTAssertEqual(sheet.overtimeChoices.filter { $0.1.isActive }.map(\.0), [.moveOn])
          sheet.overtimeChoices[1].1.isActive = true
        }
        XCTAssertEqual(confirmed?.overtime, .letFinish)
      }
    }
  }
}

private let entry = History(
  attendees: ["Ana", "Cy"], durationSeconds: 95,
  speakers: [SpeakerTime(name: "Ana", seconds: 65, shareSeconds: 60), SpeakerTime(name: "Cy", seconds: 30, shareSeconds: 60)],
  absent: ["Ben"])

final class WhoSpokeTests: XCTestCase {
  func testTheHistoryPageChartsWhoSpokeHowLongInWords() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let scrum = DailyScrum(title: "Standup", attendees: team, lengthInMinutes: 2, history: [entry])
        openDetailPage(of: scrum, in: app)
        app.state.navigation.value = .history(scrumID: scrum.id, historyID: entry.id)
        let page = app.mainWindow!.historyPage!
        XCTAssertEqual(page.chart?.bars.map(\.accessibleName), ["Ana spoke 1:05 of 1:00", "Cy spoke 0:30 of 1:00"])
        spin(.milliseconds(100))
        XCTAssertTrue(page.chart!.bars.allSatisfy { $0.drawCount > 0 }, "the bars were never drawn")
      }
    }
  }

  func testTheDetailPageSumsUpTheLastMeetings() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let scrum = DailyScrum(title: "Standup", attendees: team, lengthInMinutes: 2, history: [entry, entry])
        let detail = openDetailPage(of: scrum, in: app)
        XCTAssertTrue(detail.statisticsGroup.isMapped)
        XCTAssertEqual(detail.averageLabel.text, "1:35 of 2:00")
        XCTAssertEqual(detail.averageLabel.accessibleName, "1 minute 35 seconds of 2 minutes")
        XCTAssertEqual(detail.onTimeLabel.text, "2 of 2")
        XCTAssertEqual(detail.lengthsChart?.area.accessibleName, "Lengths of the last 2 meetings against the planned 2:00")
        app.state.scrums.update { $0[0].history.append(History(attendees: [], durationSeconds: 150)) }
        XCTAssertEqual(detail.onTimeLabel.text, "2 of 3", "a new meeting updates the figures")
      }
    }
  }
}

final class DeleteMeetingTests: XCTestCase {
  func testAPastMeetingIsDeletedFromItsPageAndCtrlZBringsItBack() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let window = app.mainWindow!
        let scrum = scrumWithHistory(3)
        let doomed = scrum.history[1]
        openDetailPage(of: scrum, in: app)
        app.state.navigation.value = .history(scrumID: scrum.id, historyID: doomed.id)
        let page = window.historyPage!
        XCTAssertEqual(page.deleteButton.accessibleName, "Delete this meeting")
        page.deleteButton.click()
        XCTAssertEqual(app.state.navigation.value, .detail(scrumID: scrum.id))
        XCTAssertEqual(app.state.scrum(scrum.id)?.history.map(\.id), [scrum.history[0].id, scrum.history[2].id])
        XCTAssertEqual(app.application.actions(forAccelerator: "<Control>z"), [Command.undo.rawValue])
        XCTAssertTrue(window.window.activateAction(Command.undo.rawValue))
        XCTAssertEqual(app.state.scrum(scrum.id)?.history, scrum.history, "Ctrl+Z did not bring it back")
        // Delete on a history row deletes that meeting.
        let row = window.detailPage!.history.madeRows.first { $0.entryID == doomed.id }!
        XCTAssertTrue(row.row.activateAction(Command.deleteMeeting.rawValue, parameter: doomed.id.uuidString))
        XCTAssertFalse(app.state.scrum(scrum.id)!.history.contains(doomed))
      }
    }
  }
}
