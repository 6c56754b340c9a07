import FoundationEssentials
import ScrumdingerCore

/// What the file readers and the merge promise, checked on any bytes (by the fuzzer, and by
/// the core tests on its corpus): reading never crashes; whatever reads, written back and
/// read again, comes back the same; and merging a file into scrums that did not change
/// gives the file.
public enum RoundTrip {
  /// Nil if `data` keeps the promise (or does not read at all), else what went wrong.
  public static func problem(with data: Data) -> String? {
    if let contents = try? ScrumFile.contents(of: data) {
      let written = ScrumFile.encode(contents.scrums, unknown: contents.unknown, transcripts: true)
      do throws(UnreadableReason) {
        let again = try ScrumFile.contents(of: written)
        if again != contents { return "a file that reads came back different after being written and read again" }
      } catch {
        return "a file that reads could not be read back once written: \(error)"
      }
    }
    if let journal = try? MeetingJournal.decode(data), (try? MeetingJournal.decode(journal.encoded())) != journal {
      return "a meeting journal came back different after being written and read again"
    }
    if let scrums = try? ScrumFile.decode(data), Set(scrums.map(\.id)).count == scrums.count {
      return mergeProblem(with: scrums)
    }
    return nil
  }

  /// The merge's promises on `scrums` (ids unique, as the store makes them).
  static func mergeProblem(with scrums: [DailyScrum]) -> String? {
    let half = Array(scrums.prefix(scrums.count / 2))
    let time = Date(timeIntervalSince1970: 0)
    for base in [[], half, scrums] {
      let outcome = ScrumMerge.merge(
        base: MergeBase(base, proven: true), ours: base, theirs: scrums, oursEdited: [:], theirsWritten: time)
      if outcome.scrums != scrums { return "merging a file into unchanged scrums did not give the file" }
      let mine = ScrumMerge.merge(
        base: MergeBase(base, proven: true), ours: scrums, theirs: base, oursEdited: [:], theirsWritten: time)
      if mine.scrums != scrums { return "merging an unchanged file into changed scrums did not keep them" }
    }
    return nil
  }

  /// Whether `data` reads as a scrums file.
  public static func reads(_ data: Data) -> Bool {
    (try? ScrumFile.contents(of: data)) != nil
  }
}
