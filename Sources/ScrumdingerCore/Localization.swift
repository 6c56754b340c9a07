// Every user-visible string, accessible names included, goes through GNU gettext (libc's,
// so the core stays GTK-free). Extraction: `make pot` runs xgettext over the Swift sources
// with the keywords `tr` and `trn`; catalogues live in po/, compiled by `make`.
import CGLib
import Foundation

/// The gettext text domain.
public let textDomain = "scrumdinger"

/// Sets up translation: the user's locale (LANG/LC_*/LANGUAGE) and the catalogue folder.
/// gettext ignores LANGUAGE in the plain C locale; when that is all there is (no LANG) but
/// LANGUAGE asks for a language, the C.UTF-8 locale is used so the request is honoured.
public func setUpLocalization(localeDirectory: String?) {
  let chosen = setlocale(LC_ALL, "").map { String(cString: $0) } ?? "C"
  if chosen == "C" || chosen == "POSIX", let language = getenv("LANGUAGE"), language.pointee != 0 {
    setlocale(LC_ALL, "C.UTF-8")
  }
  if let localeDirectory { bindtextdomain(textDomain, localeDirectory) }
  bind_textdomain_codeset(textDomain, "UTF-8")
}

/// The translation of `message`; `arguments` fill its `%@` (strings) and `%d` (numbers).
public func tr(_ message: String, _ arguments: any CVarArg...) -> String {
  let translated = message.withCString { id in
    // Untranslated, gettext returns the argument itself: keep the Swift string then.
    guard let result = dgettext(textDomain, id), result != id else { return message }
    return String(cString: result)
  }
  return arguments.isEmpty ? translated : String(format: translated, arguments: arguments)
}

/// The translation of `singular`/`plural` chosen for `count`, with `%d` filled by `count`.
public func trn(_ singular: String, _ plural: String, _ count: Int) -> String {
  let translated = singular.withCString { one in
    plural.withCString { many in
      guard let result = dngettext(textDomain, one, many, UInt(max(0, count))) else { return plural }
      if result == one { return singular }
      if result == many { return plural }
      return String(cString: result)
    }
  }
  return String(format: translated, count)
}

/// The locale dates and times are written in: the process's LC_TIME locale ("zh_CN.UTF-8"),
/// or, when that is the plain C locale, the first language LANGUAGE asks for — the same
/// choice gettext makes for the texts, so a date never stays English beside Chinese words.
public func userLocale(
  timeLocale: String? = setlocale(LC_TIME, nil).map { String(cString: $0) },
  language: String? = getenv("LANGUAGE").map { String(cString: $0) }
) -> Locale {
  func identifier(_ name: String) -> String {
    String(name.prefix { $0 != "." && $0 != "@" })
  }
  if let timeLocale, !["C", "POSIX"].contains(identifier(timeLocale)) { return Locale(identifier: identifier(timeLocale)) }
  if let first = language?.split(separator: ":").first, !first.isEmpty { return Locale(identifier: identifier(String(first))) }
  return Locale(identifier: "en_US")
}
