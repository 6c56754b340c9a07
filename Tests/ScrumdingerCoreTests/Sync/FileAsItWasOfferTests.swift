import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

/// After a merge at start, the main menu's "Use the File as It Is" is enabled until the
/// scrums next change (and are saved), and taking the file keeps what was edited since.
@MainActor @Suite struct FileAsItWasOfferTests {
  let v = StandupVersions()

  /// The file held Standup (m1); this computer had added m2 and Retro: the merge shows both.
  func mergedAtStart() -> (state: AppState, model: AppModel, merge: StartMerge) {
    let file = [v.standup([v.m1])]
    let merged = [v.standup([v.m1, v.m2]), DailyScrum(title: "Retro")]
    let state = AppState(scrums: merged)
    return (state, AppModel(state: state, dependencies: testDependencies()), StartMerge(fileAsIs: file, merged: merged))
  }

  @Test func theMenuOffersTheFileUntilTheScrumsNextChange() {
    let (state, model, merge) = mergedAtStart()
    #expect(!WindowCommand.useFileAsItIs.isEnabled(in: model.commands.value.window), "nothing merged, nothing offered")
    state.fileAsItWas.offer(merge)
    #expect(WindowCommand.useFileAsItIs.isEnabled(in: model.commands.value.window))
    state.scrums.update { $0[1].title = "Retrospective" }
    #expect(state.fileAsItWas.status.value == FileAsItWasOffer.Status.none)
    #expect(!WindowCommand.useFileAsItIs.isEnabled(in: model.commands.value.window), "saved since: withdrawn")
    model.useFileAsItWas()
    #expect(state.scrums.value.map(\.title) == ["Standup", "Retrospective"], "the menu's command no longer runs")
  }

  @Test func takenFromTheMenuTheFileIsAsItWas() {
    let (state, model, merge) = mergedAtStart()
    state.fileAsItWas.offer(merge)
    model.useFileAsItWas()
    #expect(state.scrums.value == merge.fileAsIs)
    #expect(state.fileAsItWas.status.value == .taken)
    #expect(!WindowCommand.useFileAsItIs.isEnabled(in: model.commands.value.window))
  }

  @Test func takenLaterTheFileKeepsWhatWasEditedSince() {
    let (state, _, merge) = mergedAtStart()
    state.fileAsItWas.offer(merge)
    state.scrums.update { $0[0].history.append(v.m3) }
    state.fileAsItWas.use(merge) { $0 }
    #expect(state.scrums.value == [v.standup([v.m1, v.m3])])
  }

  @Test func aReadOnlyWindowCannotTakeIt() {
    let (state, model, merge) = mergedAtStart()
    state.fileAsItWas.offer(merge)
    var context = model.commands.value.window
    context.readOnly = true
    #expect(!WindowCommand.useFileAsItIs.isEnabled(in: context))
  }
}
