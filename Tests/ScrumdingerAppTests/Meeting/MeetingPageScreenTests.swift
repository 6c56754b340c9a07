import CAdwaita
import Foundation
import GtkShim
// The meeting screen as a room sees it: paused at a glance, texts sized to the window, long
// names kept inside the ring, the end said with a toast. Sizes are measured from allocations,
// not pixels; a picture of each state goes to Tests/output/ for the note.
import GtkTestSupport
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

private let longName = String(repeating: "Maximiliana Featherstonehaugh-", count: 3).prefix(70)

private let standup = DailyScrum(
  title: "Design Review", attendees: ["Ana Lima", "Ben", String(longName)].map { Attendee(name: $0) },
  lengthInMinutes: 1,
  theme: .orange)

/// Asserts that `label` lies inside the free disc in the middle of `ring`.
@MainActor private func assertInsideTheTrack(
  _ label: Label, of ring: MeetingRing, in window: MainWindow, file: StaticString = #filePath, line: UInt = #line
) {
  let area = frame(of: ring.area, in: window, file: file, line: line)
  let box = frame(of: label, in: window, file: file, line: line)
  let radius = MeetingRing.innerDiameter(width: Int(area.width), height: Int(area.height)) / 2
  let (cx, cy) = (area.x + area.width / 2, area.y + area.height / 2)
  for (x, y) in [
    (box.x, box.y), (box.x + box.width, box.y), (box.x, box.y + box.height), (box.x + box.width, box.y + box.height),
  ] {
    let distance = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()
    XCTAssertLessThanOrEqual(distance, radius, "a corner of “\(label.text)” crosses the track", file: file, line: line)
  }
}

