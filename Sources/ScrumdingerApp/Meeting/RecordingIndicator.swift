import GtkShim
import ScrumdingerCore

/// "● Recording": a red dot and the word on a light pill, on show the whole time the meeting is
/// recorded (over the console's numbers, and in the room's view). Screen readers read the word.
@MainActor final class RecordingIndicator {
  let root = Box(vertical: false, spacing: 6)
  /// The word (what screen readers read).
  let label = Label(tr("Recording"))
  private var observation: ObservationToken?

  /// An indicator shown while `recording` says so.
  init(_ recording: ObservableValue<Bool>) {
    let dot = Label("●")
    dot.addCSSClass("recording-dot")
    dot.hideFromAccessibility()
    root.append(dot)
    root.append(label)
    root.addCSSClass("recording-indicator")
    root.isVisible = recording.value
    observation = recording.observe { [weak self] on in self?.root.isVisible = on }
  }
}
