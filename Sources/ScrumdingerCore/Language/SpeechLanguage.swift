// The language a scrum's meetings are held in: what its transcripts and captions are made in.
// It is the team's, so it travels in the shared file as Whisper's own code ("de", "zh"), and
// so it is input: a code is used only once it is one of the 99 a multilingual Whisper model
// hears (whisper.cpp's list, checked against the helper's own by a test); any other is said as
// unknown and never reaches the helper. A scrum without one is English, what every meeting
// was heard in before a scrum had a language; a new scrum starts in the user's own language
// where Whisper knows it.
import FoundationEssentials

/// A language Whisper hears, by its code.
public struct SpeechLanguage: Hashable, Sendable {
  /// Whisper's code ("en", "zh", "haw").
  public let code: String

  /// The language of `code`, nil unless Whisper hears it.
  public init?(code: String) {
    guard Self.codes.contains(code) else { return nil }
    self.code = code
  }

  private init(known code: String) { self.code = code }

  /// English, which the English-only models hear too.
  public static let english = SpeechLanguage(known: "en")

  /// Whether an English-only model hears it.
  public var isEnglish: Bool { self == .english }

  /// The languages of a multilingual Whisper model, in Whisper's order (most trained first).
  public static let all = order.map(SpeechLanguage.init(known:))

  /// Whisper's codes (whisper.cpp's `g_lang`, without "yue", which only large-v3 knows).
  static let order = [
    "en", "zh", "de", "es", "ru", "ko", "fr", "ja", "pt", "tr", "pl", "ca", "nl", "ar", "sv", "it", "id", "hi", "fi",
    "vi", "he", "uk", "el", "ms", "cs", "ro", "da", "hu", "ta", "no", "th", "ur", "hr", "bg", "lt", "la", "mi", "ml",
    "cy", "sk", "te", "fa", "lv", "bn", "sr", "az", "sl", "kn", "et", "mk", "br", "eu", "is", "hy", "ne", "mn", "bs",
    "kk", "sq", "sw", "gl", "mr", "pa", "si", "km", "sn", "yo", "so", "af", "oc", "ka", "be", "tg", "sd", "gu", "am",
    "yi", "lo", "uz", "fo", "ht", "ps", "tk", "nn", "mt", "sa", "lb", "my", "bo", "tl", "mg", "as", "tt", "haw", "ln",
    "ha", "ba", "jw", "su",
  ]
  private static let codes = Set(order)

  /// The code ISO 639 gives the language (what `iso-codes` names): Whisper writes Javanese
  /// "jw" where ISO has "jv".
  public var isoCode: String { code == "jw" ? "jv" : code }

  /// The language of the first of the user's locale names (GLib's `g_get_language_names`:
  /// "de_AT.UTF-8", "de_AT", "de", …, "C") that Whisper hears; English when none is.
  public static func preferred(localeNames: [String]) -> SpeechLanguage {
    for name in localeNames {
      let language = String(name.prefix { $0.isLetter && $0.isASCII }).lowercased()
      // Norwegian Bokmål is "nb" to the locale and "no" to Whisper; Javanese "jv" and "jw".
      let code = ["nb": "no", "jv": "jw"][language] ?? language
      if let known = SpeechLanguage(code: code) { return known }
    }
    return .english
  }
}

extension DailyScrum {
  /// What the scrum's meetings are heard in: its language, English when it has none, nil when
  /// the file names one Whisper does not hear (then nothing is recorded or captioned in it).
  public var speechLanguage: SpeechLanguage? {
    guard let language else { return .english }
    return SpeechLanguage(code: language)
  }
}
