import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// Loads the app's CSS (the static sheet from Resources plus one class per theme) and, in the
/// build tree, makes the app's icons findable.
enum ThemeStyle {
  /// The CSS class that paints a widget in `theme`'s colours.
  static func cssClass(_ theme: Theme) -> String { "theme-" + theme.rawValue }

  /// The generated rules: main colour as background, accent colour as text, the warning
  /// colours for a turn about to end (the final stage's unless a stage class says another).
  static var themeCSS: String {
    Theme.allCases.map { theme in
      let (main, accent) = (theme.mainColor.cssHex, theme.accentColor.cssHex)
      return ".\(cssClass(theme)) { background-color: \(main); color: \(accent); }\n"
        + ".\(cssClass(theme)) trough > progress { background-color: \(accent); }\n"
        + ".\(cssClass(theme)) .meeting-warning { color: \(theme.warningColor.cssHex); }\n"
        + [WarningLevel.notice, .warning].map { level in
          ".\(cssClass(theme)) .meeting-warning.\(stageClass(level)) { color: \(theme.warningColor(level).cssHex); }"
        }.joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// The CSS class that gives a warning the colour of stage `level`.
  static func stageClass(_ level: WarningLevel) -> String { "stage-\(level)" }

  /// Marks `widget` as warning at `level` (nil: not warning): the class "meeting-warning"
  /// and the stage's class.
  @MainActor static func mark(_ widget: Widget, warning level: WarningLevel?) {
    for other in WarningLevel.allCases where other != level && widget.hasCSSClass(stageClass(other)) {
      widget.removeCSSClass(stageClass(other))
    }
    guard let level else { return widget.removeCSSClass("meeting-warning") }
    if !widget.hasCSSClass("meeting-warning") { widget.addCSSClass("meeting-warning") }
    if !widget.hasCSSClass(stageClass(level)) { widget.addCSSClass(stageClass(level)) }
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
