import CAdwaita
import Platform

/// GTK's busy indicator, spinning while shown.
@MainActor public final class Spinner: Widget {
  /// A spinning spinner named `accessibleName` for screen readers.
  public init(accessibleName: String) {
    super.init(gtk_spinner_new())
    gtk_spinner_start(cast(raw))
    setAccessibleLabel(accessibleName)
  }
}
