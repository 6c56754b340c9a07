import Testing

@testable import ScrumdingerCore

@Suite struct ThemeTests {
  @Test func sixteenThemesWithScrumdingersNames() {
    #expect(
      Theme.allCases.map(\.rawValue) == [
        "bubblegum", "buttercup", "indigo", "lavender", "magenta", "navy", "orange", "oxblood",
        "periwinkle", "poppy", "purple", "seafoam", "sky", "tan", "teal", "yellow",
      ])
    #expect(Theme.oxblood.name == "Oxblood")
  }

  @Test(arguments: Theme.allCases)
  func textOnEveryThemeMeetsWCAGAAContrast(theme: Theme) {
    #expect(theme.mainColor.contrastRatio(with: theme.accentColor) >= 4.5)
  }

  @Test func darkThemesUseWhiteTextTheOthersBlack() {
    let white = Set(Theme.allCases.filter { $0.accentColor.cssHex == "#ffffff" })
    #expect(white == [.indigo, .magenta, .navy, .oxblood, .purple])
    #expect(Theme.allCases.filter { !white.contains($0) }.allSatisfy { $0.accentColor.cssHex == "#000000" })
  }

  @Test func scrumLengthStaysWithinOneToSixtyMinutes() {
    var scrum = DailyScrum(title: "x", lengthInMinutes: 90)
    #expect(scrum.lengthInMinutes == 60)
    scrum.lengthInMinutes = 0
    #expect(scrum.lengthInMinutes == 1)
  }
}
