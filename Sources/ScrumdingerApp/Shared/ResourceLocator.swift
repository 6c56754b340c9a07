// Resources (CSS, the ding) live in the repository's Resources/ during development and in
// <prefix>/share/io.github.scrumdinger.Scrumdinger after `make install`; translations in
// .build/locale and <prefix>/share/locale. The executable finds them from its own location,
// so neither case needs configuration; `LaunchEnvironment` can name others.
import FoundationEssentials
import Glibc
import Platform
import ScrumdingerCore

/// Finds the app's resource files.
enum ResourceLocator {
  /// The folder holding `style.css`, or nil (the app then runs unstyled and says so).
  static let directory: String? = {
    let candidates =
      [LaunchEnvironment.resources].compactMap { $0 } + [
        binDir + "/../share/" + appID,
        binDir + "/../../Resources",
        binDir + "/../../../Resources",
      ]
    return
      candidates
      .map(Files.canonical)
      .first { Files.exists($0 + "/style.css") }
  }()

  /// The folder of compiled translations: `<prefix>/share/locale` when installed, the build
  /// folder's `locale` (made by `make`) in development, unless `LaunchEnvironment` names one.
  static let localeDirectory: String? = {
    let candidates =
      [LaunchEnvironment.localeDirectory].compactMap { $0 } + [
        binDir + "/../share/locale",
        binDir + "/../../locale",
      ]
    return
      candidates
      .map(Files.canonical)
      .first(where: holdsCatalogue)
  }()

  /// The repository's icon tree when running from the build tree (installed, the icons are
  /// in the system's hicolor theme already).
  static let iconDirectory: String? = {
    [binDir + "/../../data/icons", binDir + "/../../../data/icons"]
      .map(Files.canonical)
      .first { Files.exists($0 + "/hicolor/scalable/apps/\(appID).svg") }
  }()

  /// The symbolic app icon pre-rendered for the empty list (128 px), installed or in the
  /// build tree.
  static let emptyListIcon: String? = {
    let name = "hicolor/128x128/apps/\(appID)-symbolic.symbolic.png"
    return ([binDir + "/../share/icons"] + (iconDirectory.map { [$0] } ?? []))
      .map { Files.canonical($0) + "/" + name }
      .first { Files.exists($0) }
  }()

  /// Where the compiled GSettings schema may be: the install prefix's, the build tree's
  /// (`make` compiles it into .build/schemas).
  static var schemaDirectories: [String] {
    [binDir + "/../share/glib-2.0/schemas", binDir + "/../../schemas"].map(Files.canonical)
  }

  /// scrumdinger-transcribe (speech to text, beside libwhisper): `<prefix>/lib/scrumdinger`
  /// when installed, or, run from the build tree (`.build/ARCH/CONFIG/scrumdinger`), that
  /// tree's `.build/whisper/lib` (made by `make`); nowhere else, since whatever is found is run.
  static let speechHelper: String? = {
    let name = "scrumdinger-transcribe"
    return [binDir + "/../lib/scrumdinger/" + name, binDir + "/../../whisper/lib/" + name]
      .map(Files.canonical).first { access($0, X_OK) == 0 }
  }()

  /// Silero's voice activity model, which live captions need: installed with the resources,
  /// or in the build tree's `.build/whisper/models` (made by `make`).
  static let voiceActivityModel: String? = {
    let name = "ggml-silero-v6.2.0.bin"
    return [path(name), binDir + "/../../whisper/models/" + name].compactMap { $0 }.map(Files.canonical)
      .first { Files.exists($0) }
  }()

  /// The speech models prepared in the build tree (`make speech` converts them), for
  /// development: English's first, then the multilingual one.
  static let buildTreeSpeechModels: [String] = {
    ["ggml-tiny.en.bin", "ggml-base-q5_1.bin"].map { Files.canonical(binDir + "/../../whisper/models/" + $0) }
      .filter { Files.exists($0) }
  }()

  /// Whether `directory` holds our catalogue in any language (`<lang>/LC_MESSAGES/<domain>.mo`).
  static func holdsCatalogue(_ directory: String) -> Bool {
    let languages = Files.names(in: directory)
    return languages.contains {
      Files.exists(directory + "/" + $0 + "/LC_MESSAGES/\(textDomain).mo")
    }
  }

  private static var binDir: String {
    let executable =
      Files.linkDestination(of: "/proc/self/exe")
      ?? CommandLine.arguments[0]
    return Files.folder(of: executable)
  }

  /// The full path of resource `name`, if the resource folder was found.
  static func path(_ name: String) -> String? {
    directory.map { $0 + "/" + name }
  }
}
