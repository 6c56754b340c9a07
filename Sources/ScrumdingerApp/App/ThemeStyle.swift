import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// Loads the app's CSS (the static sheet from Resources plus one class per theme) and, in the
/// build tree, makes the app's icons findable.
enum ThemeStyle {
  /// The CSS class that paints a widget in `theme`'s colours.
  static func cssClass(_ theme: Theme) -> String { "theme-" + theme.rawValue }

  /// The generated rules: main colour as background, accent colour as text, the warning
  /// colour for a turn about to end.
  static var themeCSS: String {
    Theme.allCases.map { theme in
      let (main, accent) = (theme.mainColor.cssHex, theme.accentColor.cssHex)
      return ".\(cssClass(theme)) { background-color: \(main); color: \(accent); }\n"
        + ".\(cssClass(theme)) trough > progress { background-color: \(accent); }\n"
        + ".\(cssClass(theme)) .meeting-warning { color: \(theme.warningColor.cssHex); }"
    }.joined(separator: "\n")
  }

  /// Installs the CSS on the default display (once).
  @MainActor static func install() {
    guard !installed else { return }
    installed = true
    var css = themeCSS
    if let path = ResourceLocator.path("style.css"), let sheet = try? String(contentsOfFile: path, encoding: .utf8) {
      css = sheet + "\n" + css
    } else {
      warn("style.css not found; set SCRUMDINGER_RESOURCES")
    }
    Style.load(css)
    if let icons = ResourceLocator.iconDirectory { Style.addIconSearchPath(icons) }
  }

  @MainActor private static var installed = false
}
