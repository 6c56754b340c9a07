// What start-up does for the recordings once the scrums are read: the folders that hold them
// (and the scrums, and the speech models) are the user's alone, samples a crash left are
// deleted, a computer upgrading to the per-computer recording switch keeps recording the
// scrums it recorded before, and, once the copies left while the app was closed are merged (a
// meeting may come back in one), audio that belongs to no meeting goes to the Trash.
import Platform
import ScrumdingerCore

extension MeetingRecorder {
  /// Makes `privateFolders` and the recordings folder the user's alone, deletes the samples a
  /// crash left, and carries the recording switch over (before any transcription starts).
  func settle(_ scrums: [DailyScrum], privateFolders: [String]) {
    for folder in privateFolders + [folder] { Files.makePrivate(folder: folder) }
    removeDecodedSamples()
    carryConsentOver(scrums)
  }

  /// Moves to the Trash the audio and transcript of every meeting that is in none of
  /// `scrums`' histories and not the `journal`'s (a deletion whose Undo was up when the app
  /// ended, a crash mid-way, a scrum a merge took away). With an unreadable journal its
  /// meeting cannot be told: the recordings wait for a start that can.
  func removeLeftovers(of scrums: [DailyScrum], journal: Result<MeetingJournal, UnreadableReason>?) {
    let kept = Set(scrums.flatMap { $0.history.map(\.id) })
    switch journal {
    case .success(let journal): removeLeftovers(keeping: kept.union([journal.meeting.id]))
    case nil: removeLeftovers(keeping: kept)
    case .failure: break
    }
  }

  /// The first start of a version that keeps the recording switch per computer: the scrums
  /// recorded here before keep recording here (see `RecordingConsent`).
  private func carryConsentOver(_ scrums: [DailyScrum]) {
    guard consent.isNew else { return }
    do throws(StoreError) {
      try consent.carryOver(from: scrums, recordedHere: recordedMeetings().recorded)
    } catch {
      warn(error.description)
    }
  }
}