final class MeetingPageScreenTests: XCTestCase {
  /// A toast during a meeting ("The ding cannot be played") covers none of the footer's
  /// buttons, in a narrow window and a common one.
  func testAToastCoversNoControlOfTheMeeting() {
    for size in [(width: 360, height: 640), (width: 720, height: 800)] {
      MainActor.assumeIsolated {
        withMeeting(of: standup, size: size) { _, window, meeting, _ in
          window.toast("The ding cannot be played")
          spin(.milliseconds(700))  // the toast's slide in takes 0.5 s: its place is read once it stops
          let page = meeting.page
          // The toasts are the overlay's children after the page it covers.
          var toasts: [(x: Double, y: Double, width: Double, height: Double)] = []
          var child = gtk_widget_get_first_child(page.toasts.widget).flatMap { gtk_widget_get_next_sibling($0) }
          while let toast = child {
            var rect = graphene_rect_t()
            if gtk_widget_get_mapped(toast) != 0, gtk_widget_compute_bounds(toast, window.window.widget, &rect) != 0 {
              toasts.append(
                (Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height)))
            }
            child = gtk_widget_get_next_sibling(toast)
          }
          XCTAssertEqual(toasts.count, 1, "the toast is on show over the meeting at \(size)")
          let buttons: [(Widget, String)] = [
            (page.previousButton, "previous"), (page.nextButton, "next"), (page.addMinuteButton, "add a minute"),
            (page.footerCompactButton, "compact"),
          ]
          for (button, name) in buttons where button.isMapped {
            let box = frame(of: button, in: window)
            for toast in toasts {
              let apart =
                box.x >= toast.x + toast.width || toast.x >= box.x + box.width
                || box.y >= toast.y + toast.height || toast.y >= box.y + box.height
              XCTAssertTrue(apart, "the toast at \(toast) covers \(name) at \(box), \(size)")
            }
          }
          picture(window, "toast-over-meeting-\(size.width)x\(size.height).png")
        }
      }
    }
  }

  func testPausedIsDimmedSaysPausedAndMovesNoControl() {
    MainActor.assumeIsolated {
      withMeeting(of: standup, size: (720, 760)) { _, window, meeting, clock in
        let page = meeting.page
        let controls: [Widget] = [page.endButton, page.pauseButton, page.muteButton, page.menuButton, page.nextButton]
        let before = controls.map { frame(of: $0, in: window) }
        XCTAssertFalse(page.panel.hasCSSClass("paused"))
        XCTAssertFalse(page.ring.pausedLabel.isVisible)

        clock.advance(by: .seconds(5))
        page.pauseButton.click()
        _ = spin(until: { page.ring.pausedLabel.isMapped })
        XCTAssertTrue(page.panel.hasCSSClass("paused"), "the panel is not dimmed")
        XCTAssertTrue(page.ring.pausedLabel.isMapped, "“Paused” is not on screen")
        XCTAssertEqual(page.ring.pausedLabel.text, "Paused")
        XCTAssertEqual(page.ring.pausedLabel.accessibleName, "Paused")
        XCTAssertEqual(page.pauseButton.accessibleName, "Resume")
        for (control, (old, new)) in zip(
          ["End", "Pause", "Mute", "Menu", "Next"], zip(before, controls.map { frame(of: $0, in: window) }))
        {
          XCTAssertTrue(old == new, "\(control) moved from \(old) to \(new) when the meeting paused")
        }
        picture(window, "meeting-paused.png")

        page.pauseButton.click()
        _ = spin(until: { !page.ring.pausedLabel.isVisible })
        XCTAssertFalse(page.panel.hasCSSClass("paused"))
        XCTAssertFalse(page.ring.pausedLabel.isVisible)
        XCTAssertTrue(
          zip(before, controls.map { frame(of: $0, in: window) }).allSatisfy { $0 == $1 }, "a control moved on resume")
      }
    }
  }

  func testAtFullHDInFullScreenTheNameIsATwelfthOfTheHeightAndTheHeaderIsHidden() {
    MainActor.assumeIsolated {
      withMeeting(of: standup, size: (1920, 1080)) { _, window, meeting, _ in
        let page = meeting.page
        page.showFullscreen(true)  // what entering full screen does (no window manager here)
        _ = spin(until: { window.window.allocatedSize.height == 1070 })
        XCTAssertFalse(page.headerRevealer.isRevealed, "the header bar stays in full screen")
        let (width, height) = window.window.allocatedSize
        XCTAssertEqual(height, 1070, "the window is not 1920×1080 (with its 5 px border)")
        let name = frame(of: page.ring.nameLabel, in: window)
        XCTAssertGreaterThanOrEqual(name.height, 1080.0 / 12, "the speaker's name is \(name.height) px tall")
        XCTAssertGreaterThan(page.speakerLabel.allocatedSize.height, 40, "“Speaker 1 of 3” does not grow")
        XCTAssertGreaterThan(page.elapsed.label.allocatedSize.height, 50, "the times do not grow")
        for (widget, label) in [
          (page.ring.nameLabel, "name"), (page.speakerLabel, "speaker"), (page.remaining.label, "remaining"),
          (page.nextButton, "next"),
        ] as [(Widget, String)] {
          assertInside(widget, label, window: window, width: width, height: height)
        }
        assertInsideTheTrack(page.ring.nameLabel, of: page.ring, in: window)
        picture(window, "meeting-fullscreen-1920x1080.png")

        page.showFullscreen(false)
        XCTAssertTrue(page.headerRevealer.isRevealed, "the header bar does not come back")
      }
    }
  }

  func testAt360By480EverythingFitsAndTheNameStaysInsideTheRing() {
    MainActor.assumeIsolated {
      withMeeting(of: standup, size: (360, 480)) { _, window, meeting, _ in
        let page = meeting.page
        // The window's own size, inside the 5 px resize border GTK draws around it.
        let (width, height) = window.window.allocatedSize
        XCTAssertEqual(width, 350, "the meeting page forces the window wider (min \(page.root.minimumWidth) px)")
        XCTAssertEqual(height, 470, "the meeting page forces the window taller")
        let widgets: [(Widget, String)] = [
          (page.endButton, "End Meeting"), (page.pauseButton, "Pause"), (page.muteButton, "Mute"),
          (page.menuButton, "Menu"),
          (page.progress, "progress"), (page.elapsed.label, "elapsed"), (page.remaining.label, "remaining"),
          (page.ring.area, "ring"), (page.speakerLabel, "speaker"), (page.nextLabel, "next name"),
          (page.nextButton, "Next speaker"),
        ]
        for (widget, name) in widgets { assertInside(widget, name, window: window, width: width, height: height) }
        assertInsideTheTrack(page.ring.nameLabel, of: page.ring, in: window)
        assertInsideTheTrack(page.ring.speakingLabel, of: page.ring, in: window)
        picture(window, "meeting-360x480.png")
      }
    }
  }

  func testALongNameWrapsOnTwoLinesInsideTheRing() {
    MainActor.assumeIsolated {
      withMeeting(of: standup, size: (720, 760)) { _, window, meeting, _ in
        let page = meeting.page
        page.nextButton.click()
        page.nextButton.click()
        _ = spin(until: { page.ring.nameLabel.text == String(longName) && page.ring.nameLabel.lineCount == 2 })
        XCTAssertEqual(page.ring.nameLabel.text, String(longName))
        XCTAssertEqual(page.ring.nameLabel.lineCount, 2, "a 70-character name is not on two lines")
        XCTAssertTrue(page.ring.nameLabel.isEllipsized, "what does not fit on two lines is not cut with …")
        assertInsideTheTrack(page.ring.nameLabel, of: page.ring, in: window)
        picture(window, "meeting-long-name.png")
      }
    }
  }

  func testTheWarningIsPictured() {
    MainActor.assumeIsolated {
      withMeeting(of: standup, size: (1280, 800)) { _, window, meeting, clock in
        clock.advance(by: .seconds(12))  // 20 s turns, warned 10 s before the end
        meeting.session.tick()
        _ = spin(until: { meeting.page.warning.root.isVisible })
        XCTAssertTrue(meeting.page.warning.root.isVisible)
        XCTAssertTrue(meeting.page.ring.showsWarning)
        picture(window, "meeting-warning-1280x800.png")
      }
    }
  }

  func testTheEndIsSaidAndTheNewMeetingIsInView() {
    MainActor.assumeIsolated {
      withMeeting(of: standup, size: (720, 760)) { app, window, meeting, clock in
        clock.advance(by: .seconds(61))
        meeting.session.tick()
        _ = spin(until: { window.undo.savedMeetingToast != nil })
        XCTAssertEqual(app.state.navigation.value, .detail(scrumID: standup.id))
        XCTAssertNotNil(window.undo.savedMeetingToast, "no toast says the meeting was saved")
        let entry = app.state.scrum(standup.id)!.history.last!
        let row = window.pages.detail!.history.madeRows.first { $0.entryID == entry.id }
        XCTAssertNotNil(row, "the new meeting's row is not made")
        XCTAssertTrue(row?.showButton.hasFocus == true, "the new meeting's row is not brought forward")
        picture(window, "meeting-saved-toast.png")
      }
    }
  }

  /// Each second makes one new node, the arc's tip; the track and finished turns stay the same
  /// node (GTK repaints neither) until a turn ends.
  func testEachSecondRedrawsOnlyTheGrowingArc() {
    MainActor.assumeIsolated {
      withMeeting(of: standup, size: (720, 760)) { _, _, meeting, clock in
        let ring = meeting.page.ring
        let tracks = ring.trackDrawCount
        let frames = ring.area.snapshotCount
        let pieces = ring.currentNodes.drawnPieces
        for _ in 0..<5 {
          let before = ring.area.snapshotCount
          clock.advance(by: .seconds(1))
          meeting.session.tick()
          _ = spin(until: { ring.area.snapshotCount > before })
        }
        let framesMade = ring.area.snapshotCount - frames
        XCTAssertGreaterThan(framesMade, 0, "the ring was not redrawn as time passed")
        XCTAssertEqual(ring.trackDrawCount, tracks, "the track and finished turns were drawn anew each second")
        // 5 s of a 20 s turn is 30°: five tips, and the 6° spans filled meanwhile.
        XCTAssertLessThanOrEqual(
          ring.currentNodes.drawnPieces - pieces, framesMade + 5, "more than the tip was drawn each second")
        meeting.page.nextButton.click()
        _ = spin(until: { ring.trackDrawCount > tracks })
        XCTAssertEqual(ring.trackDrawCount, tracks + 1, "a finished turn did not reach the kept node")
      }
    }
  }

  /// The clocks are drawn from digits shaped once (FigureLabel): they look as a label with the
  /// same text and style does, and a new second changes their picture without a new layout.
  func testTheClocksLookAsLabelsAndTickWithoutALayout() {
    MainActor.assumeIsolated {
      withMeeting(of: standup, size: (720, 760)) { _, _, meeting, clock in
        let remaining = meeting.page.remaining.label
        clock.advance(by: .seconds(2))
        meeting.session.tick()
        _ = spin(until: { remaining.text == "0:58" })
        XCTAssertEqual(remaining.text, "0:58")
        // The same text in a label beside it: same box, style and size.
        let label = Label(remaining.text)
        label.addCSSClass("meeting-number")
        label.setHorizontalAlignment(1)
        label.setPixelSize(remaining.pixelSize)
        meeting.page.remaining.root.append(label)
        _ = spin(until: { label.allocatedSize.height > 0 })
        XCTAssertEqual(
          label.allocatedSize.height, remaining.allocatedSize.height, "a line of the figure is not a label's")
        XCTAssertTrue(paintedPNG(remaining, to: "Tests/output/clock-figure.png"), "the clock is not on screen")
        XCTAssertTrue(paintedPNG(label, to: "Tests/output/clock-label.png"))
        guard let difference = comparePNG("Tests/output/clock-figure.png", "Tests/output/clock-label.png") else {
          return XCTFail("the two pictures differ in size")
        }
        XCTAssertLessThanOrEqual(difference.noticeablePixels * 100, difference.pixels, "\(difference)")

        let measures = remaining.measureCount
        clock.advance(by: .seconds(1))
        meeting.session.tick()
        _ = spin(until: { remaining.text == "0:57" })
        XCTAssertEqual(remaining.text, "0:57")
        XCTAssertTrue(paintedPNG(remaining, to: "Tests/output/clock-figure-next.png"))
        let change = comparePNG("Tests/output/clock-figure.png", "Tests/output/clock-figure-next.png")
        XCTAssertGreaterThan(change?.noticeablePixels ?? 0, 20, "the clock's picture did not change")
        XCTAssertEqual(remaining.measureCount, measures, "a second measured the clock again (a new layout)")
      }
    }
  }

  func testAHistoryRowHasAContextMenu() {
    MainActor.assumeIsolated {
      withMeeting(of: standup, size: (720, 760)) { _, window, meeting, clock in
        clock.advance(by: .seconds(5))
        meeting.perform(.endMeeting)
        meeting.page.endQuestion.dialog?.respond("save")
        _ = spin(until: { window.pages.detail?.history.madeRows.isEmpty == false })
        let row = window.pages.detail!.history.madeRows[0].row
        XCTAssertFalse(row.isContextMenuOpen)
        row.openContextMenu?()
        _ = spin(until: { row.isContextMenuOpen })
        XCTAssertTrue(row.isContextMenuOpen, "the Menu key opens no context menu on a history row")
      }
    }
  }
}
