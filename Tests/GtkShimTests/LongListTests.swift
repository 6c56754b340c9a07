import Foundation
import GtkShim
import GtkTestSupport
import XCTest

final class LongListTests: XCTestCase {
  /// A list kept in pages (the editor's attendees) looks like one boxed list: the same rows
  /// in a LongList of pages of 3 and in one list box draw the same picture, and rows put in,
  /// moved across pages and taken out keep their order.
  func testPagesLookLikeOneBoxedListAndKeepTheOrder() {
    MainActor.assumeIsolated {
      withShimApplication { application in
        let owner = ApplicationWindow(application: application)
        let names = (1...10).map { "Person \($0)" }
        let paged = LongList(named: "Paged", pageLimit: 3)
        let single = ListBox(named: "Single")
        for name in names {
          paged.append(ActionRow(title: name))
          single.append(ActionRow(title: name))
        }
        var windows: [DialogWindow] = []
        for list in [paged, single] as [Widget] {
          let window = DialogWindow(parent: owner, title: "Lists", width: 400, height: 700)
          let page = Box(vertical: true)
          page.setMargins(12)
          page.append(list)
          window.content = ScrolledWindow(Clamp(page))
          window.present()
          windows.append(window)
        }
        for window in windows { spinUntilPainted(window) }
        try? FileManager.default.createDirectory(atPath: "Tests/output", withIntermediateDirectories: true)
        XCTAssertEqual(paged.drawnListRows, 10)
        XCTAssertTrue(paged.writePNG(to: "Tests/output/long-list.png"), "the paged list is not on screen")
        XCTAssertTrue(single.writePNG(to: "Tests/output/one-list.png"))
        guard let difference = comparePNG("Tests/output/long-list.png", "Tests/output/one-list.png") else {
          return XCTFail("the two lists differ in size")
        }
        XCTAssertEqual(difference.noticeablePixels, 0, "the pages do not look like one list: \(difference)")

        @MainActor func titles() -> [String] { paged.children.map { ($0 as! ActionRow).title } }
        let fourth = paged.children[3]
        paged.remove(fourth)
        paged.insert(fourth, at: 8)  // across pages
        paged.insert(ActionRow(title: "Zoe"), at: 0)
        paged.remove(paged.children[5])
        XCTAssertEqual(
          titles(),
          [
            "Zoe", "Person 1", "Person 2", "Person 3", "Person 5", "Person 7", "Person 8", "Person 9", "Person 4",
            "Person 10",
          ])
        XCTAssertEqual(paged.count, 10)
        for window in windows { window.close() }
        owner.close()
      }
    }
  }
}
