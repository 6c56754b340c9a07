import Foundation
import Testing

@testable import ScrumdingerCore

/// Languages named from iso-codes, as GNOME Settings names them, and found by typing.
@Suite struct LanguageNamesTests {
  /// The names as iso-codes gives them in English (no translation).
  let english = LanguageNames(translate: { _ in nil })

  @Test func everyLanguageWhisperHearsHasANameFromISOCodes() {
    for language in SpeechLanguage.all {
      #expect(english.name(of: language) != language.code, "no name for \(language.code)")
    }
    let named = Dictionary(uniqueKeysWithValues: SpeechLanguage.all.map { ($0.code, english.name(of: $0)) })
    #expect(named["de"] == "German")
    #expect(named["es"] == "Spanish", "the first of “Spanish; Castilian”")
    #expect(named["jw"] == "Javanese", "Whisper's jw is ISO's jv")
    #expect(named["haw"] == "Hawaiian", "a three-letter code")
  }

  @Test func namesAreInTheUsersLanguageAndSortedByThem() {
    let translated = LanguageNames(translate: { ["German": "allemand"][$0] })
    let german = SpeechLanguage(code: "de")!
    #expect(translated.name(of: german) == "Allemand", "begun with a capital, as a list shows it")
    let sorted = translated.sorted.map { translated.name(of: $0) }
    #expect(sorted.firstIndex(of: "Allemand")! < sorted.firstIndex(of: "Arabic")!)
  }

  @Test func typingFindsALanguageByNameOrCodeIgnoringCaseAndAccents() {
    let spanish = SpeechLanguage(code: "es")!
    let names = LanguageNames(translate: { ["Spanish; Castilian": "Español", "Chinese": "中文"][$0] })
    #expect(names.matching("espanol") == [spanish])
    #expect(names.matching("ESPAÑ") == [spanish])
    #expect(names.matching("中") == [SpeechLanguage(code: "zh")!], "a script without spaces")
    #expect(names.matching("es").contains(spanish), "by its code")
    #expect(names.matching("").count == 99, "nothing typed: every language")
    #expect(names.matching("zzz").isEmpty)
  }

  @Test func withoutISOCodesALanguageIsNamedByItsCode() {
    let none = LanguageNames(file: "/nonexistent/iso_639-2.json", translate: { _ in nil })
    #expect(none.name(of: SpeechLanguage(code: "de")!) == "de")
  }
}
