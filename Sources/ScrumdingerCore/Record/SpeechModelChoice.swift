// Which speech model hears a scrum's meetings. A model hears English only (".en", the one
// made for English) or all of Whisper's 99 languages (the multilingual one); a file says which
// in its header, by the size of its vocabulary, as whisper.cpp itself decides. English keeps
// the model it always had; any other language takes the newest multilingual model, and where
// there is none nothing is recorded into a wrong-language transcript: the reason is said,
// with where to get one.
import FoundationEssentials

/// A speech model file and whether it hears more than English.
public struct SpeechModelFile: Equatable, Sendable {
  /// Where it is.
  public var path: String
  /// Whether it is a multilingual model.
  public var hearsManyLanguages: Bool

  /// A model at `path`.
  public init(path: String, hearsManyLanguages: Bool) {
    self.path = path
    self.hearsManyLanguages = hearsManyLanguages
  }

  /// Whether it hears `language`.
  public func hears(_ language: SpeechLanguage) -> Bool { hearsManyLanguages || language.isEnglish }

  /// Whether a model whose file begins with `header` (at least 8 bytes: the magic, then
  /// n_vocab) is multilingual: whisper.cpp's own test, a vocabulary of 51,865 tokens or more
  /// (English-only models have 51,864).
  public static func hearsManyLanguages(header: [UInt8]) -> Bool {
    guard header.count >= 8 else { return false }
    let vocabulary = header[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
    return vocabulary >= 51_865
  }
}

/// The choice of a model for a language.
public enum SpeechModelChoice {
  /// Of `models` (in the order they are preferred), the first that hears `language`.
  public static func model(for language: SpeechLanguage, among models: [SpeechModelFile]) -> SpeechModelFile? {
    models.first { $0.hears(language) }
  }
}

extension Texts {
  /// Why a scrum's meetings in `language` (named `name`) cannot be transcribed or captioned
  /// here: no model hears it.
  public static func modelNeeded(for name: String) -> String {
    tr("No speech model on this computer hears %@: download the Multilingual Speech Model in Preferences", name)
  }

  /// Why a scrum whose file names the language `code`, which Whisper does not hear, cannot be
  /// transcribed or captioned.
  public static func unknownLanguage(_ code: String) -> String {
    tr(
      "The language “%@” of this scrum is not one this app knows: choose one in Edit",
      Texts.shown(String(code.prefix(24))))
  }
}
