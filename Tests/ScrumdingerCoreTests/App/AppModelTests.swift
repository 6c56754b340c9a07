import Foundation
import Testing
@testable import ScrumdingerCore
import ScrumdingerTestSupport

@MainActor @Suite struct AppModelTests {
  let retro = DailyScrum(title: "Retro", attendees: [Attendee(name: "Ana")])
  let design = DailyScrum(
    title: "Design", history: [
      History(date: Date(timeIntervalSince1970: 1_700_000_000), attendees: ["Ana"], durationSeconds: 60),
      History(date: Date(timeIntervalSince1970: 1_700_086_400), attendees: ["Ben"], durationSeconds: 90),
    ])
  let standup = DailyScrum(title: "Standup")

  func model(_ scrums: [DailyScrum]? = nil) -> AppModel {
    AppModel(state: AppState(scrums: scrums ?? [retro, design, standup]), dependencies: testDependencies())
  }

  @Test func upsertReplacesInPlaceOrAppends() {
    let model = model()
    var renamed = design
    renamed.title = "Design 2"
    model.upsert(renamed)
    #expect(model.state.scrums.value.map(\.title) == ["Retro", "Design 2", "Standup"])
    model.upsert(DailyScrum(title: "New"))
    #expect(model.state.scrums.value.map(\.title) == ["Retro", "Design 2", "Standup", "New"])
  }

  @Test func anEditKeepsTheMeetingsSavedWhileTheEditorWasOpen() {
    let model = model()
    let draft = ScrumDraft(editing: design)
    // A meeting arrives meanwhile (synced in from the file, or saved).
    let meeting = History(attendees: ["Ana"], durationSeconds: 42)
    model.state.scrums.update { $0[1].history.append(meeting) }
    var edited = draft
    edited.title = "Design 2"
    model.upsert(edited.scrum)
    #expect(model.state.scrums.value[1].title == "Design 2")
    #expect(model.state.scrums.value[1].history.last == meeting)
  }

