import FoundationEssentials
import Glibc

// Themes are plain data: a name and two colours. The UI turns them into CSS classes, so
// there is one source of truth for colour, and the contrast of each pair is tested.

/// An sRGB colour with 8-bit channels.
public struct RGBColor: Equatable, Hashable, Sendable {
  /// Red, green and blue, 0…255.
  public let red: UInt8, green: UInt8, blue: UInt8

  /// Creates a colour from a 0xRRGGBB literal.
  public init(hex: UInt32) {
    red = UInt8((hex >> 16) & 0xFF)
    green = UInt8((hex >> 8) & 0xFF)
    blue = UInt8(hex & 0xFF)
  }

  /// `#rrggbb`, as CSS wants it.
  public var cssHex: String {
    func pair(_ v: UInt8) -> String {
      let digits = String(v, radix: 16)
      return digits.count == 1 ? "0" + digits : digits
    }
    return "#" + pair(red) + pair(green) + pair(blue)
  }

  /// WCAG 2 relative luminance, 0 (black) … 1 (white).
  public var relativeLuminance: Double {
    func linear(_ v: UInt8) -> Double {
      let c = Double(v) / 255
      return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// This colour moved `fraction` (0…1) of the way towards `other`, channel by channel.
  public func mixed(with other: RGBColor, by fraction: Double) -> RGBColor {
    func channel(_ a: UInt8, _ b: UInt8) -> UInt32 {
      UInt32((Double(a) + (Double(b) - Double(a)) * fraction).rounded())
    }
    return RGBColor(hex: channel(red, other.red) << 16 | channel(green, other.green) << 8 | channel(blue, other.blue))
  }

  /// WCAG 2 contrast ratio between two colours, 1…21.
  public func contrastRatio(with other: RGBColor) -> Double {
    let (a, b) = (relativeLuminance, other.relativeLuminance)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}

/// The colour theme of a scrum; raw values are the names Apple's Scrumdinger stores.
public enum Theme: String, CaseIterable, Codable, Sendable, Identifiable {
  case bubblegum, buttercup, indigo, lavender, magenta, navy, orange, oxblood
  case periwinkle, poppy, purple, seafoam, sky, tan, teal, yellow

  public var id: String { rawValue }

  /// The name shown to people: "Bubblegum" (translated).
  public var name: String {
    switch self {
    case .bubblegum: tr("Bubblegum")
    case .buttercup: tr("Buttercup")
    case .indigo: tr("Indigo")
    case .lavender: tr("Lavender")
    case .magenta: tr("Magenta")
    case .navy: tr("Navy")
    case .orange: tr("Orange")
    case .oxblood: tr("Oxblood")
    case .periwinkle: tr("Periwinkle")
    case .poppy: tr("Poppy")
    case .purple: tr("Purple")
    case .seafoam: tr("Seafoam")
    case .sky: tr("Sky")
    case .tan: tr("Tan")
    case .teal: tr("Teal")
    case .yellow: tr("Yellow")
    }
  }

  /// What marks a turn at its last warning stage or over its time (the speaker's name, an
  /// arc outside the ring).
  public var warningColor: RGBColor { warningColor(.final) }

  /// What marks a turn at warning stage `level`: amber, then orange, then red, each as vivid
  /// as it can be while its text keeps 4.5:1 against `mainColor` (WCAG's level for text):
  /// darkened on light panels, lightened on dark ones (the side of `accentColor`).
  /// Looked up: the ring and the strip ask at each frame.
  public func warningColor(_ level: WarningLevel) -> RGBColor {
    Self.warningColors[self]![level.rawValue]
  }

  /// Each theme's warning colours, by level, worked out once.
  private static let warningColors = Dictionary(
    uniqueKeysWithValues: allCases.map { theme in
      (theme, WarningLevel.allCases.map(theme.computedWarningColor))
    })

  /// The hue of `level`, moved towards `accentColor` until it stands out enough.
  private func computedWarningColor(_ level: WarningLevel) -> RGBColor {
    let hue = [RGBColor(hex: 0xC98A00), RGBColor(hex: 0xE0560A), RGBColor(hex: 0xD00000)][level.rawValue]
    let toward = accentColor
    for step in 0...64 {
      let shade = hue.mixed(with: toward, by: Double(step) / 64)
      if shade.contrastRatio(with: mainColor) >= 4.6 { return shade }
    }
    return toward
  }

  /// The fill colour of cards, the meeting panel and the progress bar.
  public var mainColor: RGBColor {
    switch self {
    case .bubblegum: RGBColor(hex: 0xF5A3D1)
    case .buttercup: RGBColor(hex: 0xFFE68C)
    case .indigo: RGBColor(hex: 0x3F0E9E)
    case .lavender: RGBColor(hex: 0xCDB4F2)
    case .magenta: RGBColor(hex: 0xA5137A)
    case .navy: RGBColor(hex: 0x0F1F5C)
    case .orange: RGBColor(hex: 0xFF9F40)
    case .oxblood: RGBColor(hex: 0x4A0A0A)
    case .periwinkle: RGBColor(hex: 0x8C9CF2)
    case .poppy: RGBColor(hex: 0xFF5E5E)
    case .purple: RGBColor(hex: 0x8A30C9)
    case .seafoam: RGBColor(hex: 0xC7EDE0)
    case .sky: RGBColor(hex: 0x7AB8F5)
    case .tan: RGBColor(hex: 0xC9A77C)
    case .teal: RGBColor(hex: 0x2FA3A8)
    case .yellow: RGBColor(hex: 0xFFDB33)
    }
  }

  /// Text and icon colour on top of `mainColor`: white on the dark themes, black elsewhere.
  public var accentColor: RGBColor {
    switch self {
    case .indigo, .magenta, .navy, .oxblood, .purple: RGBColor(hex: 0xFFFFFF)
    default: RGBColor(hex: 0x000000)
    }
  }
}
