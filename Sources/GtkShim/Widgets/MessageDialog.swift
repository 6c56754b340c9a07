import CAdwaita
import Platform

/// libadwaita's modal question with a heading, body text and response buttons.
@MainActor public final class MessageDialog: SignalOwner {
  package let signals = SignalConnections()
  /// How a response button looks.
  public enum Appearance {
    case normal, suggested, destructive
  }

  package let dialog: UnsafeMutablePointer<GtkWidget>
  private var onResponse: (@MainActor (String) -> Void)?

  /// A dialog over `parent` asking `heading`, explained by `body`.
  public init(parent: Widget, heading: String, body: String = "") {
    dialog = adw_message_dialog_new(cast(parent.raw), heading, body)
    g_object_ref_sink(dialog)
    gtk_window_set_modal(cast(UnsafeMutableRawPointer(dialog)), 1)
    connect(
      UnsafeMutableRawPointer(dialog), "response", for: self,
      withArgument: { [weak self] response in
        let id = string(response?.assumingMemoryBound(to: CChar.self))
        self?.onResponse?(id)
      })
  }

  isolated deinit { g_object_unref(dialog) }

  package var message: UnsafeMutablePointer<AdwMessageDialog> { cast(UnsafeMutableRawPointer(dialog)) }

  /// Adds a button that answers `id`; its text is `label`.
  public func addResponse(_ id: String, label: String, appearance: Appearance = .normal) {
    adw_message_dialog_add_response(message, id, label)
    switch appearance {
    case .normal: break
    case .suggested: adw_message_dialog_set_response_appearance(message, id, ADW_RESPONSE_SUGGESTED)
    case .destructive: adw_message_dialog_set_response_appearance(message, id, ADW_RESPONSE_DESTRUCTIVE)
    }
  }

  /// The response Enter chooses, and the one Escape or closing the dialog chooses.
  public func setDefaults(enter: String?, escape: String) {
    adw_message_dialog_set_default_response(message, enter)
    adw_message_dialog_set_close_response(message, escape)
  }

  /// Shows the dialog; `handler` gets the chosen response id once, and the dialog closes.
  /// The dialog keeps itself alive until then.
  public func present(_ handler: @escaping @MainActor (String) -> Void) {
    var keepAlive: MessageDialog? = self
    onResponse = { response in
      handler(response)
      keepAlive = nil
    }
    _ = keepAlive
    nameStockControls(under: dialog)
    gtk_window_present(cast(UnsafeMutableRawPointer(dialog)))
  }

  /// Closes the dialog as its window's close button would: the handler gets the response
  /// Escape chooses.
  public func close() {
    gtk_window_close(cast(UnsafeMutableRawPointer(dialog)))
  }

}
