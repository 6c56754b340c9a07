// A figure of the meeting page that changes every second (Elapsed, Remaining, the compact
// view's turn time, an overrun). A GtkLabel tells assistive technologies its new name each
// time its text changes: a D-Bus signal a second per figure, handed to GDBus's thread, that
// no one listens to live. So what screen readers see is a box standing for the figure: named
// after a label never shown that holds the figure in words (read anew whenever a reader asks,
// silently kept up to date), and said to have changed only when a summary of it does (a
// clock's whole minutes): a reader that caches names is told once a minute. The text on
// screen is hidden from them: a Label, or for a clock a FigureLabel (drawn from kept digits).
import GtkShim
import ScrumdingerCore

/// What shows a figure's text on screen.
@MainActor protocol FigureFace: Widget {
  var text: String { get set }
}

extension Label: FigureFace {}
extension FigureLabel: FigureFace {}

/// A per-second figure with a name screen readers are told of once a minute.
@MainActor final class SpokenFigure<Face: FigureFace> {
  /// What is laid out, and what screen readers see (a label, or an alert).
  let root: Box
  /// The figure on screen.
  let label: Face
  /// The figure in words: the name read on demand.
  private let words = Label()
  /// What `show` was given last.
  private var shown = (text: "", spoken: "", summary: "")

  /// A figure shown by `face`, under `caption` (if any, seen but not read: the words include
  /// it); an `alert` has that role for screen readers that look (it is not spoken as it appears:
  /// see Announcer).
  init(_ face: Face, caption: Label? = nil, alert: Bool = false) {
    label = face
    root = Box(vertical: true, alert: alert)
    if let caption {
      caption.hideFromAccessibility()
      root.append(caption)
    }
    label.hideFromAccessibility()
    root.append(label)
    words.isVisible = false
    words.hideFromAccessibility()
    root.append(words)
    root.setAccessibleLabelledBy(words)
  }

  /// Shows `text`; screen readers read `spoken` when they ask, and are told of a change when
  /// `summary` (what is worth telling, such as the whole minutes) changes.
  func show(_ text: String, spoken: String, summary: String) {
    guard (text, spoken, summary) != shown else { return }
    shown = (text, spoken, summary)
    label.text = text
    words.text = spoken
    root.touchAccessibleName(spoken, summary: summary)
  }

  /// Shows how far past its end a clock runs: "0:12 over", read "12 seconds over".
  func showOver(seconds: Int) {
    show(
      tr("%@ over", Texts.minutesAndSeconds(seconds)), spoken: tr("%@ over", Texts.duration(seconds: seconds)),
      summary: "over \(seconds / 60)")
  }

  /// What a screen reader reads now.
  var spokenName: String { words.text }
}
