import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

private let design = DailyScrum(
  title: "Design", attendees: ["Ana", "Ben", "Cy"].map { Attendee(name: $0) },
  lengthInMinutes: 10, theme: .navy)

final class ScrumCardTests: XCTestCase {
  func testACardShowsTitleCountsAndTheme() {
    MainActor.assumeIsolated {
      guard requireDisplay() else { return }
      let card = ScrumCard(scrum: design)
      XCTAssertEqual(card.titleLabel.text, "Design")
      XCTAssertEqual(card.attendeesLabel.text, "3")
      XCTAssertEqual(card.lengthLabel.text, "10")
      XCTAssertTrue(card.button.hasCSSClass("theme-navy"))
      XCTAssertEqual(card.scrumID, design.id)
    }
  }

  /// A past meeting of 17 seconds reads "0:17" on the scrum's page and its own, never a bare
  /// "17" (17 what?); screen readers hear "17 seconds".
  func testAPastMeetingsDurationReadsWithItsMinutes() {
    let entry = History(date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["Ana"], durationSeconds: 17)
    let scrum = DailyScrum(title: "Short", attendees: [Attendee(name: "Ana")], lengthInMinutes: 5, history: [entry])
    MainActor.assumeIsolated {
      withRunningApp { app in
        let detail = openDetailPage(of: scrum, in: app)
        _ = spin(until: { detail.history.madeRows.contains { $0.entryID == entry.id } })
        let row = detail.history.madeRows.first { $0.entryID == entry.id }
        XCTAssertEqual(row?.row.subtitle, "0:17")
        XCTAssertEqual(
          row?.showButton.accessibleName?.hasSuffix("(17 seconds)"), true, row?.showButton.accessibleName ?? "no row")
        app.state.navigation.value = .history(scrumID: scrum.id, historyID: entry.id)
        _ = spin(until: { app.mainWindow?.pages.history != nil })
        let page = app.mainWindow?.pages.history
        XCTAssertEqual(page?.durationLabel.text, "0:17")
        XCTAssertEqual(page?.durationLabel.accessibleName, "17 seconds")
      }
    }
  }