  @Test func deletingAScrumShowsTheListAndUndoPutsItBackInItsPlace() {
    let model = model()
    model.state.navigation.value = .detail(scrumID: design.id)
    let deletion = model.deleteScrum(design.id)
    #expect(model.state.scrums.value.map(\.title) == ["Retro", "Standup"])
    #expect(model.state.navigation.value == .list)
    #expect(model.focusTarget(from: .detail(scrumID: design.id), to: .list) == .scrumCard(standup.id),
            "focus goes to the card that took the deleted one's place")
    #expect(deletion.map(AppModel.message(for:)) == "“Design” deleted")
    model.undo(deletion!)
    #expect(model.state.scrums.value.map(\.title) == ["Retro", "Design", "Standup"])
    model.undo(deletion!)
    #expect(model.state.scrums.value.count == 3, "a second undo does not duplicate it")
  }

  @Test func deletingTheLastScrumFocusesNewScrum() {
    let model = model([retro])
    _ = model.deleteScrum(retro.id)
    #expect(model.focusTarget(from: .detail(scrumID: retro.id), to: .list) == .newScrumButton)
  }

  @Test func deletingAPastMeetingLeavesItsPageAndUndoRestoresIt() {
    let model = model()
    let entry = design.history[0]
    model.state.navigation.value = .history(scrumID: design.id, historyID: entry.id)
    let deletion = model.deleteHistory(scrumID: design.id, historyID: entry.id)
    #expect(model.state.scrum(design.id)?.history.map(\.id) == [design.history[1].id])
    #expect(model.state.navigation.value == .detail(scrumID: design.id))
    #expect(deletion.map(AppModel.message(for:)) == "Meeting deleted")
    model.undo(deletion!)
    #expect(model.state.scrum(design.id)?.history == design.history)
  }

  @Test func routesFallBackWhenWhatTheyShowIsGone() {
    let model = model()
    let gone = UUID()
    #expect(model.resolved(.detail(scrumID: gone)) == .list)
    #expect(model.resolved(.history(scrumID: design.id, historyID: gone)) == .detail(scrumID: design.id))
    #expect(model.resolved(.history(scrumID: gone, historyID: gone)) == .list)
    #expect(model.resolved(.meeting(scrumID: design.id)) == .detail(scrumID: design.id), "no meeting runs")
    model.state.navigation.value = .detail(scrumID: retro.id)
    model.state.scrums.update { $0.removeFirst() }  // deleted elsewhere (an undo, another edit)
    model.revalidateRoute()
    #expect(model.state.navigation.value == .list)
  }

  @Test func commandsAreEnabledOnlyWhereTheyMakeSense() {
    let model = model()
    func enabled() -> Set<Command> { Set(Command.allCases.filter { $0.isEnabled(in: model.commandContext()) && $0.scope != .editor }) }
    let everywhere: Set<Command> = [.newScrum, .showShortcuts, .about, .quit, .showMenu, .preferences, .startScheduled]
    #expect(enabled() == everywhere.union([.openScrum, .search]))
    model.state.navigation.value = .detail(scrumID: design.id)
    #expect(enabled() == everywhere.union([.edit, .startMeeting, .deleteScrum, .openHistory, .shuffleLineup, .deleteMeeting, .back, .exportHistory]))
    model.state.navigation.value = .history(scrumID: design.id, historyID: design.history[0].id)
    #expect(enabled() == everywhere.union([.back, .deleteMeeting, .copySummary, .copySummaryWithTranscript]))
    let session = MeetingSession(scrum: design, state: model.state, dependencies: model.dependencies)
    model.state.navigation.value = .meeting(scrumID: design.id)
    #expect(enabled() == everywhere.union([
      .back, .pause, .nextSpeaker, .addMinute, .compactView, .endMeeting, .mute, .fullscreen, .takeNote,
    ]), "nobody to go back to on the first turn")
    #expect(Command.previousSpeaker.isEnabled(in: Command.Context(route: .meeting(scrumID: design.id), meetingRunning: true, canGoBack: true)))
    session.end(save: false)
  }

  @Test func theEditorConfirmsOnlyASaveableDraft() {
    let context = Command.Context(route: .list, meetingRunning: false, draftCanSave: false)
    #expect(!Command.confirmEditor.isEnabled(in: context))
    #expect(Command.cancelEditor.isEnabled(in: context))
    #expect(Command.confirmEditor.isEnabled(in: Command.Context(route: .list, meetingRunning: false, draftCanSave: true)))
  }

  @Test func newScrumOpensAnEditorFromAnyPageButNotDuringAMeeting() {
    let model = model()
    model.state.navigation.value = .detail(scrumID: design.id)
    guard case .openEditor(let draft) = model.requestNewScrum(editorOpen: false) else {
      Issue.record("no editor from the detail page")
      return
    }
    #expect(draft.isNew)
    #expect(draft.id == UUID(uuidString: "00000000-0000-0000-0000-000000000001"), "the injected id factory")
    #expect(model.requestNewScrum(editorOpen: true) == .presentOpenEditor)
    let session = MeetingSession(scrum: design, state: model.state, dependencies: model.dependencies)
    #expect(model.requestNewScrum(editorOpen: false) == .refused("End the meeting before adding a scrum"))
    session.end(save: false)
  }

  @Test func focusReturnsToTheRowTheUserLeft() {
    let model = model()
    let entry = design.history[1]
    #expect(model.focusTarget(from: .detail(scrumID: design.id), to: .list) == .scrumCard(design.id))
    #expect(model.focusTarget(from: .history(scrumID: design.id, historyID: entry.id), to: .detail(scrumID: design.id))
            == .historyRow(entry.id))
    #expect(model.focusTarget(from: .list, to: .detail(scrumID: design.id)) == .startButton)
    #expect(model.focusTarget(from: .detail(scrumID: design.id), to: .meeting(scrumID: design.id)) == .nextSpeakerButton)
    #expect(model.focusTarget(from: .detail(scrumID: design.id), to: .history(scrumID: design.id, historyID: entry.id))
            == .backButton)
  }

  @Test func theTableGivesEveryKeyedCommandAHelpEntryAndNoKeyTwiceInOneScope() {
    for command in Command.allCases where !command.accelerators.isEmpty {
      #expect(command.help != nil, "\(command) has keys but no place in the shortcuts window")
    }
    // Within one window, a key belongs to one command (the editor is a window of its own).
    let mainWindowKeys = Command.allCases.filter { $0.scope != .editor }.flatMap(\.accelerators)
    #expect(Set(mainWindowKeys).count == mainWindowKeys.count)
  }
}

