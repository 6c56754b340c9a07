import Foundation
import GtkShim
import GtkTestSupport
import ScrumdingerCore
import ScrumdingerTestSupport
import XCTest

@testable import ScrumdingerApp

final class SoundPreferencesTests: XCTestCase {
  /// The sound and the volume chosen in Preferences reach the meeting's sound at once, are
  /// kept in GSettings (a key file here) and come back at the next start.
  func testTheChosenSoundAndVolumeAreUsedKeptAndReadBack() {
    MainActor.assumeIsolated {
      guard requireDisplay() else { return }
      let keyFile = NSTemporaryDirectory() + "scrumdinger-settings-" + UUID().uuidString
      defer { try? FileManager.default.removeItem(atPath: keyFile) }
      let store = temporaryStore()
      let sound = RecordingEffect()
      let first = ScrumdingerApplication(
        store: store, unique: false, dependencies: recordingDependencies(sound: sound), settings: .keyFile(keyFile))
      XCTAssertTrue(
        runApp(first) {
          guard let window = first.mainWindow, window.window.isMapped, first.hasFinishedLoading else { return false }
          XCTAssertTrue(sound.chosen! == (.ding, 100), "the schema's defaults: the ding, full volume")
          first.mainWindow!.window.activateAction(Command.window(.preferences).detailedName)
          guard let sounds = window.tools.preferences?.sounds else {
            XCTFail("Preferences did not open")
            return true
          }
          XCTAssertEqual(sounds.choices.map(\.check.accessibleName), ["Ding", "Bell", "Chime", "Wood block"])
          XCTAssertEqual(sounds.choices.filter(\.check.isChecked).map(\.sound), [.ding])
          sounds.choices[3].play.click()
          XCTAssertEqual(sound.previewed, [.woodBlock], "the play button lets it be heard")
          XCTAssertTrue(sound.chosen! == (.ding, 100), "hearing a sound does not choose it")
          sounds.volumeScale.value = 40
          sounds.choices[3].check.activate()
          XCTAssertTrue(sound.chosen! == (.woodBlock, 40), "chosen: \(String(describing: sound.chosen))")
          XCTAssertEqual(sounds.choices.filter(\.check.isChecked).map(\.sound), [.woodBlock], "one sound at a time")
          spinUntilPainted(window.tools.preferences!.window)  // drawn, for the picture
          window.tools.preferences?.window.writePNG(to: "Tests/output/preferences.png")
          window.window.close()
          return true
        })
      let kept = (try? String(contentsOfFile: keyFile, encoding: .utf8)) ?? ""
      XCTAssertTrue(kept.contains("end-of-turn-sound='wood-block'") && kept.contains("sound-volume=40"), kept)

      let again = RecordingEffect()
      let second = ScrumdingerApplication(
        store: store, unique: false, dependencies: recordingDependencies(sound: again), settings: .keyFile(keyFile))
      XCTAssertTrue(
        runApp(second) {
          guard second.mainWindow?.window.isMapped == true else { return false }
          XCTAssertTrue(again.chosen! == (.woodBlock, 40), "read back: \(String(describing: again.chosen))")
          return true
        })
    }
  }
}
