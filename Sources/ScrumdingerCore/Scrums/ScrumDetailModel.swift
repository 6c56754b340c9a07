// A scrum's page's rules: today's lineup (who is here, in which order; kept so the page and
// the meeting agree, and made again after each meeting), the draft the editor opens on, and a
// past meeting's notes edited from its page.
import FoundationEssentials

/// The rules of a scrum's page.
@MainActor public final class ScrumDetailModel {
  private let state: AppState
  private let dependencies: Dependencies
  /// Today's speaking order and who is absent, per scrum (made when first asked for).
  public let lineups = ObservableValue<[UUID: Lineup]>([:])

  /// The pages of the scrums in `state`, with `dependencies` (randomness, the recording consent).
  public init(state: AppState, dependencies: Dependencies) {
    self.state = state
    self.dependencies = dependencies
  }

  /// Today's lineup for `scrum`: the one set up already (following any edit of the team),
  /// or a new one (shuffled if the scrum says so), kept so the page and the meeting agree.
  public func lineup(for scrum: DailyScrum) -> Lineup {
    if var lineup = lineups.value[scrum.id] {
      lineup.follow(scrum)
      return lineup
    }
    let lineup = Lineup(for: scrum, random: dependencies.random)
    lineups.value[scrum.id] = lineup
    return lineup
  }

  /// Marks attendee `attendeeID` of scrum `scrumID` here or not, for the next meeting only.
  public func setPresent(_ present: Bool, attendee attendeeID: UUID, in scrumID: UUID) {
    changeLineup(of: scrumID) { $0.setPresent(attendeeID, present) }
  }

  /// A new random speaking order for the next meeting of scrum `scrumID`.
  public func shuffleLineup(of scrumID: UUID) {
    changeLineup(of: scrumID) { $0.shuffle(using: dependencies.random) }
  }

  /// After a meeting, everyone is here again (and a shuffling scrum gets a new order).
  public func resetLineup(of scrumID: UUID) {
    lineups.value[scrumID] = nil
  }

  private func changeLineup(of scrumID: UUID, _ change: (inout Lineup) -> Void) {
    guard let scrum = state.scrum(scrumID) else { return }
    var lineup = lineup(for: scrum)
    change(&lineup)
    lineups.value[scrumID] = lineup
  }

  /// A draft of the scrum shown on its page, if any.
  public func draftOfShownScrum() -> ScrumDraft? {
    guard case .detail(let id) = state.navigation.value, let scrum = state.scrum(id) else { return nil }
    let consent = dependencies.recorder.consent
    return ScrumDraft(editing: scrum, recordsMeetings: consent.records(id), showsCaptions: consent.captions(id))
  }

  /// Gives note `noteID` of a past meeting a new text; a blank one removes it.
  public func editNote(_ noteID: UUID, text: String, scrumID: UUID, historyID: UUID) {
    state.updateHistory(historyID, of: scrumID) { $0.notes.edit(noteID, text: text) }
  }
}
