// Languages are named as GNOME Settings names them: from iso-codes (its ISO 639-2 list and
// that list's translations, the "iso_639-2" text domain), never from a list of our own, so
// each name reads in the user's language as the rest of the desktop does. A name is the
// first of the ones iso-codes gives ("Spanish; Castilian" → "Spanish"), begun with a capital.
// Without iso-codes (not a Debian system), a language is named by its code.
import FoundationEssentials
import Platform

/// The names of the languages Whisper hears, in the user's language.
public struct LanguageNames: Sendable {
  private let names: [String: String]
  /// iso-codes' text domain for the names of ISO 639-2.
  public static let textDomain = "iso_639-2"

  /// Names read from iso-codes' `file` (nil: found in the system's data folders), each
  /// translated by `translate` (nil: as it is).
  public init(
    file: String? = nil,
    translate: (String) -> String? = { Gettext.translation(of: $0, in: LanguageNames.textDomain) }
  ) {
    let path =
      file ?? Files.systemDataFolders.map { $0 + "/iso-codes/json/iso_639-2.json" }.first(where: Files.isRegularFile)
    var names: [String: String] = [:]
    if let path, let data = Files.contents(of: path), let list = try? JSONDecoder().decode(ISOList.self, from: data) {
      let wanted = Set(SpeechLanguage.all.map(\.isoCode))
      for entry in list.languages {
        guard let code = [entry.alpha2, entry.alpha3].compactMap({ $0 }).first(where: wanted.contains) else {
          continue
        }
        names[code] = Self.shown(translate(entry.name) ?? entry.name)
      }
    }
    self.names = names
  }

  private struct ISOList: Decodable {
    var languages: [Entry]
    enum CodingKeys: String, CodingKey { case languages = "639-2" }
    struct Entry: Decodable {
      var alpha2: String?
      var alpha3: String?
      var name: String
      enum CodingKeys: String, CodingKey {
        case alpha2 = "alpha_2"
        case alpha3 = "alpha_3"
        case name
      }
    }
  }

  /// The first of `name`'s names, begun with a capital ("allemand" → "Allemand").
  private static func shown(_ name: String) -> String {
    let first = name.split(separator: ";").first.map { String($0).trimmed } ?? name
    return first.prefix(1).uppercased() + first.dropFirst()
  }

  /// `language`'s name ("German", "Deutsch", "德语"); its code where iso-codes has none.
  public func name(of language: SpeechLanguage) -> String {
    names[language.isoCode] ?? language.code
  }

  /// Every language Whisper hears, by name in the user's alphabet order (GLib's collation).
  public var sorted: [SpeechLanguage] {
    let keys = Dictionary(uniqueKeysWithValues: SpeechLanguage.all.map { ($0, TextForms.collationKey(name(of: $0))) })
    return SpeechLanguage.all.sorted { keys[$0]! < keys[$1]! }
  }

  /// The languages whose name or code holds what was typed, case and accents ignored.
  public func matching(_ typed: String) -> [SpeechLanguage] {
    let search = ScrumSearch([typed])
    guard !search.isEmpty else { return sorted }
    return sorted.filter { search.matches(name(of: $0)) || search.matches($0.code) }
  }
}