  func testTheEmptyListShowsNoScrumsUntilAScrumIsAdded() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let page = app.mainWindow!.pages.list
        XCTAssertTrue(page.emptyButton.isMapped, "“New Scrum” on the empty page")
        XCTAssertTrue(page.cards.isEmpty)
        app.state.scrums.value = [design]
        XCTAssertEqual(page.cards.map(\.titleLabel.text), ["Design"])
        XCTAssertFalse(page.emptyButton.isVisible && page.emptyButton.isMapped)
        page.cards[0].button.click()
        XCTAssertEqual(app.state.navigation.value, .detail(scrumID: design.id))
      }
    }
  }

  func testALongReadSaysLoadingAfterAMomentAndAShortOneNever() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let page = app.mainWindow!.pages.list
        XCTAssertFalse(page.isShowingLoadingPage, "a read that ended before the first frame flashed “Loading”")
        // A short read: over before the delay, so the loading page never comes.
        page.isLoading = true
        page.isLoading = false
        spin(ScrumListPage.loadingPageDelay + .milliseconds(200))  // past the delay: nothing may come
        XCTAssertFalse(page.isShowingLoadingPage, "“Loading” came after a read that had already ended")
        // A long read: nothing at first (not “No Scrums” either), then the loading page.
        page.isLoading = true
        spin(.milliseconds(20))  // deliberate: nothing at first
        XCTAssertFalse(page.emptyButton.isMapped, "“No Scrums” showed while the scrums were still being read")
        _ = spin(until: { page.isShowingLoadingPage })  // after loadingPageDelay
        XCTAssertTrue(page.isShowingLoadingPage, "a long read never said “Loading Your Scrums…”")
        page.isLoading = false
        _ = spin(until: { !page.isShowingLoadingPage && page.emptyButton.isMapped })
        XCTAssertFalse(page.isShowingLoadingPage)
        XCTAssertTrue(page.emptyButton.isMapped, "“No Scrums” did not come back after the read")
      }
    }
  }

  func testTheEditorRefusesBlankTitlesAndNames() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        var confirmed: DailyScrum?
        let sheet = EditorSheet(parent: app.mainWindow!.window, draft: ScrumDraft()) { confirmed = $0.scrum }
        sheet.present()
        XCTAssertEqual(sheet.cancelButton.label, "Dismiss")
        XCTAssertEqual(sheet.confirmButton.label, "Add")
        XCTAssertFalse(sheet.confirmButton.isSensitive)
        sheet.titleRow.text = "   "
        XCTAssertFalse(sheet.confirmButton.isSensitive)
        sheet.titleRow.text = "  Retro "
        XCTAssertTrue(sheet.confirmButton.isSensitive)

        sheet.attendees.newAttendeeRow.text = "   "
        XCTAssertFalse(sheet.attendees.addButton.isSensitive)
        sheet.attendees.newAttendeeRow.text = " Ana "
        sheet.attendees.addButton.click()
        XCTAssertEqual(sheet.draft.attendees.map(\.name), ["Ana"])
        XCTAssertEqual(sheet.attendees.newAttendeeRow.text, "")
        XCTAssertEqual(sheet.attendees.rows.count, 1)
        XCTAssertFalse(sheet.attendees.rows[0].moveUp.isSensitive)
        XCTAssertFalse(sheet.attendees.rows[0].moveDown.isSensitive)

        sheet.lengthScale.value = 12
        XCTAssertEqual(sheet.lengthLabel.text, "12 minutes")
        sheet.themeButtons.first { $0.0 == .teal }!.1.isActive = true
        XCTAssertEqual(sheet.draft.theme, .teal)
        XCTAssertEqual(sheet.themeButtons.filter { $0.1.isActive }.map(\.0), [.teal])

        sheet.confirmButton.click()
        XCTAssertEqual(confirmed?.title, "Retro")
        XCTAssertEqual(confirmed?.lengthInMinutes, 12)
        XCTAssertEqual(confirmed?.theme, .teal)
        XCTAssertEqual(confirmed?.attendees.map(\.name), ["Ana"])
      }
    }
  }

  func testEditingOffersCancelAndDoneAndKeepsTheScrumUntilDone() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        var confirmed: DailyScrum?
        let sheet = EditorSheet(parent: app.mainWindow!.window, draft: ScrumDraft(editing: design)) {
          confirmed = $0.scrum
        }
        sheet.present()
        XCTAssertEqual(sheet.cancelButton.label, "Cancel")
        XCTAssertEqual(sheet.confirmButton.label, "Done")
        XCTAssertEqual(sheet.titleRow.text, "Design")
        XCTAssertEqual(sheet.lengthLabel.text, "10 minutes")
        sheet.titleRow.text = "Changed"
        sheet.cancelButton.click()
        XCTAssertNil(confirmed)
      }
    }
  }

  func testChangesAreSavedOnceAfterAShortDelay() throws {
    try MainActor.assumeIsolated {
      let store = temporaryStore()
      withRunningApp(store: store) { app in
        app.state.scrums.value = [design]
        app.state.scrums.update { $0[0].title = "Design 2" }
        app.state.scrums.update { $0[0].title = "Design 3" }
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path), "saved before the debounce delay")
        _ = spin(until: { (try? store.load().map(\.title)) == ["Design 3"] })  // after the debounce delay
        XCTAssertEqual(try store.load().map(\.title), ["Design 3"])
      }
      XCTAssertEqual(try store.load().map(\.title), ["Design 3"])
    }
  }

  func testAClosedEditorIsReleasedAndTheNextOneOpens() {
    MainActor.assumeIsolated {
      withRunningApp { app in
        let window = app.mainWindow!
        window.editing.newScrum()
        XCTAssertNotNil(window.editing.sheet)
        window.editing.sheet?.cancelButton.click()
        _ = spin(until: { window.editing.sheet == nil })
        XCTAssertNil(window.editing.sheet, "the closed editor sheet is still alive")
        window.editing.newScrum()
        XCTAssertNotNil(window.editing.sheet, "a second editor did not open")
      }
    }
  }
}
