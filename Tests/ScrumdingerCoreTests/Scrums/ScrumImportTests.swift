import Foundation
import Testing

@testable import ScrumdingerCore

/// A file imported joins the team's file as any computer would take it: ids that stand twice
/// made unique alike everywhere, nothing of a key this version does not know, and the import
/// taken back whole by its Undo.
@Suite struct ScrumImportTests {
  /// A file with one id twice (a scrum copied by hand, say) and a newer version's key (made
  /// for each use: a static stored value reads as a leak to LeakSanitizer in `make sanitize`).
  static var file: Data {
    let id = "6F1A3C0E-1111-4B7C-9B51-0E7B7C6B2E01"
    let scrum = { (title: String) in
      #"{"id": "\#(id)", "title": "\#(title)", "attendees": [], "lengthInMinutes": 5, "theme": "sky", "history": [], "#
        + #""secret": "<a href='x'>link</a>"}"#
    }
    return Data(#"{"version": 1, "scrums": [\#(scrum("Standup")), \#(scrum("Standup copy"))]}"#.utf8)
  }

  @Test func duplicateIDsGetTheSameFreshIDsOnEveryComputer() throws {
    let once = ScrumImport.prepared(try ScrumFile.decode(Self.file))
    let again = ScrumImport.prepared(try ScrumFile.decode(Self.file))
    #expect(once.map(\.id) == again.map(\.id), "two computers importing the file give the same ids")
    #expect(Set(once.map(\.id)).count == 2, "and unique ones")
    #expect(!once[1].id.isSecondVersion, "not marked as a version edited on two computers")
  }

  @Test func keysThisVersionDoesNotKnowStayOutOfTheTeamsFile() throws {
    let prepared = ScrumImport.prepared(try ScrumFile.decode(Self.file))
    #expect(try ScrumFile.decode(Self.file)[0].unknown.fields.map(\.key) == ["secret"])
    #expect(prepared.allSatisfy { $0.unknown.isEmpty })
    #expect(!String(decoding: ScrumFile.encode(prepared), as: UTF8.self).contains("secret"))
  }

  @Test func undoTakesBackWhatTheImportAddedAndNothingElse() {
    let m1 = History(date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["Ana"], durationSeconds: 60)
    let m2 = History(date: Date(timeIntervalSince1970: 1_795_086_400), attendees: ["Ana"], durationSeconds: 60)
    let standup = DailyScrum(title: "Standup", history: [m1])
    var theirs = standup
    theirs.history = [m1, m2]
    let retro = DailyScrum(title: "Retro")
    let (imported, added) = ScrumImport.adding([theirs, retro], to: [standup])
    #expect(imported.map(\.title) == ["Standup", "Retro"])
    #expect(
      ScrumImport.question(for: added)
        == "1 scrum and 1 meeting will be added to yours. Nothing of yours is changed or removed.")
    #expect(ScrumImport.removing(added, from: imported) == [standup])
  }

  @Test func aFileThatWouldOutgrowEveryReaderIsRefused() {
    let standup = DailyScrum(title: "Standup")
    let size = ScrumFile.encode([standup]).count
    #expect(ScrumImport.fits([standup], limit: size))
    #expect(!ScrumImport.fits([standup, DailyScrum(title: "Retro")], limit: size), "the list with the file is judged")
  }
}
