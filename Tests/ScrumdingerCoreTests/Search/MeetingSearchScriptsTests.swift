import Foundation
import Testing

@testable import ScrumdingerCore

/// What was said, in scripts that are not English's: a phrase found in Chinese and Japanese
/// (no spaces between words), case and accents ignored in German and Spanish but never a mark
/// that makes another letter, right-to-left text found, and the words found marked.
@MainActor @Suite struct MeetingSearchScriptsTests {
  func team(_ sentences: [String]) -> DailyScrum {
    let transcript = sentences.enumerated().map { index, text in
      TranscriptSegment(startMilliseconds: index * 5_000, endMilliseconds: index * 5_000 + 4_000, text: text)
    }
    let entry = History(
      date: Date(timeIntervalSince1970: 1_795_000_000), attendees: ["安娜"], durationSeconds: 60,
      speakers: [SpeakerTime(name: "安娜", seconds: 60, shareSeconds: 60)], transcript: transcript)
    return DailyScrum(title: "Team", attendees: [Attendee(name: "安娜")], history: [entry])
  }

  func found(_ typed: String, in scrum: DailyScrum) -> [MeetingMatch] {
    MeetingSearch().results(of: ScrumSearch([typed]), in: [scrum])
  }

  func marked(_ match: MeetingMatch) -> [String] { match.highlights.map { String(match.text[$0]) } }

  @Test func aChinesePhraseIsFoundInsideASentenceAndMarkedExactly() throws {
    let scrum = team(["我们今天讨论了数据库迁移。", "下周继续。"])
    let match = try #require(found("数据库", in: scrum).first)
    #expect(match.text == "我们今天讨论了数据库迁移。")
    #expect(marked(match) == ["数据库"], "the characters found, not the whole clause")
    #expect(found("数据 迁移", in: scrum).count == 1, "two terms, in one sentence")
    #expect(found("数据库会议", in: scrum).isEmpty)
    #expect(found("继续", in: scrum).map(\.text) == ["下周继续。"])
  }

  @Test func japaneseKeepsItsVoicingMarks() throws {
    let scrum = team(["データベースを移行しました。"])
    #expect(marked(try #require(found("データ", in: scrum).first)) == ["データ"])
    #expect(found("テータ", in: scrum).isEmpty, "テ is not デ: the mark makes another letter")
    #expect(found("ﾃﾞｰﾀ", in: scrum).count == 1, "half-width kana are the same letters")
  }

  @Test func germanAndSpanishIgnoreCaseAndAccentsAndMarkWholeWords() throws {
    let scrum = team(["Über die Änderung am Datenbankschema.", "La migración está lista."])
    let german = try #require(found("uber anderung", in: scrum).first)
    #expect(marked(german) == ["Über", "Änderung"])
    #expect(marked(try #require(found("datenbank", in: scrum).first)) == ["Datenbankschema"])
    #expect(found("MIGRACION", in: scrum).map(\.text) == ["La migración está lista."])
    #expect(found("strasse", in: team(["Die Straße ist gesperrt."])).count == 1, "ß folds to ss")
  }

  @Test func rightToLeftTextIsFound() throws {
    let scrum = team(["لقد نقلنا قاعدة البيانات أمس.", "עדכנו את מסד הנתונים."])
    #expect(marked(try #require(found("البيانات", in: scrum).first)) == ["البيانات"])
    #expect(found("הנתונים", in: scrum).count == 1)
  }

  @Test func anExcerptOfChineseKeepsTheTermAndEveryCharacterWhole() throws {
    let long = String(repeating: "今天的工作进展顺利，", count: 8) + "数据库迁移完成了。" + String(repeating: "明天继续测试。", count: 8)
    let match = try #require(found("数据库", in: team([long])).first)
    let excerpt = match.excerpt(length: 30)
    #expect(excerpt.contains("数据库迁移"), "\(excerpt)")
    #expect(excerpt.hasPrefix("…") && excerpt.hasSuffix("…"))
    #expect(excerpt.count <= 32)
  }

  @Test func sentencesOfChineseJoinWithoutSpacesInPassagesAndExports() {
    let scrum = team(["好了。", "下一个。", "Done."])
    let passage = SpeakerAttribution.passages(of: scrum.history[0].transcript, over: scrum.history[0].timeline)
    #expect(passage.map(\.text) == ["好了。下一个。Done."])
    #expect(String.joinedAsWritten(["Done.", "Next."]) == "Done. Next.")
    let markdown = HistoryExport.markdown(scrum, transcripts: true)
    #expect(markdown.contains("好了。下一个。"), "\(markdown)")
  }
}
