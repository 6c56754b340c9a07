import FoundationEssentials

/// What the file readers promise, checked on any bytes (by the fuzzer, and by the core tests
/// on its corpus): reading never crashes, and whatever reads, written back and read again,
/// comes back the same.
public enum RoundTrip {
  /// Nil if `data` keeps the promise (or does not read at all), else what went wrong.
  public static func problem(with data: Data) -> String? {
    if let contents = try? ScrumFile.contents(of: data) {
      let written = ScrumFile.encode(contents.scrums, unknown: contents.unknown)
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
    return nil
  }

  /// Whether `data` reads as a scrums file.
  public static func reads(_ data: Data) -> Bool {
    (try? ScrumFile.contents(of: data)) != nil
  }
}
