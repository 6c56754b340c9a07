// "End meeting?" as the page shows it: the session's question (EndQuestion) rendered as a
// message dialog over the window, its answer handed back to the session, which decides what
// it does. A question the session withdraws (the meeting ended another way) closes the dialog.
import GtkShim
import ScrumdingerCore

/// The dialog of the meeting's open end question, while there is one.
@MainActor final class EndQuestionDialog {
  /// The dialog on show, while the session asks.
  private(set) var dialog: MessageDialog?
  private var observation: ObservationToken?

  /// Shows `session`'s question over `window` whenever it asks.
  init(session: MeetingSession, over window: Widget) {
    observation = session.question.observe { [weak self, weak session, weak window] question in
      guard let self, let session, let window else { return }
      self.show(question, of: session, over: window)
    }
  }

  private func show(_ question: EndQuestion?, of session: MeetingSession, over window: Widget) {
    guard let question else {
      dialog?.close()  // its response, the close response, then finds no question to answer
      dialog = nil
      return
    }
    let texts = Self.texts(question.occasion)
    let elapsed = Texts.duration(seconds: question.ranSeconds)
    let dialog = MessageDialog(parent: window, heading: texts.heading, body: tr("The meeting has run for %@.", elapsed))
    dialog.addResponse(texts.keepGoing.id, label: texts.keepGoing.label)
    dialog.addResponse("discard", label: texts.discard, appearance: .destructive)
    dialog.addResponse("save", label: texts.save, appearance: .suggested)
    dialog.setDefaults(enter: "save", escape: texts.keepGoing.id)
    self.dialog = dialog
    dialog.present { [weak self, weak session] response in
      self?.dialog = nil
      session?.answer(EndAnswer(rawValue: response) ?? .keepGoing)
    }
  }

  /// What is asked and each answer's words: "End meeting?" with Save and End, Discard and
  /// Resume; "Quit and end the meeting?" with Save and Quit, Discard and Quit and Cancel.
  private static func texts(_ occasion: EndQuestion.Occasion) -> (
    heading: String, keepGoing: (id: String, label: String), discard: String, save: String
  ) {
    switch occasion {
    case .end: (tr("End meeting?"), ("resume", tr("Resume")), tr("Discard"), tr("Save and End"))
    case .quit: (tr("Quit and end the meeting?"), ("cancel", tr("Cancel")), tr("Discard and Quit"), tr("Save and Quit"))
    }
  }
}
