// GTK 4.8 has no way to have a screen reader say something (gtk_accessible_announce came in
// 4.14), and an alert that appears tells it nothing (GTK sends "showing" for windows only;
// Orca 43 speaks alerts on "showing"). What Orca 43 does read out by itself is a new
// description of the widget with the keyboard focus: so an announcement is put there, and the
// widget's own description comes back when the focus leaves it. A widget that has just taken
// the focus is read first, and the announcement follows a second and a half later: set at once, it
// would be read with the widget and then again as its new description (GTK sends a changed
// description a moment after it is set, so setting it before the focus moves does not help).
import CAdwaita
import Platform

/// Says sentences through the focused widget of one window (see the top of this file).
@MainActor public final class Announcer: SignalOwner {
  package let signals = SignalConnections()
  /// The window announced in (weak: the window may go while an announcement waits).
  private weak var window: ApplicationWindow?
  /// The widget holding the last announcement (a reference kept until it is given back).
  private var holder: UnsafeMutablePointer<GtkWidget>?
  private var pending: Timeout?
  /// The announcement waiting to be said.
  private var waiting: String?
  /// When the focus last moved (GLib's monotonic clock, µs).
  private var focusMovedAt: gint64 = 0
  /// How long a newly focused widget is left to be read before an announcement (Orca 43 took
  /// up to 1.1 s to read one here, just after a page changed).
  private static let settle: gint64 = 1_500_000

  /// Announces in `window`; gives a widget its own description back when the focus moves.
  public init(in window: ApplicationWindow) {
    self.window = window
    connect(
      window.raw, "notify::focus-widget", for: self,
      withArgument: { [weak self] _ in
        guard let self else { return }
        focusMovedAt = g_get_monotonic_time()
        if focus != holder { giveBack() }
      })
  }

  isolated deinit {
    giveBack()
  }

  /// Has a screen reader say `text` once the event being handled is over (so a focus that
  /// moves with it, such as a page opening, gets the words), and no sooner than `settle`
  /// after the focus last moved; nothing when no widget of the window has the focus.
  public func announce(_ text: String) {
    waiting = text
    sayWhenSettled()
  }

  private func sayWhenSettled() {
    pending?.cancel()
    let wait = max(0, focusMovedAt + Self.settle - g_get_monotonic_time())
    pending = Timeout(after: .microseconds(wait)) { [weak self] in
      guard let self, let text = waiting else { return }
      // The focus moved after the announcement was made (with it, as a page opened).
      guard g_get_monotonic_time() >= focusMovedAt + Self.settle else { return sayWhenSettled() }
      waiting = nil
      guard let focus else { return }
      put(text, on: focus)
    }
  }

  /// The window's focused widget, if any.
  private var focus: UnsafeMutablePointer<GtkWidget>? {
    window.flatMap { gtk_root_get_focus(cast($0.raw)) }
  }

  private func put(_ text: String, on focus: UnsafeMutablePointer<GtkWidget>) {
    if focus != holder {
      giveBack()
      g_object_ref(UnsafeMutableRawPointer(focus))
      holder = focus
    }
    shim_accessible_announce_on(focus, text)
  }

  private func giveBack() {
    guard let holder else { return }
    self.holder = nil
    shim_accessible_restore_description(holder)
    g_object_unref(UnsafeMutableRawPointer(holder))
  }
}
