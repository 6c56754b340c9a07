import GtkShim
import ScrumdingerCore

/// "● Recording" or "● Captions": a red dot and the words on a light pill, on show the whole
/// time the microphone is on for the meeting (over the console's numbers, and in the room's
/// view). Screen readers read the words.
@MainActor final class RecordingIndicator {
  let root = Box(vertical: false, spacing: 6)
  /// The words (what screen readers read).
  let label = Label()
  private var observation: ObservationToken?

  /// An indicator of what `microphone` says the microphone is on for.
  init(_ microphone: ObservableValue<MicrophoneUse>) {
    let dot = Label("●")
    dot.addCSSClass("recording-dot")
    dot.hideFromAccessibility()
    root.append(dot)
    root.append(label)
    root.addCSSClass("recording-indicator")
    show(microphone.value)
    observation = microphone.observe { [weak self] use in self?.show(use) }
  }

  private func show(_ use: MicrophoneUse) {
    root.isVisible = use != .off
    label.text = use.label ?? ""
  }
}