@MainActor @Suite struct MeetingEffectTests {
  @Test func effectsHearEveryMomentInRegistrationOrder() {
    let scrum = DailyScrum(title: "x", attendees: [Attendee(name: "A"), Attendee(name: "B")], lengthInMinutes: 1)
    let journal = RecordingEffect.Journal()
    let sound = RecordingEffect(journal: journal, name: "sound")
    let notifier = RecordingEffect(journal: journal, name: "notifier")
    let clock = ManualClock()
    let state = AppState(scrums: [scrum])
    let session = MeetingSession(
      scrum: scrum, state: state, dependencies: testDependencies(clock: clock, sound: sound, notifier: notifier))
    session.pause()
    session.pause()  // already paused: nothing new to tell
    session.resume()
    clock.advance(by: .seconds(3))
    _ = session.nextSpeaker()
    session.end(save: false)
    #expect(sound.events == [
      .started, .paused, .resumed, .speakerChanged(to: 1, dueAt: .seconds(3)), .ended(saved: false),
    ])
    #expect(notifier.events == sound.events)
    #expect(journal.entries.count == 10)  // the third effect has no journal here
    for pair in stride(from: 0, to: journal.entries.count, by: 2) {
      #expect(journal.entries[pair].hasPrefix("sound "), "the first registered effect hears first")
      #expect(journal.entries[pair + 1].hasPrefix("notifier "))
    }
  }

  @Test func observersAreNotifiedInTheOrderTheyRegistered() {
    let cell = ObservableValue(0)
    var order: [Int] = []
    let tokens = (0..<20).map { index in cell.observe { _ in order.append(index) } }
    cell.value = 1
    #expect(order == Array(0..<20))
    tokens[3].cancel()
    order = []
    cell.value = 2
    #expect(order == Array(0..<20).filter { $0 != 3 })
    withExtendedLifetime(tokens) {}
  }
}

@MainActor @Suite struct UndoTests {
  @Test func theLastDeleteCanBeUndoneUntilItsToastGoes() {
    let first = History(attendees: ["Ana"], durationSeconds: 60)
    let second = History(attendees: ["Ben"], durationSeconds: 70)
    let scrum = DailyScrum(title: "Design", history: [first, second])
    let model = AppModel(state: AppState(scrums: [scrum]), dependencies: testDependencies())
    model.state.navigation.value = .history(scrumID: scrum.id, historyID: first.id)
    #expect(!Command.undo.isEnabled(in: model.commandContext()))
    let deletion = model.deleteHistory(scrumID: scrum.id, historyID: first.id)!
    #expect(Command.undo.isEnabled(in: model.commandContext()), "Ctrl+Z while the toast is up")
    model.undoLast()
    #expect(model.state.scrum(scrum.id)?.history == [first, second])
    #expect(!Command.undo.isEnabled(in: model.commandContext()), "one undo per delete")
    _ = model.deleteHistory(scrumID: scrum.id, historyID: second.id)
    model.forgetUndo(deletion)  // the older toast going does not forget the newer delete
    #expect(model.undoable != nil)
    model.forgetUndo(model.undoable!)
    model.undoLast()
    #expect(model.state.scrum(scrum.id)?.history == [first], "its toast is gone: nothing to undo")
  }
}
