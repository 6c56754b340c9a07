import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

@MainActor @Suite struct LineupTests {
  let team: [Attendee]
  let scrum: DailyScrum

  init() {
    team = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay"].map { Attendee(name: $0) }
    scrum = DailyScrum(title: "Standup", attendees: team, lengthInMinutes: 1)
  }

  @Test func timeIsSplitAmongThoseHereWithLeftoverSecondsToTheFirst() {
    var lineup = Lineup(for: scrum, random: RandomSource(SeededGenerator(seed: 1)))
    lineup.setPresent(team[1].id, false)
    lineup.setPresent(team[4].id, false)
    let speakers = lineup.speakers(of: scrum)
    #expect(speakers == ["Ana", "Cy", "Dee", "Fay"])
    let shares = SpeakerSchedule(names: speakers, lengthSeconds: 60).turns.map(\.seconds)
    #expect(shares == [15, 15, 15, 15])
    lineup.setPresent(team[1].id, true)
    #expect(
      SpeakerSchedule(names: lineup.speakers(of: scrum), lengthSeconds: 60).turns.map(\.seconds) == [
        12, 12, 12, 12, 12,
      ])
    var seven = DailyScrum(title: "x", attendees: (1...7).map { Attendee(name: "P\($0)") }, lengthInMinutes: 5)
    seven.shuffleSpeakingOrder = false
    #expect(
      SpeakerSchedule(names: Lineup(for: seven, random: RandomSource()).speakers(of: seven), lengthSeconds: 300)
        .turns.map(\.seconds) == [43, 43, 43, 43, 43, 43, 42])
  }

  @Test func shufflingIsAPermutationNewEachTimeAndReproducibleWithASeed() {
    var shuffling = scrum
    shuffling.shuffleSpeakingOrder = true
    let random = RandomSource(SeededGenerator(seed: 42))
    let orders = (0..<5).map { _ in Lineup(for: shuffling, random: random).order }
    for order in orders {
      #expect(order.sorted { $0.uuidString < $1.uuidString } == team.map(\.id).sorted { $0.uuidString < $1.uuidString })
    }
    #expect(Set(orders).count > 1, "every meeting got the same order")
    let again = RandomSource(SeededGenerator(seed: 42))
    #expect(
      (0..<5).map { _ in Lineup(for: shuffling, random: again).order } == orders, "not reproducible with the seed")
    #expect(Lineup(for: scrum, random: random).order == team.map(\.id), "a scrum that does not shuffle keeps its order")
  }

  @Test func nobodyHereStopsTheMeetingFromStarting() {
    let model = AppModel(state: AppState(scrums: [scrum]), dependencies: testDependencies())
    model.state.navigation.value = .detail(scrumID: scrum.id)
    #expect(WindowCommand.startMeeting.isEnabled(in: model.commands.value.window))
    for person in team { model.detail.setPresent(false, attendee: person.id, in: scrum.id) }
    #expect(model.detail.lineup(for: scrum).nobodyIsHere(in: scrum))
    #expect(!WindowCommand.startMeeting.isEnabled(in: model.commands.value.window))
    model.detail.setPresent(true, attendee: team[2].id, in: scrum.id)
    #expect(WindowCommand.startMeeting.isEnabled(in: model.commands.value.window))
    #expect(model.detail.lineup(for: scrum).speakers(of: scrum) == ["Cy"])
    let nobody = DailyScrum(title: "Solo")
    #expect(
      !Lineup(for: nobody, random: RandomSource()).nobodyIsHere(in: nobody), "a scrum without attendees still meets")
  }

  @Test func theLineupIsKeptUntilTheMeetingAndThenEveryoneIsBack() {
    var shuffling = scrum
    shuffling.shuffleSpeakingOrder = true
    let model = AppModel(state: AppState(scrums: [shuffling]), dependencies: testDependencies())
    let first = model.detail.lineup(for: shuffling)
    #expect(model.detail.lineup(for: shuffling) == first, "the page and the meeting must see one order")
    model.detail.setPresent(false, attendee: team[0].id, in: shuffling.id)
    model.detail.shuffleLineup(of: shuffling.id)
    let today = model.detail.lineup(for: shuffling)
    #expect(!today.isPresent(team[0].id))
    #expect(Set(today.order) == Set(first.order))
    model.detail.resetLineup(of: shuffling.id)
    let next = model.detail.lineup(for: shuffling)
    #expect(next.isPresent(team[0].id), "after a meeting everyone is here again")
  }

  @Test func aLineupFollowsAnEditOfTheTeam() {
    var lineup = Lineup(for: scrum, random: RandomSource(SeededGenerator(seed: 3)))
    lineup.setPresent(team[2].id, false)
    var edited = scrum
    edited.attendees.remove(at: 0)
    edited.attendees.append(Attendee(name: "Gus"))
    edited.attendees.swapAt(0, 1)
    lineup.follow(edited)
    #expect(
      lineup.attendees(of: edited).map(\.name) == ["Cy", "Ben", "Dee", "Eli", "Fay", "Gus"], "the team's new order")
    #expect(!lineup.isPresent(team[2].id))
    // Shuffled today: who stays keeps today's place, newcomers join at the end.
    lineup.shuffle(using: RandomSource(SeededGenerator(seed: 4)))
    let today = lineup.order
    var again = edited
    again.attendees.append(Attendee(name: "Hal"))
    lineup.follow(again)
    #expect(Array(lineup.order.prefix(today.count)) == today)
    #expect(lineup.attendees(of: again).last?.name == "Hal")
  }

  @Test func theMeetingRunsTheLineupAndHistoryRecordsWhoSpoke() {
    let state = AppState(scrums: [scrum])
    let session = MeetingSession(
      scrum: scrum, speakers: ["Fay", "Ana"], state: state, dependencies: testDependencies())
    #expect(session.timer.schedule.turns.map(\.name) == ["Fay", "Ana"])
    session.end(save: true)
    #expect(state.scrums.value[0].history.first?.attendees == ["Fay", "Ana"])
  }

  @Test func theShuffleSettingIsSavedAndOldFilesReadAsOff() throws {
    var shuffling = scrum
    shuffling.shuffleSpeakingOrder = true
    #expect(try ScrumFile.decode(ScrumFile.encode([shuffling])) == [shuffling])
    let old =
      #"{"version": 1, "scrums": [{"id": "6F1A3C0E-1111-4B7C-9B51-0E7B7C6B2E01", "title": "x", "attendees": [], "lengthInMinutes": 5, "theme": "sky", "history": []}]}"#
    #expect(try ScrumFile.decode(Data(old.utf8)).first?.shuffleSpeakingOrder == false)
    // The same through Foundation's path (a key order or spacing the fast reader leaves to it).
    let unusual = old.replacingOccurrences(of: "\"lengthInMinutes\": 5", with: "\"lengthInMinutes\": 5.0")
    #expect(try ScrumFile.decode(Data(unusual.utf8)).first?.shuffleSpeakingOrder == false)
  }
}
