import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

/// The language of a scrum's meetings: the team's, in the shared file, used only when Whisper
/// hears it; a new scrum starts in the user's own.
@MainActor @Suite struct SpeechLanguageTests {
  @Test func aNewScrumStartsInTheLanguageOfTheUsersLocale() {
    let cases: [([String], String)] = [
      (["de_AT.UTF-8", "de_AT", "de.UTF-8", "de", "C"], "de"),
      (["zh_CN.UTF-8", "zh_CN", "zh", "C"], "zh"),
      (["nb_NO.UTF-8", "nb_NO", "nb", "C"], "no"),  // Bokmål is Whisper's "no"
      (["jv_ID", "jv", "C"], "jw"),  // and Javanese its "jw"
      (["tlh", "fr_CA.UTF-8", "fr_CA", "fr", "C"], "fr"),  // Klingon first, which Whisper does not hear
      (["C"], "en"),
      (["ast_ES", "ast", "C"], "en"),  // Asturian: not one of Whisper's
    ]
    for (names, code) in cases {
      #expect(SpeechLanguage.preferred(localeNames: names).code == code, "\(names)")
    }
    var dependencies = testDependencies()
    dependencies.localeLanguage = { SpeechLanguage(code: "de")! }
    let model = AppModel(state: AppState(scrums: []), dependencies: dependencies)
    guard case .openEditor(let draft) = model.list.requestNewScrum(editorOpen: false) else {
      Issue.record("no editor")
      return
    }
    #expect(draft.scrum.language == "de")
    #expect(draft.scrum.speechLanguage == SpeechLanguage(code: "de"))
  }

  @Test func aCodeIsHeardOnlyWhenWhisperHearsIt() {
    #expect(SpeechLanguage.all.count == 99)
    #expect(Set(SpeechLanguage.all).count == 99)
    #expect(DailyScrum(title: "Old").speechLanguage == .english, "a scrum from before languages: English")
    #expect(DailyScrum(title: "Team", language: "zh").speechLanguage?.code == "zh")
    for odd in ["xx", "auto", "german", "DE", "", "de\n", "<b>de</b>", "yue"] {
      #expect(DailyScrum(title: "Team", language: odd).speechLanguage == nil, "\(odd)")
    }
  }

  @Test func theLanguageTravelsInTheSharedFileAndOtherKeysStay() throws {
    let id = UUID()
    let json = #"""
      {"scrums":[{"attendees":[],"history":[],"id":"\#(id.uuidString)","language":"de","lengthInMinutes":5,"theme":"sky","title":"Team","later":1}],"version":1}
      """#
    let read = try #require(TableReader.decode(Data(json.utf8), version: 1)?.scrums)
    #expect(read[0].language == "de")
    let written = String(decoding: TableWriter.encode(read, version: 1), as: UTF8.self)
    #expect(written.contains(#""language":"de""#))
    #expect(written.contains(#""later":1"#))
    // A scrum without one writes none: a file from an earlier version reads the same.
    let old = String(decoding: TableWriter.encode([DailyScrum(title: "Old")], version: 1), as: UTF8.self)
    #expect(!old.contains("language"))
    // A code this version does not hear is kept as it came, for the version that wrote it.
    var odd = read
    odd[0].language = "tlh"
    let again = try #require(TableReader.decode(TableWriter.encode(odd, version: 1), version: 1)?.scrums)
    #expect(again[0].language == "tlh" && again[0].speechLanguage == nil)
  }

  @Test func aLanguageChangedOnOneComputerIsKeptByTheMerge() {
    let team = DailyScrum(title: "Team", language: "en")
    var ours = team
    var theirs = team
    ours.lengthInMinutes = 10
    theirs.language = "es"
    let outcome = ScrumMerge.merge(
      base: MergeBase([team], proven: true), ours: [ours], theirs: [theirs], oursEdited: [:],
      theirsWritten: Date(timeIntervalSince1970: 1_795_000_000))
    #expect(outcome.scrums[0].language == "es")
    #expect(outcome.scrums[0].lengthInMinutes == 10)
  }

  @Test func theModelForALanguageHearsIt() {
    let tiny = SpeechModelFile(path: "/m/ggml-tiny.en.bin", hearsManyLanguages: false)
    let base = SpeechModelFile(path: "/m/ggml-base-q5_1.bin", hearsManyLanguages: true)
    let german = SpeechLanguage(code: "de")!
    #expect(SpeechModelChoice.model(for: .english, among: [tiny, base]) == tiny, "English keeps its model")
    #expect(SpeechModelChoice.model(for: german, among: [tiny, base]) == base)
    #expect(SpeechModelChoice.model(for: german, among: [tiny]) == nil, "never English-only for German")
    #expect(SpeechModelChoice.model(for: .english, among: [base, tiny]) == base, "the preferred first")
  }

  @Test func aModelsHeaderSaysWhetherItHearsManyLanguages() {
    func header(vocabulary: UInt32) -> [UInt8] {
      [0x6C, 0x6D, 0x67, 0x67] + withUnsafeBytes(of: vocabulary.littleEndian, Array.init)
    }
    #expect(!SpeechModelFile.hearsManyLanguages(header: header(vocabulary: 51_864)), "an .en model")
    #expect(SpeechModelFile.hearsManyLanguages(header: header(vocabulary: 51_865)), "base, small…")
    #expect(SpeechModelFile.hearsManyLanguages(header: header(vocabulary: 51_866)), "large-v3")
    #expect(!SpeechModelFile.hearsManyLanguages(header: [0x6C, 0x6D]), "a file cut short")
  }
}
