import FoundationEssentials
// Every user-visible string, accessible names included, goes through GNU gettext (libc's,
// so the core stays GTK-free). Extraction: `make pot` runs xgettext over the Swift sources
// with the keywords `tr` and `trn`; catalogues live in po/, compiled by `make`.
import Platform

/// The gettext text domain.
public let textDomain = "scrumdinger"

/// Sets up translation: the user's locale (LANG/LC_*/LANGUAGE) and the catalogue folder.
/// gettext ignores LANGUAGE in the plain C locale; when that is all there is (no LANG) but
/// LANGUAGE asks for a language, the C.UTF-8 locale is used so the request is honoured.
public func setUpLocalization(localeDirectory: String?) {
  Gettext.useUserLocale()
  Gettext.bind(textDomain, to: localeDirectory)
  Gettext.bind(LanguageNames.textDomain, to: nil)  // iso-codes' own, where the system keeps it
}

/// The translation of `message`; `arguments` fill its `%@` (strings) and `%d` (numbers), in
/// order or by position (`%2$@`, as translators reorder them).
public func tr(_ message: String, _ arguments: any CustomStringConvertible...) -> String {
  let translated = Gettext.translation(of: message, in: textDomain) ?? message
  return arguments.isEmpty ? translated : fill(translated, with: arguments)
}

/// The translation of `singular`/`plural` chosen for `count`, with `%d` filled by `count`, or
/// its placeholders by `arguments` in order when given (`count` among them).
public func trn(_ singular: String, _ plural: String, _ count: Int, _ arguments: any CustomStringConvertible...)
  -> String
{
  let translated =
    Gettext.translation(of: singular, plural, count: count, in: textDomain) ?? (count == 1 ? singular : plural)
  return fill(translated, with: arguments.isEmpty ? [count] : arguments)
}

/// `format` with its placeholders replaced: `%@` and `%d` take the next argument, `%N$@` and
/// `%N$d` the Nth, `%%` is a percent sign. The catalogues use nothing else (`msgfmt --check`
/// holds translations to the original's placeholders), so this is all of printf they need,
/// without Foundation's `String(format:)` and the locale machinery it loads.
func fill(_ format: String, with arguments: [any CustomStringConvertible]) -> String {
  var result = ""
  var next = 0
  var rest = Substring(format)
  while let percent = rest.firstIndex(of: "%") {
    result += rest[..<percent]
    var spec = rest[rest.index(after: percent)...]
    if spec.first == "%" {
      result += "%"
      rest = spec.dropFirst()
      continue
    }
    var position: Int?
    let digits = spec.prefix { $0.isASCII && $0.isNumber }
    if !digits.isEmpty, spec.dropFirst(digits.count).first == "$" {
      position = Int(digits)
      spec = spec.dropFirst(digits.count + 1)
    }
    guard let kind = spec.first, kind == "@" || kind == "d" else {
      result += "%"
      rest = rest[rest.index(after: percent)...]
      continue
    }
    let index = position.map { $0 - 1 } ?? next
    next = index + 1
    if arguments.indices.contains(index) { result += arguments[index].description }
    rest = spec.dropFirst()
  }
  return result + rest
}
