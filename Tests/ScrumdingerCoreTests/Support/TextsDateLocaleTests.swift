import FoundationEssentials
import Platform
import Testing

@testable import ScrumdingerCore

/// Dates are written in the translation's pattern (as GNOME's apps write them), and texts
/// fill their placeholders in the order the translation puts them.
@Suite struct TextsDateLocaleTests {
  private let date = Date(timeIntervalSince1970: 1_795_357_920)  // 2026-11-22 14:32 UTC

  @Test func aMeetingIsDatedInEnglishByDefault() {
    #expect(Texts.meetingDate(date, timeZone: "UTC") == "Nov 22, 2026, 14:32")
    #expect(Texts.timeOfDay(date, timeZone: "UTC") == "14:32")
  }

  @Test func theUsersTimeZoneMovesTheClock() {
    #expect(Texts.timeOfDay(date, timeZone: "+09:30") == "00:02")
    #expect(Texts.meetingDate(date, timeZone: "+09:30") == "Nov 23, 2026, 00:02")
  }

  @Test func theChineseCataloguesPatternsWriteChineseDates() throws {
    let catalogue = try String(contentsOfFile: repositoryRoot + "/po/zh_CN.po", encoding: .utf8)
    func translation(of id: String) -> String? {
      guard let entry = catalogue.range(of: "msgid \"\(id)\"\nmsgstr \"") else { return nil }
      return String(catalogue[entry.upperBound...].prefix { $0 != "\"" })
    }
    let datePattern = try #require(translation(of: "%b %-d, %Y, %H:%M"))
    let timePattern = try #require(translation(of: "%H:%M"))
    #expect(Texts.format(date, datePattern, timeZone: "UTC") == "2026年11月22日 14:32")
    #expect(Texts.format(date, timePattern, timeZone: "UTC") == "14:32")
  }

  @Test func placeholdersAreFilledInOrderOrByPosition() {
    #expect(fill("%@ spoke %@ of %@", with: ["Ana", "1:05", "2:00"]) == "Ana spoke 1:05 of 2:00")
    #expect(fill("第 %1$d 位发言人，共 %2$d 位", with: [1, 3]) == "第 1 位发言人，共 3 位")
    #expect(fill("%2$@ 的 %1$@", with: ["1:05", "Ana"]) == "Ana 的 1:05")
    #expect(fill("100%% of %d", with: [7]) == "100% of 7")
  }

  private var repositoryRoot: String {
    Files.folder(of: Files.folder(of: Files.folder(of: Files.folder(of: #filePath))))
  }
}
