import FoundationEssentials
// Finding a scrum by what is typed: GNOME Shell's search provider (the Activities overview)
// and the list's own search use the one rule, so a scrum the overview offers is the one the
// list shows when the search is opened there. Terms and titles are folded the same way
// (compatibility decomposition by GLib, accents dropped, case folded by GLib), and every
// term must occur somewhere in the title. It runs over the in-memory list: a few thousand
// titles fold in a few milliseconds, so nothing is indexed or cached that could go stale.
import Platform

/// What was typed, folded for matching; matches titles with every term in them.
public struct ScrumSearch: Equatable, Sendable {
  /// The terms, folded, none empty.
  public let terms: [String]

  /// A search for `terms` (each may hold several words: they are split at white space).
  public init(_ terms: [String]) {
    self.terms = terms.flatMap { $0.split(whereSeparator: \.isWhitespace) }.map { Self.fold(String($0)) }
      .filter { !$0.isEmpty }
  }

  /// Whether nothing was typed (which matches nothing in the overview, everything in the list).
  public var isEmpty: Bool { terms.isEmpty }

  /// Whether every term occurs in `title`, ignoring case and accents.
  public func matches(_ title: String) -> Bool {
    guard !terms.isEmpty else { return false }
    let folded = Self.fold(title)
    return terms.allSatisfy { folded.contains($0) }
  }

  /// The ids of the scrums whose title matches, in list order.
  public func results(in scrums: [DailyScrum]) -> [UUID] {
    scrums.filter { matches($0.title) }.map(\.id)
  }

  /// The shell's narrowing search: of `previous` (ids as the shell holds them), those still
  /// listed whose title matches.
  public func narrowing(_ previous: [String], in scrums: [DailyScrum]) -> [UUID] {
    let titles = Dictionary(scrums.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
    return previous.compactMap { UUID(uuidString: $0) }.filter { titles[$0].map(matches) == true }
  }

  /// `text` as it is compared: "Plätform Sync" → "platform sync" ("ﬁ" → "fi", "Ａ" → "a",
  /// "Ñ" → "n"). Only accents are dropped (those of Latin, Greek and Cyrillic letters, Hebrew's
  /// and Arabic's vowel points): a mark that makes another letter stays ("が" is not "か", nor
  /// "कि" "क").
  public static func fold(_ text: String) -> String {
    var bare = String.UnicodeScalarView()
    for scalar in TextForms.decomposed(text).unicodeScalars where !isAccent(scalar) {
      bare.append(scalar)
    }
    return TextForms.caseFolded(String(bare))
  }

  private static func isAccent(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.properties.generalCategory == .nonspacingMark else { return false }
    switch scalar.value {
    case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,  // combining diacritics
      0x0591...0x05C7,  // Hebrew points
      0x064B...0x065F, 0x0670:  // Arabic vowel marks
      return true
    default: return false
    }
  }
}

extension Texts {
  /// What the overview shows under a scrum's title: "15 minutes · 5 attendees", and on a
  /// schedule " · next: Monday 9:30".
  public static func searchDescription(
    _ scrum: DailyScrum, next: Date?, twelveHour: Bool = false, timeZone: String? = nil
  ) -> String {
    let size = tr("%@ · %@", minutes(scrum.lengthInMinutes), attendees(scrum.attendees.count))
    guard let next else { return size }
    let weekday = Int(format(next, "%u", timeZone: timeZone)).flatMap(MeetingSchedule.Weekday.init(rawValue:))
    let when = tr("next: %@ %@", weekday?.name ?? "", timeOfDay(next, twelveHour: twelveHour, timeZone: timeZone))
    return tr("%@ · %@", size, when)
  }
}
