import Foundation
import ScrumdingerCore

/// Ids 00000000-…-000000000001, …-0002, … in order.
@MainActor public final class SequentialIDs {
  private var next = 1
  public init() {}
  /// The next id.
  public func make() -> UUID {
    defer { next += 1 }
    return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", next))!
  }
}

/// Dependencies for tests: a manual clock and scheduler, a fixed date, sequential ids, a
/// seeded generator and recording effects; the meetings of the scrums `recording` are
/// recorded, to `recordings` (by default a new folder on the Trash's file system, `trashableFolder`) through `capture`;
/// those of the scrums `captioning` are captioned.
@MainActor public func testDependencies(
  clock: ManualClock = ManualClock(), scheduler: ManualScheduler = ManualScheduler(),
  sound: RecordingEffect = RecordingEffect(), notifier: RecordingEffect = RecordingEffect(),
  keepAwake: RecordingEffect = RecordingEffect(), capture: FakeCapture = FakeCapture(),
  speech: FakeSpeech = FakeSpeech(),
  recording: [UUID] = [], captioning: [UUID] = [], recordings: String = trashableFolder() + "/recordings"
) -> Dependencies {
  let ids = SequentialIDs()
  let consent = RecordingConsent(path: NSTemporaryDirectory() + "consent-\(UUID()).json")
  for id in recording { try? consent.set(id, records: true) }
  for id in captioning { try? consent.set(id, captions: true) }
  return Dependencies(
    clock: clock, scheduler: scheduler, now: { Date(timeIntervalSince1970: 1_795_000_000) },
    uuid: { MainActor.assumeIsolated { ids.make() } }, random: RandomSource(SeededGenerator(seed: 1)),
    sound: sound, notifier: notifier, keepAwake: keepAwake,
    recorder: MeetingRecorder(folder: recordings, consent: consent, clock: clock) { capture },
    speech: speech)
}
