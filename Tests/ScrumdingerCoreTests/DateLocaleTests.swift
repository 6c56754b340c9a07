import Foundation
import Testing
@testable import ScrumdingerCore

/// Dates follow the user's language as the texts do.
@Suite struct DateLocaleTests {
  private let date = Date(timeIntervalSince1970: 1_795_357_920)  // 2026-11-22 14:32 UTC
  private let utc = TimeZone(identifier: "UTC")!

  @Test func theLocaleComesFromLCTimeOrElseFromLanguage() {
    #expect(userLocale(timeLocale: "zh_CN.UTF-8", language: nil).identifier == "zh_CN")
    #expect(userLocale(timeLocale: "de_DE.UTF-8@euro", language: "fr").identifier == "de_DE")
    #expect(userLocale(timeLocale: "C.UTF-8", language: "zh_CN:en").identifier == "zh_CN", "LANGUAGE alone, as gettext reads it")
    #expect(userLocale(timeLocale: "C", language: nil).identifier == "en_US")
  }

  @Test func aMeetingInChineseIsDatedInChinese() {
    let zh = Locale(identifier: "zh_CN")
    #expect(Texts.meetingDate(date, locale: zh, timeZone: utc) == "2026年11月22日 14:32")
    #expect(Texts.timeOfDay(date, locale: zh, timeZone: utc) == "14:32")
  }

  @Test func aMeetingInAmericanEnglishIsDatedSo() {
    let us = Locale(identifier: "en_US")
    #expect(Texts.meetingDate(date, locale: us, timeZone: utc).hasPrefix("Nov 22, 2026"))
    #expect(Texts.timeOfDay(date, locale: us, timeZone: utc).replacingOccurrences(of: "\u{202F}", with: " ") == "2:32 PM")
  }
}
