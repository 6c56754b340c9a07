import CGLib

/// GNU gettext, libc's: the user's locale and the translations of one text domain.
public enum Gettext {
  /// Sets the process's locale from the user's environment (LANG, LC_*); gettext ignores
  /// LANGUAGE in the plain C locale, so when that is all there is (no LANG) but LANGUAGE asks
  /// for a language, the C.UTF-8 locale is used and the request is honoured.
  public static func useUserLocale() {
    let chosen = setlocale(LC_ALL, "").map { String(cString: $0) } ?? "C"
    if chosen == "C" || chosen == "POSIX", let language = getenv("LANGUAGE"), language.pointee != 0 {
      setlocale(LC_ALL, "C.UTF-8")
    }
  }

  /// The user's language names, most preferred first, each as a locale and its shorter forms
  /// ("de_AT.UTF-8", "de_AT", "de", …, "C"): GLib's reading of LANGUAGE, LC_ALL,
  /// LC_MESSAGES and LANG.
  public static var languageNames: [String] {
    guard var name = g_get_language_names() else { return ["C"] }
    var names: [String] = []
    while let text = name.pointee {
      names.append(String(cString: text))
      name += 1
    }
    return names
  }

  /// Reads `domain`'s catalogues from `folder` (when given), as UTF-8.
  public static func bind(_ domain: String, to folder: String?) {
    if let folder { bindtextdomain(domain, folder) }
    bind_textdomain_codeset(domain, "UTF-8")
  }

  /// The translation of `message` in `domain`; nil when there is none.
  public static func translation(of message: String, in domain: String) -> String? {
    message.withCString { id in
      // Untranslated, gettext returns the argument itself.
      guard let result = dgettext(domain, id), result != id else { return nil }
      return String(cString: result)
    }
  }

  /// The translation of `singular`/`plural` chosen for `count` in `domain`; nil when there is
  /// none (the caller picks between its own two).
  public static func translation(of singular: String, _ plural: String, count: Int, in domain: String) -> String? {
    singular.withCString { one in
      plural.withCString { many in
        guard let result = dngettext(domain, one, many, UInt(max(0, count))), result != one, result != many else {
          return nil
        }
        return String(cString: result)
      }
    }
  }
}
