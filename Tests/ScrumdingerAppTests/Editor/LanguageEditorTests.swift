import Foundation
import GtkShim
import GtkTestSupport
import Platform
import ScrumdingerCore
import XCTest

@testable import ScrumdingerApp

/// The editor's "Language of the meetings": names in the user's language (iso-codes'
/// translations), a language found by typing, and the model it needs said where this computer
/// records the scrum.
final class LanguageEditorTests: XCTestCase {
  func testLanguagesAreNamedInChineseFoundByTypingAndTheMissingModelIsSaid() throws {
    setenv("LANGUAGE", "zh_CN", 1)
    setenv(
      "SCRUMDINGER_WHISPER_MODEL", FileManager.default.currentDirectoryPath + "/.build/whisper/models/ggml-tiny.en.bin",
      1)
    setUpLocalization(localeDirectory: ResourceLocator.localeDirectory)
    defer {
      unsetenv("LANGUAGE")
      unsetenv("SCRUMDINGER_WHISPER_MODEL")
      setlocale(LC_ALL, "C")  // English again for the tests after this one
    }
    let scrum = DailyScrum(title: "设计评审", lengthInMinutes: 5, language: "en")
    let store = temporaryStore()
    XCTAssertNoThrow(try store.save([scrum]))
    MainActor.assumeIsolated {
      withRunningApp(store: store, dependencies: recordingDependencies(recording: [scrum.id])) { app in
        let window = app.mainWindow!
        window.editing.open(ScrumDraft(editing: scrum, recordsMeetings: true))
        guard let sheet = window.editing.sheet else { return XCTFail("no editor") }
        let row = sheet.language.row
        XCTAssertEqual(row.accessibleName, "会议语言")
        XCTAssertEqual(row.subtitle, "英语", "English, named in Chinese, heard by the English model")
        row.activate()
        let chooser = try XCTUnwrap(sheet.language.chooser)
        XCTAssertEqual(chooser.rows.count, 99)
        chooser.search.text = "德"
        XCTAssertTrue(spin(until: { chooser.rows.count < 99 }), "the list follows what is typed")
        let names = chooser.rows.map { $0.row.accessibleName ?? "" }
        XCTAssertTrue(names.contains("德语"), "German, in Chinese: \(names)")
        let german = try XCTUnwrap(chooser.rows.first { $0.language.code == "de" })
        german.row.activate()
        XCTAssertEqual(sheet.draft.language, "de")
        XCTAssertTrue(spin(until: { sheet.language.chooser == nil }), "the chooser closes on a choice")
        XCTAssertEqual(
          row.subtitle, "德语\n" + Texts.modelNeeded(for: "德语"), "no model here hears German: said, with the way")
        XCTAssertTrue(row.subtitle.contains("首选项") || row.subtitle.contains("Preferences"), row.subtitle)
        sheet.recordSwitch.isOn = false
        XCTAssertEqual(row.subtitle, "德语", "this computer does not record it: nothing it needs")
        sheet.confirmButton.click()
        XCTAssertTrue(spin(until: { app.state.scrum(scrum.id)?.language == "de" }), "the team's, in the file")
      }
    }
  }
}
