// What the controllers that speak over the window from outside its pages (saving, an
// interrupted meeting) ask of it: a toast, a question over it, closing it. They hold this
// rather than the whole window, so they reach nothing else of it.
import GtkShim

/// The window as the controllers outside its pages see it.
@MainActor protocol WindowSurface: AnyObject {
  /// Shows `text` over the window for `timeout` seconds (0: until dismissed), with a `button`
  /// running `action`; `onDismissed` runs when the toast goes.
  @discardableResult
  func toast(
    _ text: String, button: String?, timeout: Int, action: (@MainActor () -> Void)?,
    onDismissed: (@MainActor () -> Void)?
  ) -> Toast
  /// A question over the window, to be given its responses and presented.
  func question(_ heading: String, body: String) -> MessageDialog
  /// Closes the window, as its close button would.
  func close()
}

extension WindowSurface {
  /// Shows `text` over the window, with a `button` running `action`.
  @discardableResult
  func toast(_ text: String, button: String? = nil, action: (@MainActor () -> Void)? = nil) -> Toast {
    toast(text, button: button, timeout: 5, action: action, onDismissed: nil)
  }

  /// Shows `text` over the window for five seconds, with a `button` running `action`;
  /// `onDismissed` runs when the toast goes.
  @discardableResult
  func toast(
    _ text: String, button: String?, action: (@MainActor () -> Void)?, onDismissed: (@MainActor () -> Void)?
  ) -> Toast {
    toast(text, button: button, timeout: 5, action: action, onDismissed: onDismissed)
  }
}
